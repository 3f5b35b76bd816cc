import type { StaffOrder } from '@sufra/shared/schemas/order';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { formatBranchTime } from '../board-format';

/** Tone of each POS state on the card: trouble in the danger colour, waiting muted, done plain. */
const TONE = {
  sending: 'muted',
  retrying: 'warning',
  dead: 'danger',
  handled: 'muted',
  sent: 'muted',
  accepted: 'ok',
  declined: 'danger',
} as const;

/**
 * An integrated branch's order at Foodics (issue 28 item 6): sending, retrying (the reason and the next try's time),
 * dead (the reason and, for managers and owners, the console's Foodics page, where it is sent again or settled),
 * at Foodics, accepted or declined there. Nothing for an order that never went to a POS.
 */
export function OrderPosState({
  pos,
  timeZone,
  consoleLink,
}: {
  pos: NonNullable<StaffOrder['pos']>;
  timeZone: string;
  consoleLink: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const time = pos.nextTryAt ? formatBranchTime(pos.nextTryAt, timeZone, language) : '';
  return (
    <div className={`order-card__pos order-card__pos--${TONE[pos.state]}`} data-testid="order-pos" data-pos={pos.state}>
      <p className="order-card__pos-state">
        <span className="order-card__pos-label">{t('staff.board.pos.title')}</span>{' '}
        {t(`staff.board.pos.states.${pos.state}`, { time })}
      </p>
      {pos.reason && (pos.state === 'retrying' || pos.state === 'dead') && (
        <p className="order-card__pos-reason" data-testid="order-pos-reason">
          {t('staff.board.pos.reasonLabel')}{' '}
          {/* Foodics' own words (an HTTP status, an English message): read left to right in Arabic too. */}
          <bdi dir="ltr">{pos.reason}</bdi>
        </p>
      )}
      {pos.state === 'dead' && consoleLink && (
        <a className="btn btn-secondary btn-small order-card__pos-link" href={paths.staffManage.build('/foodics')}>
          {t('staff.board.pos.openConsole')}
        </a>
      )}
    </div>
  );
}

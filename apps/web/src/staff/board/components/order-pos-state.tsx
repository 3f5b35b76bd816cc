import { POS_DECLINED_REASON, POS_VOIDED_REASON, posFailureKind } from '@sufra/shared/pos-reason';
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
 * at Foodics, accepted or declined there. Nothing for an order that never went to a POS. A failure's reason is said
 * in the staff's language by its kind (refused, server error, rate limited, unreachable …), Foodics' own words beside
 * it, smaller and left to right; a declined or voided order shows the cashier's reason from Foodics the same way.
 */
export function OrderPosState({
  pos,
  timeZone,
  consoleLink,
  cancelReason = null,
}: {
  pos: NonNullable<StaffOrder['pos']>;
  timeZone: string;
  consoleLink: boolean;
  /** The order's cancel reason: Foodics' reason for a decline or a void, or our bilingual default. */
  cancelReason?: string | null;
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
        <PosReason label={t(`staff.board.pos.kinds.${posFailureKind(pos.reason)}`)} technical={pos.reason} />
      )}
      {pos.state === 'declined' && cancelReason && cancelReason !== POS_DECLINED_REASON && (
        <PosReason
          label={t(
            cancelReason === POS_VOIDED_REASON ? 'staff.board.pos.kinds.voided' : 'staff.board.pos.kinds.declined',
          )}
          technical={cancelReason === POS_VOIDED_REASON ? null : cancelReason}
        />
      )}
      {pos.state === 'dead' && consoleLink && (
        <a className="btn btn-secondary btn-small order-card__pos-link" href={paths.staffManage.build('/foodics')}>
          {t('staff.board.pos.openConsole')}
        </a>
      )}
    </div>
  );
}

/** The reason in the staff's language, and Foodics' own words (English, an HTTP status) beside it, smaller. */
function PosReason({ label, technical }: { label: string; technical: string | null }) {
  const { t } = useTranslation();
  return (
    <p className="order-card__pos-reason" data-testid="order-pos-reason">
      {t('staff.board.pos.reasonLabel')} {label}
      {technical && (
        <>
          {' '}
          <span className="order-card__pos-technical" dir="ltr" lang="en" data-testid="order-pos-technical">
            {technical}
          </span>
        </>
      )}
    </p>
  );
}

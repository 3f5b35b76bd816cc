import type { StaffOrder } from '@sufra/shared/schemas/order';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { formatBranchTime, formatOrderNumber } from '../board-format';

/**
 * The pending alert (issue 28 item 6): orders still Pending at Foodics past FOODICS_PENDING_ALERT_MINUTES (raised by
 * the server, `pos.waitingSince`), named until Foodics accepts or declines them. A branch with no device receiving
 * online orders is the usual cause, so the banner says where to look.
 */
export function PosPendingAlert({ orders, timeZone }: { orders: StaffOrder[]; timeZone: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (orders.length === 0) return null;
  const list = orders
    .map((o) =>
      t('staff.board.pos.alertOrder', {
        number: formatOrderNumber(o.number, language),
        time: o.pos?.sentAt ? formatBranchTime(o.pos.sentAt, timeZone, language) : '',
      }),
    )
    .join(language === 'ar' ? '، ' : ', ');
  return (
    <div className="banner banner--error board-pos-alert" role="alert" data-testid="board-pos-alert">
      <p>
        <strong>{t('staff.board.pos.alertTitle')}</strong> {t('staff.board.pos.alertBody', { orders: list })}
      </p>
    </div>
  );
}

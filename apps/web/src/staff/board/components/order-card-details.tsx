import { ORDER_STATUSES, orderStatusLabel } from '@sufra/shared/machines/order-status';
import { formatPhone } from '@sufra/shared/phone/phone-number';
import type { StaffOrder } from '@sufra/shared/schemas/order';
import { formatNumber } from '../../../lib/format-number';
import { formatTableNumber } from '../../../lib/format-table-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { formatBranchTime } from '../board-format';

type Props = { order: StaffOrder; timeZone: string; compact: boolean };

/** An order card's details: when, who, where, what (finished orders leave out the address and the lines). */
export function OrderCardDetails({ order, timeZone, compact }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const time = (iso: string) => formatBranchTime(iso, timeZone, language);
  return (
    <>
      <p className="order-card__meta">
        <span>{t('staff.board.placedAt', { time: time(order.createdAt) })}</span>
        <span data-testid="order-receive">
          {order.receiveAt ? t('staff.board.receiveAt', { time: time(order.receiveAt) }) : t('staff.board.asap')}
        </span>
      </p>

      <OrderTimesLine order={order} timeZone={timeZone} />

      <p className="order-card__who" data-testid="order-customer">
        {order.customer ? (
          <>
            <span>{order.customer.fullName}</span>{' '}
            <bdi dir="ltr" className="order-card__phone">
              {formatPhone(order.customer.phone)}
            </bdi>
          </>
        ) : (
          t('staff.board.noCustomer')
        )}
      </p>

      {order.table && (
        <p className="order-card__where" data-testid="order-table">
          {t('branch.table', { number: formatTableNumber(order.table.number, language) })}
        </p>
      )}
      {order.address && !compact && <OrderAddress address={order.address} />}

      {!compact && (
        <ul className="order-card__lines" aria-label={t('staff.board.lines')} data-testid="order-lines">
          {order.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one item may appear on two lines with other choices
            <li key={index}>
              <span className="order-card__qty">{`${formatNumber(line.quantity, language)} ×`}</span>{' '}
              <span className="order-card__item">{line.name[language]}</span>
              {(line.slots.length > 0 || line.modifiers.length > 0) && (
                <span className="order-card__choices">
                  {[...line.slots.map((s) => s.name[language]), ...line.modifiers.map((m) => m.name[language])].join(
                    language === 'ar' ? '، ' : ', ',
                  )}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}

      {order.notes && (
        <p className="order-card__notes" data-testid="order-notes">
          <strong>{t('staff.board.notes')}:</strong> {order.notes}
        </p>
      )}
    </>
  );
}

/** Per-status times (issue 28 item 3): when each status was reached, then the estimate while the order is open. */
function OrderTimesLine({ order, timeZone }: { order: StaffOrder; timeZone: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const time = (iso: string) => formatBranchTime(iso, timeZone, language);
  const reached = ORDER_STATUSES.filter((s) => s !== 'pending' && order.times.statusTimes[s] !== undefined);
  const estimate = order.times.estimate;
  if (reached.length === 0 && !estimate) return null;
  return (
    <p className="order-card__times" data-testid="order-times">
      {reached.map((s) => (
        <span key={s} data-testid="order-status-time" data-status={s}>
          {`${orderStatusLabel(s, language)} ${time(order.times.statusTimes[s] as string)}`}
        </span>
      ))}
      {estimate && (
        <strong data-testid="order-estimate">
          {estimate.arrivalAt
            ? t('staff.board.times.arrivesBy', { time: time(estimate.arrivalAt) })
            : t('staff.board.times.readyBy', { time: time(estimate.readyAt) })}
          {order.times.acceptDelayMinutes !== null &&
            order.status === 'sent_to_kitchen' &&
            ` (${t('staff.board.times.minutes', { count: order.times.acceptDelayMinutes })})`}
        </strong>
      )}
    </p>
  );
}

function OrderAddress({ address }: { address: NonNullable<StaffOrder['address']> }) {
  const { t } = useTranslation();
  return (
    <address className="order-card__where" data-testid="order-address">
      <strong>{address.title}</strong> {address.description}
      {[
        address.doorNumber && t('staff.board.door', { value: address.doorNumber }),
        address.levelNumber && t('staff.board.level', { value: address.levelNumber }),
        address.blockNumber && t('staff.board.block', { value: address.blockNumber }),
      ]
        .filter(Boolean)
        .map((part) => ` · ${part}`)
        .join('')}
      {address.phone && (
        <>
          {' · '}
          <bdi dir="ltr">{formatPhone(address.phone)}</bdi>
        </>
      )}
    </address>
  );
}

/** How the order is paid, and when and by whom the cash was taken. */
export function OrderPayment({ order, timeZone, compact }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const time = (iso: string) => formatBranchTime(iso, timeZone, language);
  return (
    <p className="order-card__payment" data-testid="order-payment">
      {t(`staff.board.payment.${order.paymentMethod}`)} · {t(`staff.board.payment.${order.paymentStatus}`)}
      {compact && ` · ${orderStatusLabel(order.status, language)}`}
      {order.cashReceivedAt && (
        <span className="order-card__cash-received" data-testid="order-cash-received">
          {order.cashReceivedBy
            ? t('staff.board.cashReceivedBy', {
                time: time(order.cashReceivedAt),
                // Isolated, so a Latin name inside Arabic text (or the reverse) keeps its own direction.
                name: `\u2068${order.cashReceivedBy.name}\u2069`,
              })
            : t('staff.board.cashReceivedAt', { time: time(order.cashReceivedAt) })}
        </span>
      )}
    </p>
  );
}

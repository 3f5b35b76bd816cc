import { nextStatuses, type OrderStatus, orderStatusLabel } from '@sufra/shared/machines/order-status';
import { formatSar } from '@sufra/shared/money';
import { formatPhone } from '@sufra/shared/phone/phone-number';
import type { StaffOrder } from '@sufra/shared/schemas/order';
import { useRef, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { formatTableNumber } from '../../../lib/format-table-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { formatBranchTime, formatOrderNumber } from '../board-format';
import { CancelOrderDialog } from './cancel-order-dialog';

interface Props {
  order: StaffOrder;
  timeZone: string;
  fresh: boolean;
  /** Finished orders show no buttons and fewer details. */
  compact?: boolean;
  onAcknowledge: (id: number) => void;
  /** Resolves null when someone else moved the order first (the board says so and reloads). */
  onMove: (order: StaffOrder, to: OrderStatus, reason?: string) => Promise<StaffOrder | null>;
  /** Records the cash taken for a cash order (null: recorded by someone else first, or canceled meanwhile). */
  onRecordCash: (order: StaffOrder) => Promise<StaffOrder | null>;
}

/** An order that ended without the diner keeping the food owes no cash (the API's rule, orders.repo). */
const OWES_NO_CASH: readonly OrderStatus[] = ['canceled', 'returned'];

/** One order on the board: who, what, when, how much, and the moves the status machine allows from here. */
export function OrderCard({ order, timeZone, fresh, compact = false, onAcknowledge, onMove, onRecordCash }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [sending, setSending] = useState<OrderStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [canceling, setCanceling] = useState(false);
  const [recordingCash, setRecordingCash] = useState(false);
  // Shown on finished cards too: the cash is often taken as the order is handed over.
  const cashDue =
    order.paymentMethod === 'cash' && order.paymentStatus === 'unpaid' && !OWES_NO_CASH.includes(order.status);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const number = formatOrderNumber(order.number, language);
  const moves = compact ? [] : nextStatuses(order.orderType, order.status);
  const time = (iso: string) => formatBranchTime(iso, timeZone, language);

  const move = async (to: OrderStatus) => {
    setSending(to);
    setError(null);
    try {
      await onMove(order, to);
    } catch (cause) {
      setError(errorText(cause, language));
    } finally {
      setSending(null);
    }
  };

  const recordCash = async () => {
    setRecordingCash(true);
    setError(null);
    try {
      await onRecordCash(order);
    } catch (cause) {
      setError(errorText(cause, language));
    } finally {
      setRecordingCash(false);
    }
  };

  return (
    <article
      className={`card order-card${fresh ? ' order-card--fresh' : ''}`}
      aria-label={t('staff.board.orderLabel', { number })}
      // Focus lands here after a move takes the card to another lane.
      tabIndex={-1}
      data-testid="order-card"
      data-order-id={order.id}
      data-order-number={order.number}
      data-status={order.status}
      data-fresh={fresh ? 'true' : undefined}
    >
      <header className="order-card__head">
        <h4 className="order-card__number">{number}</h4>
        <span className="badge badge--muted" data-testid="order-type">
          {t(`staff.board.orderTypes.${order.orderType}`)}
        </span>
        {fresh && (
          <span className="badge order-card__new" data-testid="order-new">
            {t('staff.board.new')}
          </span>
        )}
        <span className="order-card__total" data-testid="order-total">
          {formatSar(order.pricing.total, language)}
        </span>
      </header>

      <p className="order-card__meta">
        <span>{t('staff.board.placedAt', { time: time(order.createdAt) })}</span>
        <span data-testid="order-receive">
          {order.receiveAt ? t('staff.board.receiveAt', { time: time(order.receiveAt) }) : t('staff.board.asap')}
        </span>
      </p>

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
      {order.address && !compact && (
        <address className="order-card__where" data-testid="order-address">
          <strong>{order.address.title}</strong> {order.address.description}
          {[
            order.address.doorNumber && t('staff.board.door', { value: order.address.doorNumber }),
            order.address.levelNumber && t('staff.board.level', { value: order.address.levelNumber }),
            order.address.blockNumber && t('staff.board.block', { value: order.address.blockNumber }),
          ]
            .filter(Boolean)
            .map((part) => ` · ${part}`)
            .join('')}
          {order.address.phone && (
            <>
              {' · '}
              <bdi dir="ltr">{formatPhone(order.address.phone)}</bdi>
            </>
          )}
        </address>
      )}

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

      {cashDue && (
        <button
          type="button"
          className="btn btn-secondary order-card__cash"
          data-testid="order-record-cash"
          disabled={recordingCash}
          aria-busy={recordingCash || undefined}
          onClick={() => void recordCash()}
        >
          {recordingCash
            ? t('staff.board.recordingCash')
            : t('staff.board.recordCash', { total: formatSar(order.pricing.total, language) })}
        </button>
      )}

      {order.cancelReason && (
        <p className="order-card__reason" data-testid="order-cancel-reason">
          {t('staff.board.cancelReason', { reason: order.cancelReason })}
        </p>
      )}

      {error && (
        <p className="form-alert" role="alert" data-testid="order-error">
          {error}
        </p>
      )}

      {(moves.length > 0 || fresh) && (
        <fieldset className="order-card__actions">
          <legend className="visually-hidden">{t('staff.board.moveTo', { number })}</legend>
          {moves
            .filter((to) => to !== 'canceled')
            .map((to) => (
              <button
                key={to}
                type="button"
                className="btn btn-small btn-primary"
                data-testid="order-move"
                data-to={to}
                disabled={sending !== null}
                aria-busy={sending === to || undefined}
                onClick={() => void move(to)}
              >
                {sending === to ? t('staff.board.moving') : orderStatusLabel(to, language)}
              </button>
            ))}
          {fresh && (
            <button
              type="button"
              className="btn btn-small btn-secondary"
              data-testid="order-ack"
              onClick={() => onAcknowledge(order.id)}
            >
              {t('staff.board.acknowledge')}
            </button>
          )}
          {moves.includes('canceled') && (
            <button
              ref={cancelButton}
              type="button"
              className="btn btn-small btn-danger"
              data-testid="order-cancel"
              disabled={sending !== null}
              onClick={() => setCanceling(true)}
            >
              {t('staff.board.cancel')}
            </button>
          )}
        </fieldset>
      )}

      {canceling && (
        <CancelOrderDialog
          number={number}
          onCancel={async (reason) => {
            await onMove(order, 'canceled', reason);
          }}
          onClose={() => {
            setCanceling(false);
            // The dialog leaves the page as it closes, so the browser cannot give focus back by itself.
            cancelButton.current?.focus();
          }}
        />
      )}
    </article>
  );
}

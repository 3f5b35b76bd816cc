import { nextStatuses, type OrderStatus } from '@sufra/shared/machines/order-status';
import { formatSar } from '@sufra/shared/money';
import { declineReasonLabel } from '@sufra/shared/order-times';
import type { StaffOrder } from '@sufra/shared/schemas/order';
import { useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { MoveExtras } from '../api/update-order-status';
import { formatOrderNumber } from '../board-format';
import { OrderCardDetails, OrderPayment } from './order-card-details';
import { OrderMoves } from './order-moves';
import { OrderPosState } from './order-pos-state';

interface Props {
  order: StaffOrder;
  timeZone: string;
  fresh: boolean;
  /** Finished orders show no buttons and fewer details. */
  compact?: boolean;
  /** Managers and owners: a dead POS hand-off links to the console's Foodics page. */
  consoleLink?: boolean;
  onAcknowledge: (id: number) => void;
  /** Resolves null when someone else moved the order first (the board says so and reloads). */
  onMove: (order: StaffOrder, to: OrderStatus, extras?: MoveExtras) => Promise<StaffOrder | null>;
  /** Records the cash taken for a cash order (null: recorded by someone else first, or canceled meanwhile). */
  onRecordCash: (order: StaffOrder) => Promise<StaffOrder | null>;
}

/** An order that ended without the diner keeping the food owes no cash (the API's rule, orders.repo). */
const OWES_NO_CASH: readonly OrderStatus[] = ['canceled', 'returned'];

/** One order on the board: who, what, when, how much, and the moves the status machine allows from here. */
export function OrderCard({
  order,
  timeZone,
  fresh,
  compact = false,
  consoleLink = false,
  onAcknowledge,
  onMove,
  onRecordCash,
}: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { sending, error, recordingCash, move, recordCash } = useOrderCardActions(order, onMove, onRecordCash);
  // Shown on finished cards too: the cash is often taken as the order is handed over.
  const cashDue =
    order.paymentMethod === 'cash' && order.paymentStatus === 'unpaid' && !OWES_NO_CASH.includes(order.status);
  const number = formatOrderNumber(order.number, language);
  const moves = compact ? [] : nextStatuses(order.orderType, order.status);

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

      <OrderCardDetails order={order} timeZone={timeZone} compact={compact} />
      <OrderPayment order={order} timeZone={timeZone} compact={compact} />
      {order.pos && (
        <OrderPosState
          pos={order.pos}
          timeZone={timeZone}
          consoleLink={consoleLink}
          cancelReason={order.cancelReason}
        />
      )}

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

      {order.declineReason && (
        <p className="order-card__reason" data-testid="order-decline-reason">
          {t('staff.board.times.declined', { reason: declineReasonLabel(order.declineReason, language) })}
        </p>
      )}
      {/* Declined or voided at Foodics: the POS block says why, in the staff's language. */}
      {order.cancelReason && order.pos?.state !== 'declined' && (
        <p className="order-card__reason" data-testid="order-cancel-reason">
          {t('staff.board.cancelReason', { reason: order.cancelReason })}
        </p>
      )}

      {error && (
        <p className="form-alert" role="alert" data-testid="order-error">
          {error}
        </p>
      )}

      <OrderMoves
        {...{ number, moves, fresh, sending }}
        onMove={(to) => void move(to)}
        onAcknowledge={() => onAcknowledge(order.id)}
        onCancel={async (reason) => {
          await onMove(order, 'canceled', { reason });
        }}
        pending={order.status === 'pending'}
        onAccept={async (delayMinutes) => {
          await onMove(order, 'sent_to_kitchen', { delayMinutes });
        }}
        onDecline={async (declineReason) => {
          await onMove(order, 'canceled', { declineReason });
        }}
      />
    </article>
  );
}

/** A move or the cash being recorded: which one is under way, and the error when it was refused. */
function useOrderCardActions(order: StaffOrder, onMove: Props['onMove'], onRecordCash: Props['onRecordCash']) {
  const language = useLanguage();
  const [sending, setSending] = useState<OrderStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [recordingCash, setRecordingCash] = useState(false);

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

  return { sending, error, recordingCash, move, recordCash };
}

import { type OrderStatus, orderStatusLabel } from '@sufra/shared/machines/order-status';
import type { DeclineReason } from '@sufra/shared/order-times';
import { useRef, useState } from 'react';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { CancelOrderDialog } from './cancel-order-dialog';
import { AcceptOrderDialog, DeclineOrderDialog } from './order-time-dialogs';

type Props = {
  number: string;
  moves: OrderStatus[];
  fresh: boolean;
  /** The move under way (its button says so; the others wait). */
  sending: OrderStatus | null;
  onMove: (to: OrderStatus) => void;
  onAcknowledge: () => void;
  onCancel: (reason: string) => Promise<void>;
  /** A pending order: accept it with "ready in N min", or decline it with a reason from the list. */
  pending: boolean;
  onAccept: (delayMinutes: number) => Promise<void>;
  onDecline: (reason: DeclineReason) => Promise<void>;
};

/** An order card's buttons: the moves the status machine allows, "seen" for a new order, and cancel (with a reason). */
export function OrderMoves(props: Props) {
  const { number, moves, fresh, sending, onMove, onAcknowledge, onCancel, pending } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const [canceling, setCanceling] = useState(false);
  const [dialog, setDialog] = useState<'accept' | 'decline' | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const acceptButton = useRef<HTMLButtonElement>(null);
  const declineButton = useRef<HTMLButtonElement>(null);
  const canAccept = pending && moves.includes('sent_to_kitchen');
  const canDecline = pending && moves.includes('canceled');
  return (
    <>
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
                onClick={() => onMove(to)}
              >
                {sending === to ? t('staff.board.moving') : orderStatusLabel(to, language)}
              </button>
            ))}
          {canAccept && (
            <button
              ref={acceptButton}
              type="button"
              className="btn btn-small btn-secondary"
              data-testid="order-accept-delay"
              disabled={sending !== null}
              onClick={() => setDialog('accept')}
            >
              {t('staff.board.times.accept')}
            </button>
          )}
          {fresh && (
            <button
              type="button"
              className="btn btn-small btn-secondary"
              data-testid="order-ack"
              onClick={onAcknowledge}
            >
              {t('staff.board.acknowledge')}
            </button>
          )}
          {canDecline && (
            <button
              ref={declineButton}
              type="button"
              className="btn btn-small btn-danger"
              data-testid="order-decline"
              disabled={sending !== null}
              onClick={() => setDialog('decline')}
            >
              {t('staff.board.times.decline')}
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

      {dialog === 'accept' && (
        <AcceptOrderDialog
          number={number}
          onAccept={props.onAccept}
          onClose={() => {
            setDialog(null);
            acceptButton.current?.focus();
          }}
        />
      )}
      {dialog === 'decline' && (
        <DeclineOrderDialog
          number={number}
          onDecline={props.onDecline}
          onClose={() => {
            setDialog(null);
            declineButton.current?.focus();
          }}
        />
      )}

      {canceling && (
        <CancelOrderDialog
          number={number}
          onCancel={onCancel}
          onClose={() => {
            setCanceling(false);
            // The dialog leaves the page as it closes, so the browser cannot give focus back by itself.
            cancelButton.current?.focus();
          }}
        />
      )}
    </>
  );
}

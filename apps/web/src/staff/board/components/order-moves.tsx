import { type OrderStatus, orderStatusLabel } from '@sufra/shared/machines/order-status';
import { useRef, useState } from 'react';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { CancelOrderDialog } from './cancel-order-dialog';

type Props = {
  number: string;
  moves: OrderStatus[];
  fresh: boolean;
  /** The move under way (its button says so; the others wait). */
  sending: OrderStatus | null;
  onMove: (to: OrderStatus) => void;
  onAcknowledge: () => void;
  onCancel: (reason: string) => Promise<void>;
};

/** An order card's buttons: the moves the status machine allows, "seen" for a new order, and cancel (with a reason). */
export function OrderMoves({ number, moves, fresh, sending, onMove, onAcknowledge, onCancel }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [canceling, setCanceling] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
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

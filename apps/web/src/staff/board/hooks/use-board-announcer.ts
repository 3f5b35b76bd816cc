import { type OrderStatus, orderStatusLabel } from '@sufra/shared/machines/order-status';
import type { StaffOrder } from '@sufra/shared/schemas/order';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { MoveExtras } from '../api/update-order-status';
import { formatOrderNumber } from '../board-format';
import { unannounced } from '../board-orders';
import type { useChime } from './use-chime';
import type { useOrderBoard } from './use-order-board';

/**
 * What the board tells the staff as orders come and move: a chime and an announcement for new orders, one for each
 * move or cash recorded, and the keyboard focus kept on a card that moved to another lane.
 */
export function useBoardAnnouncer(board: ReturnType<typeof useOrderBoard>, chime: ReturnType<typeof useChime>) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { state } = board;
  const [announcements, setAnnouncements] = useState<{ key: number; text: string }[]>([]);
  // A log, not one message: two orders arriving together must not silence each other.
  const announce = useCallback((text: string) => {
    setAnnouncements((list) => [...list.slice(-4), { key: (list.at(-1)?.key ?? 0) + 1, text }]);
  }, []);
  const [focusAfterMove, setFocusAfterMove] = useState<number | null>(null);

  // A moved card is a new element in another lane: keep the keyboard user on it once it is there, or on the summary
  // of the collapsed list of finished orders it went into.
  useLayoutEffect(() => {
    if (focusAfterMove === null) return;
    const moved = document.querySelector<HTMLElement>(`[data-testid="order-card"][data-order-id="${focusAfterMove}"]`);
    if (!moved || moved.dataset.status !== state.orders[focusAfterMove]?.status) return;
    const collapsed = moved.closest('details:not([open])');
    (collapsed?.querySelector<HTMLElement>('summary') ?? moved).focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, state.orders]);

  // New orders: a chime (when the sound is on) and one polite announcement for those not announced yet (two placed
  // within one render are both announced, not only the later).
  const announcedCount = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per batch of arrivals, not per render
  useEffect(() => {
    const ids = unannounced(state.arrivals, announcedCount.current);
    announcedCount.current = state.arrivals.count;
    if (ids.length === 0) return;
    chime.play();
    const text = ids
      .map((id) => state.orders[id])
      .filter((o): o is StaffOrder => o !== undefined)
      .map((o) =>
        t('staff.board.announceNew', {
          number: formatOrderNumber(o.number, language),
          type: t(`staff.board.orderTypes.${o.orderType}`),
        }),
      )
      .join('. ');
    announce(text);
  }, [state.arrivals.count]);

  const move = useCallback(
    async (order: StaffOrder, to: OrderStatus, extras?: MoveExtras) => {
      const updated = await board.move(order, to, extras);
      if (updated) {
        announce(
          t('staff.board.announceMoved', {
            number: formatOrderNumber(order.number, language),
            status: orderStatusLabel(updated.status, language),
          }),
        );
      }
      setFocusAfterMove(order.id);
      return updated;
    },
    [board.move, t, language, announce],
  );

  const recordCash = useCallback(
    async (order: StaffOrder) => {
      const updated = await board.recordCash(order);
      if (updated) announce(t('staff.board.announceCash', { number: formatOrderNumber(order.number, language) }));
      return updated;
    },
    [board.recordCash, t, language, announce],
  );

  return { announcements, move, recordCash };
}

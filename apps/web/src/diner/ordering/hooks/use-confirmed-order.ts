import { dinerOrderStatusLabel } from '@sufra/shared/machines/order-status';
import type { Order } from '@sufra/shared/schemas/order';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useDinerKey } from '../../../stores/use-diner-key';
import { getOrder } from '../api/get-order';
import type { ConfirmState } from '../confirm-state';
import { useOrderEvents } from './use-order-events';

/**
 * The placed order on the confirmation page: what the page before handed over, then loaded by its id (so a reload
 * works) and kept current by the live stream; a status change is announced.
 */
export function useConfirmedOrder(uuid: string, orderId: number | null, signedIn: boolean) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [sent] = useState(() => window.history.state as ConfirmState | null);
  // The order as the page before answered it (placement, or the payment's verification): painted at once, while
  // the load below and the live stream bring the current one.
  const [order, setOrder] = useState<Order | null>(() =>
    sent?.order && sent.order.id === orderId ? sent.order : null,
  );
  const diner = useDinerKey(uuid);
  const loaded = useApiQuery(
    signedIn && diner && orderId !== null ? [...diner, 'order', orderId, language] : null,
    () => getOrder(uuid, orderId ?? 0, language),
    { staleMs: 0 },
  );
  const loadError = loaded.error ?? null;
  const load = loaded.refetch;
  // Each answer of the load replaces what is shown; the live stream's news come in between.
  useEffect(() => {
    if (loaded.data) setOrder(loaded.data);
  }, [loaded.data]);

  // Newer news only: a late snapshot must not move the status back.
  const onEvent = useCallback((next: Order) => {
    setOrder((current) =>
      current && current.id === next.id && Date.parse(next.updatedAt) < Date.parse(current.updatedAt) ? current : next,
    );
  }, []);
  const live = useOrderEvents(uuid, order, onEvent);

  // Spoken when the status changes, not when the page first shows it.
  const [announcement, setAnnouncement] = useState('');
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!order) return;
    if (shown.current !== null && shown.current !== order.status) {
      setAnnouncement(
        t('ordering.statusAnnouncement', { status: dinerOrderStatusLabel(order.status, order.orderType, language) }),
      );
    }
    shown.current = order.status;
  }, [order, t, language]);

  // The checkout's preview total, when the diner came from there (history state survives a reload).
  return { order, loadError, load, live, announcement, previewTotal: sent?.previewTotal };
}

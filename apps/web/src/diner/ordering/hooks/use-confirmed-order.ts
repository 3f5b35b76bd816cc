import { dinerOrderStatusLabel } from '@sufra/shared/machines/order-status';
import type { Order } from '@sufra/shared/schemas/order';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
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
  const [loadError, setLoadError] = useState<unknown>(null);

  const load = useCallback(() => {
    if (orderId === null) return;
    setLoadError(null);
    getOrder(uuid, orderId, language).then(setOrder, setLoadError);
  }, [uuid, orderId, language]);
  useEffect(() => {
    if (signedIn) load();
  }, [signedIn, load]);

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

import { isTerminalOrderStatus } from '@sufra/shared/machines/order-status';
import type { Order } from '@sufra/shared/schemas/order';
import type * as OrderEvents from '@sufra/shared/schemas/order-events';
import { useEffect, useRef, useState } from 'react';
import { apiUrl } from '../../../lib/api-client';
import { refreshCustomerSession } from '../../../lib/customer-request';
import { brandOf, markSignedOut } from '../../../lib/session-hint';
import { useLanguage } from '../../../lib/use-language';

/** The contract's event name, typed against it without bundling zod (the schemas module imports it). */
const ORDER_EVENT: typeof OrderEvents.ORDER_EVENT = 'order';

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'ended';

/** Waits between reopening a stream the server closed: 1 s, 2 s, 4 s … up to 30 s. */
export function reopenDelay(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/**
 * The order, live: `GET /api/orders/{uuid}/{id}/events/` over server-sent events (shared/schemas/order-events.ts).
 * The first message is the order as it is now, then one per change. EventSource reconnects by itself after a dropped
 * connection; when the server refuses the stream (EventSource then closes for good, and cannot tell why), the
 * session may have expired: it is refreshed like any customer call and the stream reopened, waiting longer each time.
 * A finished order (delivered, canceled, returned) closes the stream, once no refund is still on its way (the diner
 * hears when the provider confirms it).
 */
export function useOrderEvents(
  uuid: string,
  order: Pick<Order, 'id' | 'status' | 'refund'> | null,
  onOrder: (o: Order) => void,
) {
  const language = useLanguage();
  const [state, setState] = useState<LiveState>('connecting');
  const handler = useRef(onOrder);
  handler.current = onOrder;
  const id = order?.id;
  const finished = order ? isTerminalOrderStatus(order.status) && order.refund !== 'pending' : false;

  // The stream is keyed by the order; the language is only used for a refresh call's errors.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reopened per order, not per language
  useEffect(() => {
    if (id === undefined || finished || typeof EventSource !== 'function') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;

    const open = () => {
      const openedAt = Date.now();
      source = new EventSource(apiUrl(`/orders/${encodeURIComponent(uuid)}/${id}/events/`), {
        withCredentials: true,
      });
      source.addEventListener('open', () => {
        failures = 0;
        setState('live');
      });
      source.addEventListener(ORDER_EVENT, (event) => {
        try {
          handler.current(JSON.parse((event as MessageEvent<string>).data) as Order);
        } catch {
          // A malformed message is skipped; the next one carries the whole order again.
        }
      });
      source.addEventListener('error', () => {
        if (stopped || !source) return;
        setState('reconnecting');
        if (source.readyState !== EventSource.CLOSED) return; // the browser retries by itself
        source.close();
        failures += 1;
        refreshCustomerSession(uuid, language, openedAt).then(
          (renewed) => {
            if (stopped) return;
            if (!renewed) {
              markSignedOut(brandOf(uuid));
              setState('ended');
              return;
            }
            timer = setTimeout(open, reopenDelay(failures));
          },
          () => {
            if (!stopped) timer = setTimeout(open, reopenDelay(failures));
          },
        );
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [uuid, id, finished]);

  return finished ? 'ended' : state;
}

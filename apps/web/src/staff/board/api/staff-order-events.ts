import type { StaffOrder } from '@sufra/shared/schemas/order';
import type { Table } from '@sufra/shared/schemas/order-events';
import { ApiError, apiUrl } from '../../../lib/api-client';

/** connecting: first open; live: `ready` received; reconnecting: dropped, trying again; stopped: refused for good. */
export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export interface StaffEventHandlers {
  /** The stream listens (first time or after a reconnect): load the lists now, nothing after this is missed. */
  onReady: () => void;
  onOrder: (order: StaffOrder, placed: boolean) => void;
  onTable: (table: Table) => void;
  onState: (state: StreamState, error?: ApiError) => void;
  /**
   * A plain API call for the same branch, made when the server closed the stream (EventSource hides the status).
   * Through staffRequest it refreshes an expired session; its error says whether trying again can help.
   */
  probe: () => Promise<void>;
}

/** Waits between attempts after the server refused the stream: 1 s, 2 s, 4 s … up to 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
}

/**
 * What to do when the probe failed: a refused session (401 after a failed refresh) or a branch out of scope ends the
 * stream; anything else (network, a server restarting) is worth another try.
 */
export function shouldRetry(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return !(error.status === 401 || error.status === 403 || error.status === 404);
}

function parse<T>(data: unknown): T | null {
  try {
    return JSON.parse(String(data)) as T;
  } catch {
    return null;
  }
}

/**
 * `GET /api/staff/orders/events/?branchId=` (server-sent events, shared/schemas/order-events.ts). The browser retries a
 * dropped stream by itself; a stream the server answered with an error is closed for good, so this probes the API
 * (refreshing the session), then opens a new one after a growing wait. Returns the function that stops it all.
 */
export function openStaffOrderEvents(branchId: number, handlers: StaffEventHandlers): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;
  /** Set from the first error of an outage until the next `ready`. */
  let probing = false;

  const connect = () => {
    if (stopped) return;
    const stream = new EventSource(apiUrl('/staff/orders/events/', { branchId: String(branchId) }), {
      withCredentials: true,
    });
    source = stream;
    stream.addEventListener('ready', () => {
      attempt = 0;
      probing = false;
      handlers.onState('live');
      handlers.onReady();
    });
    const onOrder = (placed: boolean) => (event: MessageEvent) => {
      const order = parse<StaffOrder>(event.data);
      if (order && typeof order.id === 'number') handlers.onOrder(order, placed);
    };
    stream.addEventListener('order_placed', onOrder(true));
    stream.addEventListener('order_updated', onOrder(false));
    stream.addEventListener('table_updated', (event: MessageEvent) => {
      const table = parse<Table>(event.data);
      if (table && typeof table.id === 'number') handlers.onTable(table);
    });
    stream.onerror = () => {
      if (stopped) return;
      handlers.onState('reconnecting');
      const closed = stream.readyState === EventSource.CLOSED;
      if (closed) stream.close();
      // CONNECTING: the connection dropped and the browser retries by itself; one probe per outage keeps the board's
      // list current meanwhile. CLOSED: the server refused the stream; the probe says whether another try can help.
      if (!closed && probing) return;
      probing = true;
      handlers.probe().then(
        () => {
          if (closed) schedule();
        },
        (error: unknown) => {
          if (stopped) return;
          if (shouldRetry(error)) {
            if (closed) schedule();
          } else {
            stopped = true;
            stream.close();
            handlers.onState('stopped', error instanceof ApiError ? error : undefined);
          }
        },
      );
    };
  };

  const schedule = () => {
    if (stopped) return;
    probing = false;
    clearTimeout(timer);
    timer = setTimeout(connect, reconnectDelay(attempt));
    attempt += 1;
  };

  handlers.onState('connecting');
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}

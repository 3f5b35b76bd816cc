import type { FastifyReply, FastifyRequest } from 'fastify';

/** A comment line every 15 s: proxies and load balancers close connections that stay silent. */
export const PING_INTERVAL_MS = 15_000;
/** What EventSource waits before reconnecting after the stream drops. */
const RETRY_MS = 3_000;

export interface EventStream {
  send(event: string, data: unknown, id?: string): void;
  /** Ends the stream from the server side (app shutdown). */
  end(): void;
  readonly closed: boolean;
}

/**
 * Turns the reply into a server-sent-event stream. Fastify's own send path is left (reply.hijack), so no
 * serializer, onSend hook or compression touches the stream: compression would buffer events. Headers set
 * before (helmet's, in onRequest) are on the raw response already and stay. Everything about the request
 * (auth, scope, 404) must be decided before calling this: after it, errors can no longer become a status.
 */
export interface EventStreamOptions {
  /** Called once when the stream ends, whichever side ends it. */
  onClose: () => void;
  /**
   * When to end the stream (ms since the epoch): the expiry of the access token it was opened with, so a
   * signed-out or disabled user stops receiving. EventSource reconnects by itself; with an expired token the
   * reconnect gets 401, and the page refreshes its session and opens the stream again.
   */
  endAt?: number;
  pingIntervalMs?: number;
}

export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamOptions,
): EventStream {
  const { onClose, endAt, pingIntervalMs = PING_INTERVAL_MS } = options;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    // Personal (a diner's order, a branch's board): no cache keeps any of it (issue 13 item 10).
    'cache-control': 'no-store',
    // nginx and similar proxies buffer responses unless told not to.
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  res.write(`retry: ${RETRY_MS}\n\n`);
  let closed = false;
  const ping = setInterval(() => {
    if (!closed) res.write(': ping\n\n');
  }, pingIntervalMs);
  ping.unref();
  // setTimeout takes at most 2^31-1 ms; a token lives minutes.
  const expiry =
    endAt === undefined
      ? undefined
      : setTimeout(() => stream.end(), Math.min(Math.max(0, endAt - Date.now()), 2_147_483_647));
  expiry?.unref();
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    if (expiry) clearTimeout(expiry);
    onClose();
  };
  // The client went away (tab closed, network lost): stop sending to it.
  res.on('close', close);
  res.on('error', close);
  const stream: EventStream = {
    send(event, data, id) {
      if (closed) return;
      res.write(`event: ${event}\n${id ? `id: ${id}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (!closed) res.end();
      close();
    },
    get closed() {
      return closed;
    },
  };
  return stream;
}

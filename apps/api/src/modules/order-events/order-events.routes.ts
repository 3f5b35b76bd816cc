import { errorResponses, nonJsonResponse } from '@sufra/shared/schemas/common';
import { orderParams } from '@sufra/shared/schemas/order';
import { staffOrderEventsQuery } from '@sufra/shared/schemas/order-events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import { signedInDiner } from '../../plugins/diner-context.ts';
import { AppError } from '../../plugins/errors.ts';
import { type EventStream, openEventStream } from '../../plugins/event-stream.ts';
import type { OrderEventsService } from './order-events.service.ts';

export interface OrderEventsRoutesOptions {
  guards: AuthGuards;
  events: OrderEventsService;
  /** Tests shorten the 15 s ping. */
  pingIntervalMs?: number;
}

/**
 * Live streams one diner may hold open on one instance (issue 13 item 10): enough for a few order pages in tabs
 * or on two phones; a script opening thousands would otherwise hold as many sockets and hub subscriptions.
 * Counted per instance, not across instances: what the cap protects (sockets, memory, hub subscriptions) is each
 * instance's own, and a shared count would need rows that a crashed instance leaves behind, locking diners out
 * until a sweep. Behind N instances a diner holds at most N × this.
 */
export const MAX_LIVE_STREAMS_PER_DINER = 5;

const errors = errorResponses(400, 401, 403, 404, 410, 429);
const STREAM_NOTE = 'Answers `text/event-stream` (see shared/schemas/order-events.ts for the events).';

/**
 * The diner's stream slots on this instance (MAX_LIVE_STREAMS_PER_DINER): `take` takes one of the diner's slots now
 * (before any await, so concurrent opens can't both take the last one) and answers its release (idempotent).
 */
function dinerStreamSlots() {
  const perDiner = new Map<number, number>();
  return (customerId: number) => {
    const held = perDiner.get(customerId) ?? 0;
    if (held >= MAX_LIVE_STREAMS_PER_DINER) throw new AppError('live_streams_limit');
    perDiner.set(customerId, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (perDiner.get(customerId) ?? 1) - 1;
      if (left > 0) perDiner.set(customerId, left);
      else perDiner.delete(customerId);
    };
  };
}

/**
 * The streams open on this instance: `opener` opens one for a request (ending at `endAt`, releasing its slot when
 * it closes), `endAll` ends them all (the server must: a stream never ends on its own).
 */
function openStreams(pingIntervalMs: number | undefined) {
  const open = new Set<EventStream>();
  const opener =
    (request: FastifyRequest, reply: FastifyReply, endAt: number, release?: () => void) => (onClose: () => void) => {
      const stream = openEventStream(request, reply, {
        onClose: () => {
          open.delete(stream);
          release?.();
          onClose();
        },
        endAt,
        ...(pingIntervalMs === undefined ? {} : { pingIntervalMs }),
      });
      open.add(stream);
      return stream;
    };
  const endAll = () => {
    for (const stream of [...open]) stream.end();
  };
  return { opener, endAll };
}

/**
 * Live order events over server-sent events. A refusal (no session, another customer's order, a branch out
 * of scope) is an ordinary JSON error; once allowed, the reply becomes an event stream until either side closes.
 */
export const orderEventsRoutes: FastifyPluginAsyncZod<OrderEventsRoutesOptions> = async (
  app,
  { guards, events, pingIntervalMs },
) => {
  const takeSlot = dinerStreamSlots();
  const { opener, endAll } = openStreams(pingIntervalMs);
  // A stream never ends on its own: the server must end them, or closing the app waits for every client.
  app.addHook('preClose', async () => {
    endAll();
  });

  // No HEAD twin (Fastify adds one to every GET): a HEAD would open a stream that never answers (issue 24). Without
  // it, HEAD answers 405 with Allow: GET through app.ts's fallback.
  app.get(
    '/orders/:uuid/:id/events/',
    {
      config: { auth: 'diner', diner: {} },
      exposeHeadRoute: false,
      schema: {
        tags: ['orders'],
        summary: "Live updates of one of the signed-in customer's orders (first message: the order as it is now)",
        description: STREAM_NOTE,
        params: orderParams,
        response: {
          200: nonJsonResponse('text/event-stream', 'Server-sent events, until the session ends'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { customer } = signedInDiner(request);
      const release = takeSlot(customer.id);
      try {
        await events.watchOrder(customer, request.params.id, opener(request, reply, customer.accessExpiresAt, release));
      } catch (error) {
        // Refused before the stream opened (another diner's order, …): the slot was never used.
        release();
        throw error;
      }
    },
  );

  app.get(
    '/staff/orders/events/',
    {
      exposeHeadRoute: false,
      preHandler: guards.staff(),
      schema: {
        tags: ['staff'],
        summary: "Live board: new orders, status changes and table changes of the staff user's branches",
        description: STREAM_NOTE,
        querystring: staffOrderEventsQuery,
        response: {
          200: nonJsonResponse('text/event-stream', 'Server-sent events, until the session ends'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      await events.watchBoard(staff, request.query.branchId, opener(request, reply, staff.accessExpiresAt));
    },
  );
};

import { errorResponses } from '@sufra/shared/schemas/common';
import { orderParams } from '@sufra/shared/schemas/order';
import { staffOrderEventsQuery } from '@sufra/shared/schemas/order-events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import type { QrService } from '../qr/qr.service.ts';
import { type EventStream, openEventStream } from './event-stream.ts';
import type { OrderEventsService } from './order-events.service.ts';

export interface OrderEventsRoutesOptions {
  qr: QrService;
  guards: AuthGuards;
  events: OrderEventsService;
  /** Tests shorten the 15 s ping. */
  pingIntervalMs?: number;
}

const errors = errorResponses(400, 401, 403, 404, 410);
const STREAM_NOTE = 'Answers `text/event-stream` (see shared/schemas/order-events.ts for the events).';

/**
 * Live order events over server-sent events. A refusal (no session, another customer's order, a branch out
 * of scope) is an ordinary JSON error; once allowed, the reply becomes an event stream until either side closes.
 */
export const orderEventsRoutes: FastifyPluginAsyncZod<OrderEventsRoutesOptions> = async (
  app,
  { qr, guards, events, pingIntervalMs },
) => {
  const open = new Set<EventStream>();
  const opener = (request: FastifyRequest, reply: FastifyReply, endAt: number) => (onClose: () => void) => {
    const stream = openEventStream(request, reply, {
      onClose: () => {
        open.delete(stream);
        onClose();
      },
      endAt,
      ...(pingIntervalMs === undefined ? {} : { pingIntervalMs }),
    });
    open.add(stream);
    return stream;
  };
  // A stream never ends on its own: the server must end them, or closing the app waits for every client.
  app.addHook('preClose', async () => {
    for (const stream of [...open]) stream.end();
  });

  app.get(
    '/orders/:uuid/:id/events/',
    {
      schema: {
        tags: ['orders'],
        summary: "Live updates of one of the signed-in customer's orders (first message: the order as it is now)",
        description: STREAM_NOTE,
        params: orderParams,
        response: errors,
      },
    },
    async (request, reply) => {
      const row = await qr.resolveUsableQr(request.params.uuid);
      const customer = await guards.customer(request, row.brand.id);
      await events.watchOrder(customer, request.params.id, opener(request, reply, customer.accessExpiresAt));
    },
  );

  app.get(
    '/staff/orders/events/',
    {
      preHandler: guards.staff(),
      schema: {
        tags: ['staff'],
        summary: "Live board: new orders, status changes and table changes of the staff user's branches",
        description: STREAM_NOTE,
        querystring: staffOrderEventsQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      await events.watchBoard(staff, request.query.branchId, opener(request, reply, staff.accessExpiresAt));
    },
  );
};

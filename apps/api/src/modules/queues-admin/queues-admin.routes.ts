import { errorResponses } from '@sufra/shared/schemas/common';
import {
  queueFailuresQuery,
  queueFailuresResponse,
  queueItemMoved,
  queueItemParams,
  queueParams,
  queuesOverview,
} from '@sufra/shared/schemas/queues';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import type { QueuesAdminService } from './queues-admin.service.ts';

/** The owner's queues page (issue 28 item 2): owners only; managers and cashiers 403. */
export const queuesAdminRoutes: FastifyPluginAsyncZod<{
  queuesAdmin: QueuesAdminService;
  guards: AuthGuards;
}> = async (app, { queuesAdmin, guards }) => {
  const owners = guards.staff(['owner']);

  app.get(
    '/staff/manage/queues/',
    {
      preHandler: owners,
      schema: {
        tags: ['console'],
        summary: "Each outbox's queued, retrying and dead rows of the brand, and the timed loops' last and next runs",
        response: { 200: queuesOverview, ...errorResponses(401, 403) },
      },
    },
    async (request) => queuesAdmin.overview(staffOf(request)),
  );

  app.get(
    '/staff/manage/queues/:queue/failures/',
    {
      preHandler: owners,
      schema: {
        tags: ['console'],
        summary: "A queue's failing and dead rows of the brand, newest first, a page at a time",
        params: queueParams,
        querystring: queueFailuresQuery,
        response: { 200: queueFailuresResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => queuesAdmin.failures(staffOf(request), request.params.queue, request.query),
  );

  app.post(
    '/staff/manage/queues/:queue/:id/retry/',
    {
      preHandler: owners,
      schema: {
        tags: ['console'],
        summary: 'Puts a dead letter back in its queue, due now (409 unless it is given up)',
        params: queueItemParams,
        response: { 200: queueItemMoved, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => queuesAdmin.retry(staffOf(request), request.ip, request.params.queue, request.params.id),
  );

  app.post(
    '/staff/manage/queues/:queue/:id/discard/',
    {
      preHandler: owners,
      schema: {
        tags: ['console'],
        summary: 'Drops a dead or failing row: never sent (409 when sent, settled, or never given up)',
        params: queueItemParams,
        response: { 200: queueItemMoved, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => queuesAdmin.discard(staffOf(request), request.ip, request.params.queue, request.params.id),
  );
};

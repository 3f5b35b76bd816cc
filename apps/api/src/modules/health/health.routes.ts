import { healthResponse } from '@sufra/shared/schemas/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get(
    '/health',
    {
      config: { auth: 'public' },
      schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: healthResponse } },
    },
    async (_request, reply) => {
      await database.query('select 1');
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, database: database.kind, uptimeSeconds: Math.round(process.uptime()) };
    },
  );
};

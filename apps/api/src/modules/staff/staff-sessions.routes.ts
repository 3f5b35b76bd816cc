import { errorResponses } from '@sufra/shared/schemas/common';
import {
  staffSessionParams,
  staffSessionsEndedResponse,
  staffSessionsResponse,
} from '@sufra/shared/schemas/staff-sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import type { StaffSessionsService } from './staff-sessions.service.ts';

/** "My sessions" (issue 26 item 9): every staff role sees and ends its own sessions; outside the console. */
export const staffSessionsRoutes: FastifyPluginAsyncZod<{
  staffSessions: StaffSessionsService;
  guards: AuthGuards;
}> = async (app, { staffSessions, guards }) => {
  const signedIn = guards.staff();

  app.get(
    '/staff/sessions/',
    {
      preHandler: signedIn,
      schema: {
        tags: ['staff'],
        summary: "The caller's signed-in sessions (browser, address, last used), the current one marked",
        response: { 200: staffSessionsResponse, ...errorResponses(401) },
      },
    },
    async (request) => staffSessions.list(staffOf(request)),
  );

  app.delete(
    '/staff/sessions/:id/',
    {
      preHandler: signedIn,
      schema: {
        tags: ['staff'],
        summary: "Ends one of the caller's own sessions (404 when it is not theirs or already ended)",
        params: staffSessionParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await staffSessions.endOne(staffOf(request), request.ip, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/staff/sessions/end-others/',
    {
      preHandler: signedIn,
      schema: {
        tags: ['staff'],
        summary: "Ends every session of the caller's but this one",
        response: { 200: staffSessionsEndedResponse, ...errorResponses(401) },
      },
    },
    async (request) => staffSessions.endOthers(staffOf(request), request.ip),
  );
};

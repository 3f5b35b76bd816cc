import { errorResponses } from '@sufra/shared/schemas/common';
import {
  invitationAcceptBody,
  staffAccountResponse,
  staffIdParams,
  staffInvitationResponse,
  staffInviteBody,
  staffListResponse,
  staffUpdateBody,
} from '@sufra/shared/schemas/staff-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import type { StaffAdminService } from './staff-admin.service.ts';

/** Staff accounts in the console (issue 26 item 9): invitations, their one-time link, deactivation. */
export const staffAdminRoutes: FastifyPluginAsyncZod<{ staffAdmin: StaffAdminService; guards: AuthGuards }> = async (
  app,
  { staffAdmin, guards },
) => {
  const managers = guards.staff(['owner', 'manager']);

  app.get(
    '/staff/manage/staff/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: "The console's staff list: owners see the brand's staff, managers the cashiers they manage",
        response: { 200: staffListResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => staffAdmin.list(staffOf(request)),
  );

  app.post(
    '/staff/manage/staff/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: 'Invites a manager (owners) or a cashier (owners, managers of those branches): the one-time link',
        body: staffInviteBody,
        response: { 201: staffInvitationResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return staffAdmin.invite(staffOf(request), request.ip, request.body);
    },
  );

  app.patch(
    '/staff/manage/staff/:id/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary:
          "Changes a staff account's role, branches or active state (their sessions end at once); 409 when stale",
        params: staffIdParams,
        body: staffUpdateBody,
        response: { 200: staffAccountResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => staffAdmin.update(staffOf(request), request.ip, request.params.id, request.body),
  );

  app.post(
    '/staff/manage/staff/:id/link/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: 'A new one-time link for an account the caller manages (password reset); earlier links stop working',
        params: staffIdParams,
        response: { 201: staffInvitationResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return staffAdmin.resetLink(staffOf(request), request.ip, request.params.id);
    },
  );

  app.post(
    '/staff/invitations/accept/',
    {
      // No session: the link's token is the credential.
      config: { auth: 'public' },
      schema: {
        tags: ['staff'],
        summary: "An invitation's one use: sets the staff user's password (410 once used or expired)",
        body: invitationAcceptBody,
        response: { 204: z.null(), ...errorResponses(400, 410) },
      },
    },
    async (request, reply) => {
      await staffAdmin.accept(request.body.token, request.body.password);
      return reply.code(204).send(null);
    },
  );
};

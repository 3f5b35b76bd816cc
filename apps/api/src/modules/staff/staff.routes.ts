import { errorResponses, idParams } from '@sufra/shared/schemas/common';
import {
  smsOutboxResponse,
  staffBranchListResponse,
  staffBranchSchema,
  staffBranchUpdateBody,
  staffLoginBody,
  staffSessionResponse,
  staffUserListResponse,
  staffUserSchema,
} from '@sufra/shared/schemas/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import type { SessionsService } from '../../core/sessions.service.ts';
import { sessionInfo } from '../../core/sessions.service.ts';
import { type AuthGuards, clearSessionCookies, setSessionCookies, staffOf } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { MANAGERS, type StaffService } from './staff.service.ts';

export interface StaffRoutesOptions {
  config: Config;
  staff: StaffService;
  sessions: SessionsService;
  guards: AuthGuards;
  now: () => Date;
}

const errors = errorResponses(400, 401, 403, 404, 429);

/** Staff sign-in: log in, refresh, log out. */
const staffAuthRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, { config, staff, sessions, now }) => {
  app.post(
    '/staff/auth/login/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['staff'],
        summary: 'Staff sign-in with email and password (rate-limited: 429 + Retry-After)',
        body: staffLoginBody,
        response: { 200: staffSessionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { user, tokens } = await staff.login({
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setSessionCookies(reply, request, config, { kind: 'staff', brandId: user.brand.id }, tokens, now());
      return { user, session: sessionInfo(tokens) };
    },
  );

  app.post(
    '/staff/auth/refresh/',
    {
      config: { auth: 'staff-refresh' },
      schema: {
        tags: ['staff'],
        summary: 'Rotate the staff refresh cookie',
        response: { 200: staffSessionResponse, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
        const { subject, tokens } = await sessions.rotate(
          request.cookies[config.cookies.staffRefresh],
          'staff',
          null,
          client,
        );
        const principal = await staff.loadPrincipal(subject.id);
        if (!principal) {
          await sessions.revokeByRefreshToken(tokens.refreshToken);
          throw new AppError('session_expired');
        }
        setSessionCookies(reply, request, config, subject, tokens, now());
        return { user: await staff.me(subject.id), session: sessionInfo(tokens) };
      } catch (error) {
        if (error instanceof AppError) clearSessionCookies(reply, request, config, { kind: 'staff', brandId: 0 });
        throw error;
      }
    },
  );

  app.post(
    '/staff/auth/logout/',
    {
      config: { auth: 'staff-sign-out' },
      schema: { tags: ['staff'], summary: 'Staff sign-out', response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await sessions.revokeByRefreshToken(request.cookies[config.cookies.staffRefresh]);
      const claims = await sessions.checkAccess(request.cookies[config.cookies.staffAccess], 'staff');
      if (claims) await sessions.revokeFamily(claims.familyId);
      clearSessionCookies(reply, request, config, { kind: 'staff', brandId: 0 });
      return reply.code(204).send(null);
    },
  );
};

/** The signed-in staff user: who they are, their branches (and the open switch), users and the SMS outbox. */
const staffAccountRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, { config, staff, guards }) => {
  const signedIn = guards.staff();
  const managers = guards.staff(MANAGERS);

  app.get(
    '/staff/me/',
    {
      preHandler: signedIn,
      schema: { tags: ['staff'], summary: 'The signed-in staff user', response: { 200: staffUserSchema, ...errors } },
    },
    async (request) => staff.me(staffOf(request).id),
  );

  app.get(
    '/staff/branches/',
    {
      preHandler: signedIn,
      schema: {
        tags: ['staff'],
        summary: 'The branches in the user’s scope, with status and the manual switch',
        response: { 200: staffBranchListResponse, ...errors },
      },
    },
    async (request) => ({ branches: await staff.branches(staffOf(request)) }),
  );

  app.patch(
    '/staff/branches/:id/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: 'Manager/owner: open or close a branch by hand',
        params: idParams,
        body: staffBranchUpdateBody,
        response: { 200: staffBranchSchema, ...errors },
      },
    },
    async (request) => staff.setBranchOpen(staffOf(request), request.params.id, request.body.isOpen, request.ip),
  );

  app.get(
    '/staff/users/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: 'Manager/owner: the brand’s staff',
        response: { 200: staffUserListResponse, ...errors },
      },
    },
    async (request) => ({ users: await staff.users(staffOf(request)) }),
  );

  app.get(
    '/staff/sms-outbox/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: 'Manager/owner, when SMS_OUTBOX_VISIBLE: the brand’s latest SMS (demo and development)',
        response: { 200: smsOutboxResponse, ...errors },
      },
    },
    async (request) => {
      if (!config.sms.outboxVisible) throw new AppError('not_found');
      return { messages: await staff.smsOutbox(staffOf(request)) };
    },
  );
};

/**
 * The staff app's calls: sign-in (own cookies), who am I, branches in scope, staff list, SMS outbox. Registered as
 * plugins by concern, in the order the routes always had (the OpenAPI document keeps it).
 */
export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, options) => {
  await app.register(staffAuthRoutes, options);
  await app.register(staffAccountRoutes, options);
};

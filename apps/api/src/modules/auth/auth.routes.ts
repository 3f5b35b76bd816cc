import { otpRequestBody, otpRequestResponse, otpVerifyBody, sessionResponse } from '@sufra/shared/schemas/auth';
import { errorResponses, uuidParams } from '@sufra/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import { toCustomer } from '../../core/diners.view.ts';
import { type SessionsService, sessionInfo } from '../../core/sessions.service.ts';
import { clearSessionCookies, sessionCookieNames, setSessionCookies } from '../../plugins/auth.ts';
import { dinerOf } from '../../plugins/diner-context.ts';
import { AppError } from '../../plugins/errors.ts';
import type { OtpService } from './otp.service.ts';

export interface AuthRoutesOptions {
  config: Config;
  otp: OtpService;
  sessions: SessionsService;
  now: () => Date;
}

const errors = errorResponses(400, 401, 403, 404, 409, 410, 429);

/** Signing in by phone: a code sent, then verified. */
const otpRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { config, otp, now }) => {
  app.post(
    '/auth/:uuid/otp/',
    {
      // A new phone for the signed-in diner (change_phone) needs them signed in; a sign-in code reads no session.
      config: {
        auth: 'diner-optional',
        diner: {
          session: (request) =>
            (request.body as { purpose?: string }).purpose === 'change_phone' ? 'required' : 'none',
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Send a 4-digit code by SMS (same answer whether the number is registered or not)',
        params: uuidParams,
        body: otpRequestBody,
        response: { 202: otpRequestResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { qr, customer } = dinerOf(request);
      const brand = qr.brand;
      const brandId = brand.id;
      const result = await otp.requestOtp({
        brandId,
        brandName: { ar: brand.nameAr, en: brand.nameEn },
        phone: request.body.phone,
        purpose: request.body.purpose,
        customerId: customer?.id ?? null,
        ip: request.ip,
        language: request.language,
      });
      return reply.code(202).send(result);
    },
  );

  app.post(
    '/auth/:uuid/otp/verify/',
    {
      config: { auth: 'public', diner: {} },
      schema: {
        tags: ['auth'],
        summary: 'Verify the code: sign in, or register with the profile; sets the session cookies',
        params: uuidParams,
        body: otpVerifyBody,
        response: { 200: sessionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const brandId = dinerOf(request).qr.brand.id;
      const result = await otp.verifySignIn({
        brandId,
        requestId: request.body.requestId,
        code: request.body.code,
        profile: request.body.profile,
        referralCode: request.body.referralCode,
        language: request.language,
        ip: request.ip,
      });
      setSessionCookies(reply, request, config, { kind: 'customer', brandId }, result.tokens, now());
      return { customer: toCustomer(result.customer), session: sessionInfo(result.tokens), created: result.created };
    },
  );
};

/** The diner's session: refreshed, and signed out. */
const customerSessionRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { config, otp, sessions, now }) => {
  app.post(
    '/auth/:uuid/refresh/',
    {
      // A switched-off brand's diner may still refresh (and sign out): the QR code known and active is enough.
      config: { auth: 'diner-refresh', diner: { context: 'known' } },
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh cookie; a spent one revokes the whole session family (401)',
        params: uuidParams,
        response: { 200: sessionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const brandId = dinerOf(request).qr.brand.id;
      const token = request.cookies[sessionCookieNames(config, 'customer', brandId).refresh];
      try {
        const { subject, tokens } = await sessions.rotate(token, 'customer', brandId);
        const customer = await otp.findCustomer(subject.id, brandId);
        if (!customer) {
          await sessions.revokeByRefreshToken(tokens.refreshToken);
          throw new AppError('session_expired');
        }
        setSessionCookies(reply, request, config, { kind: 'customer', brandId }, tokens, now());
        return { customer: toCustomer(customer), session: sessionInfo(tokens) };
      } catch (error) {
        // A refused refresh ends the session in this browser too.
        if (error instanceof AppError) clearSessionCookies(reply, request, config, { kind: 'customer', brandId });
        throw error;
      }
    },
  );

  app.post(
    '/auth/:uuid/logout/',
    {
      config: { auth: 'diner-sign-out', diner: { context: 'known' } },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke the session family and clear the cookies',
        params: uuidParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const brandId = dinerOf(request).qr.brand.id;
      const names = sessionCookieNames(config, 'customer', brandId);
      await sessions.revokeByRefreshToken(request.cookies[names.refresh]);
      const claims = await sessions.checkAccess(request.cookies[names.access], 'customer');
      if (claims && claims.brandId === brandId) await sessions.revokeFamily(claims.familyId);
      clearSessionCookies(reply, request, config, { kind: 'customer', brandId });
      return reply.code(204).send(null);
    },
  );
};

/**
 * Customer sign-in by phone: send a code, verify it (registering when needed), refresh, sign out. Registered as
 * plugins by concern, in the order the routes always had (the OpenAPI document keeps it).
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  await app.register(otpRoutes, options);
  await app.register(customerSessionRoutes, options);
};

import { archiveBody } from '@sufra/shared/schemas/archive';
import { errorResponses, idParams, uuidParams } from '@sufra/shared/schemas/common';
import {
  counterCouponBody,
  counterCouponResponse,
  couponBody,
  couponCheckBody,
  couponCheckResponse,
  couponHistoryResponse,
  myCouponsResponse,
  staffCouponListResponse,
  staffCouponSchema,
} from '@sufra/shared/schemas/coupons';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import { signedInDiner } from '../../plugins/diner-context.ts';
import type { CouponsService } from './coupons.service.ts';

export interface CouponsRoutesOptions {
  coupons: CouponsService;
  guards: AuthGuards;
}

const errors = errorResponses(400, 401, 403, 404, 409, 410, 422);

/** The diner's side: a coupon checked on the cart, their coupons and history. */
const dinerCouponRoutes: FastifyPluginAsyncZod<CouponsRoutesOptions> = async (app, opts) => {
  const { coupons } = opts;
  app.post(
    '/coupons/:uuid/check/',
    {
      config: { auth: 'diner', diner: { services: ['coupons'] } },
      schema: {
        tags: ['coupons'],
        summary: 'What a coupon takes off this cart (priced by the server), or why it does not apply; nothing is used',
        params: uuidParams,
        body: couponCheckBody,
        response: { 200: couponCheckResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { qr: row, customer } = signedInDiner(request);
      reply.header('cache-control', 'no-store');
      return coupons.check(row, customer, request.body);
    },
  );

  app.get(
    '/coupons/:uuid/me/',
    {
      config: { auth: 'diner', diner: { services: ['coupons'] } },
      schema: {
        tags: ['coupons'],
        summary: "The brand's coupons the signed-in diner may use now, with their uses left",
        params: uuidParams,
        response: { 200: myCouponsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { customer } = signedInDiner(request);
      reply.header('cache-control', 'no-store');
      return coupons.mine(customer);
    },
  );

  app.get(
    '/coupons/:uuid/me/history/',
    {
      config: { auth: 'diner', diner: { services: ['coupons'] } },
      schema: {
        tags: ['coupons'],
        summary: "Coupons History: the diner's used and expired coupons, with the order each was used on",
        params: uuidParams,
        response: { 200: couponHistoryResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { customer } = signedInDiner(request);
      reply.header('cache-control', 'no-store');
      return coupons.history(customer);
    },
  );
};

/** The staff's side: a coupon at the counter, and the managers' list and form. */
const staffCouponRoutes: FastifyPluginAsyncZod<CouponsRoutesOptions> = async (app, { guards, coupons }) => {
  const staff = guards.staff();
  const managers = guards.staff(['owner', 'manager']);

  app.post(
    '/staff/coupons/redeem/',
    {
      preHandler: staff,
      schema: {
        tags: ['staff'],
        summary: 'A coupon used in a walk-in sale at the counter (recorded with the staff user, branch and time)',
        body: counterCouponBody,
        response: { 200: counterCouponResponse, ...errors },
      },
    },
    async (request) => coupons.redeemAtCounter(staffOf(request), request.body, request.language),
  );

  app.get(
    '/staff/coupons/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: "The brand's coupons with their usage counts (managers and owners)",
        response: { 200: staffCouponListResponse, ...errors },
      },
    },
    async (request) => coupons.list(staffOf(request)),
  );

  app.post(
    '/staff/coupons/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: 'A manager creates a coupon (its code unique in the brand, case-insensitively)',
        body: couponBody,
        response: { 201: staffCouponSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return coupons.create(staffOf(request), request.body);
    },
  );

  app.put(
    '/staff/coupons/:id/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: "A manager edits a coupon of the brand (its uses so far stay; the global limit can't go below them)",
        params: idParams,
        body: couponBody,
        response: { 200: staffCouponSchema, ...errors },
      },
    },
    async (request) => coupons.update(staffOf(request), request.params.id, request.body),
  );

  app.post(
    '/staff/coupons/:id/archive/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: 'Archives a coupon at the version read: diners can no longer use it, its past uses stay (no delete)',
        params: idParams,
        body: archiveBody,
        response: { 200: staffCouponSchema, ...errors },
      },
    },
    async (request) => coupons.archive(staffOf(request), request.ip, request.params.id, request.body),
  );

  app.post(
    '/staff/coupons/:id/restore/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: 'Restores an archived coupon at the version read, switched off (the manager turns it on)',
        params: idParams,
        body: archiveBody,
        response: { 200: staffCouponSchema, ...errors },
      },
    },
    async (request) => coupons.restore(staffOf(request), request.ip, request.params.id, request.body),
  );

  app.post(
    '/staff/coupons/:id/duplicate/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: 'Copies a coupon as a start: same terms, a new code of the brand, switched off, no uses',
        params: idParams,
        response: { 201: staffCouponSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return coupons.duplicate(staffOf(request), request.ip, request.params.id);
    },
  );
};

/**
 * Coupons (issue 16): for diners, the brand from the QR uuid and the diner from that brand's session; for staff, the
 * staff user's brand (the counter: their branches; the coupons themselves: managers and owners). The coupons service
 * switch turns the diner's routes off.
 *
 * Registered as plugins by concern, in the order the routes always had (the OpenAPI document keeps it).
 */
export const couponsRoutes: FastifyPluginAsyncZod<CouponsRoutesOptions> = async (app, options) => {
  await app.register(dinerCouponRoutes, options);
  await app.register(staffCouponRoutes, options);
};

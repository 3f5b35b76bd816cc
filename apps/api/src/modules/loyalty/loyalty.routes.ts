import { errorResponses, idParams, uuidParams } from '@sufra/shared/schemas/common';
import {
  loyaltyAccountSchema,
  loyaltyProgrammeSchema,
  pointsAdjustBody,
  pointsHistoryQuery,
  pointsHistorySchema,
} from '@sufra/shared/schemas/loyalty';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import { assertServiceOn } from '../branches/branches.service.ts';
import type { QrService } from '../qr/qr.service.ts';
import type { LoyaltyService } from './loyalty.service.ts';

export interface LoyaltyRoutesOptions {
  qr: QrService;
  loyalty: LoyaltyService;
  guards: AuthGuards;
}

const errors = errorResponses(400, 401, 403, 404, 410, 422);

/**
 * Points for diners (the brand from the QR uuid, the diner from that brand's session: no customer id in a diner's
 * path) and for staff (a customer of the staff user's brand by id). The loyalty service switch turns the diner's
 * routes off (403 service_deactivated: the app lands on /deactivated/{uuid}).
 */
export const loyaltyRoutes: FastifyPluginAsyncZod<LoyaltyRoutesOptions> = async (app, { qr, loyalty, guards }) => {
  async function brandOf(uuid: string) {
    const row = await qr.resolveUsableQr(uuid);
    assertServiceOn(row.servicesOff, 'loyalty');
    return row.brand.id;
  }

  app.get(
    '/loyalty/:uuid/programme/',
    {
      schema: {
        tags: ['loyalty'],
        summary: "The brand's points rule (with its limits) and levels",
        params: uuidParams,
        response: { 200: loyaltyProgrammeSchema, ...errors },
      },
    },
    async (request) => loyalty.programme(await brandOf(request.params.uuid)),
  );

  app.get(
    '/loyalty/:uuid/me/',
    {
      schema: {
        tags: ['loyalty'],
        summary: "The signed-in diner's wallet, lifetime points, level, next level and next expiry",
        params: uuidParams,
        response: { 200: loyaltyAccountSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = await guards.customer(request, await brandOf(request.params.uuid));
      reply.header('cache-control', 'no-store');
      return loyalty.account(me);
    },
  );

  app.get(
    '/loyalty/:uuid/me/history/',
    {
      schema: {
        tags: ['loyalty'],
        summary: "The signed-in diner's points history, newest first",
        params: uuidParams,
        querystring: pointsHistoryQuery,
        response: { 200: pointsHistorySchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = await guards.customer(request, await brandOf(request.params.uuid));
      reply.header('cache-control', 'no-store');
      return loyalty.history(me.id, me.brandId, request.query);
    },
  );

  const staff = guards.staff();

  app.get(
    '/staff/customers/:id/points/',
    {
      preHandler: staff,
      schema: {
        tags: ['staff'],
        summary: "A customer's points history (the staff user's brand)",
        params: idParams,
        querystring: pointsHistoryQuery,
        response: { 200: pointsHistorySchema, ...errors },
      },
    },
    async (request) => loyalty.history(request.params.id, staffOf(request).brandId, request.query),
  );

  app.post(
    '/staff/customers/:id/points/',
    {
      preHandler: staff,
      schema: {
        tags: ['staff'],
        summary: "A manager's adjustment of a customer's points, with its reason (managers and owners)",
        params: idParams,
        body: pointsAdjustBody,
        response: { 200: pointsHistorySchema, ...errors },
      },
    },
    async (request) => loyalty.adjust(staffOf(request), request.params.id, request.body),
  );
};

import { errorResponses, idParams, uuidParams } from '@sufra/shared/schemas/common';
import {
  buyRewardResponse,
  grantRewardBody,
  loyaltyAccountSchema,
  loyaltyProgrammeSchema,
  myRewardsResponse,
  ownedRewardParams,
  ownedRewardSchema,
  pointsAdjustBody,
  pointsHistoryQuery,
  pointsHistorySchema,
  redemptionBody,
  redemptionLookupResponse,
  rewardQrResponse,
  shopQuery,
  shopResponse,
  staffCustomerLookupBody,
  staffCustomerSchema,
} from '@sufra/shared/schemas/loyalty';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withKeptContext } from '../../core/qr-context.service.ts';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import { dinerOf, keptDiner, signedInDiner } from '../../plugins/diner-context.ts';
import type { LoyaltyService } from './loyalty.service.ts';
import type { RewardsService } from './rewards.service.ts';

export interface LoyaltyRoutesOptions {
  loyalty: LoyaltyService;
  rewards: RewardsService;
  guards: AuthGuards;
}

const shopService = { points: 'points_shop', prize: 'prize_shop' } as const;

/** A shop's route: loyalty and the shop's own switch on (the shop from the query). */
const shopServices = (request: FastifyRequest) =>
  ['loyalty', shopService[(request.query as { shop: keyof typeof shopService }).shop]] as const;

const errors = errorResponses(400, 401, 403, 404, 410, 422);

/** The diner's shops: browsing, and buying with points. */
const rewardShopRoutes: FastifyPluginAsyncZod<LoyaltyRoutesOptions> = async (app, { rewards }) => {
  app.get(
    '/loyalty/:uuid/shop/',
    {
      config: { auth: 'diner-optional', diner: { services: shopServices } },
      schema: {
        tags: ['loyalty'],
        summary: "The points shop's (or prize shop's) rewards; what the signed-in diner's wallet affords",
        params: uuidParams,
        querystring: shopQuery,
        response: { 200: shopResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { qr, customer: me } = dinerOf(request);
      if (me) reply.header('cache-control', 'no-store');
      return rewards.shop(qr.brand.id, request.query.shop, me);
    },
  );

  app.post(
    '/loyalty/:uuid/shop/:id/buy/',
    {
      // The kept QR context and the session's claims: the purchase's one statement checks both.
      config: { auth: 'diner', diner: { context: 'kept', services: shopServices, session: 'pending' } },
      schema: {
        tags: ['loyalty'],
        summary: 'Buys a reward with points: the points taken and the reward owned, in one step',
        params: ownedRewardParams,
        querystring: shopQuery,
        // 409 reward_not_for_sale: a prize (no points price) asked for by its id in the shop.
        response: { 200: buyRewardResponse, ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const { shop } = request.query;
      const { kept, signedIn } = keptDiner(request);
      const bought = await withKeptContext(kept, (context) =>
        rewards.buy(signedIn.customer, signedIn.check, context.contextVersion, request.params.id, shop),
      );
      reply.header('cache-control', 'no-store');
      return bought;
    },
  );
};

/** The diner's own rewards: My Rewards and a reward's QR. */
const myRewardsRoutes: FastifyPluginAsyncZod<LoyaltyRoutesOptions> = async (app, { rewards }) => {
  app.get(
    '/loyalty/:uuid/me/rewards/',
    {
      config: { auth: 'diner', diner: { services: ['loyalty'] } },
      schema: {
        tags: ['loyalty'],
        summary: 'My Rewards: every reward the signed-in diner owns, with its status, window and code',
        params: uuidParams,
        response: { 200: myRewardsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const me = signedInDiner(request).customer;
      reply.header('cache-control', 'no-store');
      return rewards.mine(me);
    },
  );

  app.get(
    '/loyalty/:uuid/me/rewards/:id/qr/',
    {
      config: { auth: 'diner', diner: { services: ['loyalty'] } },
      schema: {
        tags: ['loyalty'],
        summary: "A fresh signed token for the reward's QR code (short-lived: the page refreshes it)",
        params: ownedRewardParams,
        response: { 200: rewardQrResponse, ...errors },
      },
    },
    async (request, reply) => {
      const me = signedInDiner(request).customer;
      reply.header('cache-control', 'no-store');
      return rewards.qr(me, request.params.id);
    },
  );
};

/** The diner's points: the programme, their account and history. */
const dinerPointsRoutes: FastifyPluginAsyncZod<LoyaltyRoutesOptions> = async (app, { loyalty }) => {
  app.get(
    '/loyalty/:uuid/programme/',
    {
      config: { auth: 'public', diner: { services: ['loyalty'] } },
      schema: {
        tags: ['loyalty'],
        summary: "The brand's points rule (with its limits) and levels",
        params: uuidParams,
        response: { 200: loyaltyProgrammeSchema, ...errors },
      },
    },
    async (request) => loyalty.programme(dinerOf(request).qr.brand.id),
  );

  app.get(
    '/loyalty/:uuid/me/',
    {
      config: { auth: 'diner', diner: { services: ['loyalty'] } },
      schema: {
        tags: ['loyalty'],
        summary: "The signed-in diner's wallet, lifetime points, level, next level and next expiry",
        params: uuidParams,
        response: { 200: loyaltyAccountSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = signedInDiner(request).customer;
      reply.header('cache-control', 'no-store');
      return loyalty.account(me);
    },
  );

  app.get(
    '/loyalty/:uuid/me/history/',
    {
      config: { auth: 'diner', diner: { services: ['loyalty'] } },
      schema: {
        tags: ['loyalty'],
        summary: "The signed-in diner's points history, newest first",
        params: uuidParams,
        querystring: pointsHistoryQuery,
        response: { 200: pointsHistorySchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = signedInDiner(request).customer;
      reply.header('cache-control', 'no-store');
      return loyalty.history(me.id, me.brandId, request.query);
    },
  );
};

/** The staff's side at the counter: a presented reward looked up, then redeemed. */
const redemptionRoutes: FastifyPluginAsyncZod<LoyaltyRoutesOptions> = async (app, { rewards, guards }) => {
  const staff = guards.staff();
  const staffErrors = errorResponses(400, 401, 403, 404, 409, 410, 429);

  app.post(
    '/staff/redemptions/lookup/',
    {
      preHandler: staff,
      schema: {
        tags: ['staff'],
        summary:
          "What a presented reward is (scanned QR, or typed code with the diner's phone), and whether it may be redeemed here",
        body: redemptionBody,
        response: { 200: redemptionLookupResponse, ...staffErrors },
      },
    },
    async (request) => rewards.lookup(staffOf(request), request.body, request.language),
  );

  app.post(
    '/staff/redemptions/',
    {
      preHandler: staff,
      schema: {
        tags: ['staff'],
        summary: "Redeems a presented reward once, at the staff user's branch (recorded with who, where and when)",
        body: redemptionBody,
        response: { 200: redemptionLookupResponse, ...staffErrors },
      },
    },
    async (request) => rewards.redeem(staffOf(request), request.body),
  );
};

/** The staff's side for a customer: prizes granted, their points looked up and adjusted. */
const staffCustomerRoutes: FastifyPluginAsyncZod<LoyaltyRoutesOptions> = async (app, { loyalty, rewards, guards }) => {
  const staff = guards.staff();
  // A diner's ledger is for the people who answer for it: managers and owners (cashiers redeem, they don't audit).
  const managers = guards.staff(['owner', 'manager']);

  app.post(
    '/staff/customers/:id/rewards/',
    {
      preHandler: staff,
      schema: {
        tags: ['staff'],
        summary: 'A manager grants a reward (a prize) to a customer of the brand',
        params: idParams,
        body: grantRewardBody,
        response: { 200: ownedRewardSchema, ...errors },
      },
    },
    async (request) => rewards.grant(staffOf(request), request.params.id, request.body.rewardId),
  );

  app.post(
    '/staff/customers/lookup/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: "Finds a customer of the staff user's brand by phone, with their points (managers and owners)",
        body: staffCustomerLookupBody,
        response: { 200: staffCustomerSchema, ...errors },
      },
    },
    async (request) => loyalty.findCustomer(staffOf(request), request.body),
  );

  app.get(
    '/staff/customers/:id/points/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: "A customer's points history (the staff user's brand; managers and owners)",
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

/**
 * Points for diners (the brand from the QR uuid, the diner from that brand's session: no customer id in a diner's
 * path) and for staff (a customer of the staff user's brand by id). The loyalty service switch turns the diner's
 * routes off (403 service_deactivated: the app lands on /deactivated/{uuid}).
 *
 * Registered as five plugins by concern, in the order the routes always had (the OpenAPI document keeps it).
 */
export const loyaltyRoutes: FastifyPluginAsyncZod<LoyaltyRoutesOptions> = async (app, options) => {
  await app.register(rewardShopRoutes, options);
  await app.register(myRewardsRoutes, options);
  await app.register(dinerPointsRoutes, options);
  await app.register(redemptionRoutes, options);
  await app.register(staffCustomerRoutes, options);
};

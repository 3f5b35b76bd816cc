import { errorResponses } from '@sufra/shared/schemas/common';
import {
  levelsBody,
  levelsPreview,
  loyaltyLevelsAdmin,
  loyaltyRulesAdmin,
  loyaltyRulesBody,
  referralRulesAdmin,
  referralRulesBody,
} from '@sufra/shared/schemas/loyalty-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import type { LoyaltyAdminService } from './loyalty-admin.service.ts';

/**
 * The loyalty programme in the management console (issue 27 items 1, 2, 6): owners and managers read, owners save
 * (the service refuses a manager's save: docs/adr/0480).
 */
export const loyaltyAdminRoutes: FastifyPluginAsyncZod<{
  loyaltyAdmin: LoyaltyAdminService;
  guards: AuthGuards;
}> = async (app, { loyaltyAdmin: service, guards }) => {
  const readers = guards.staff(['owner', 'manager']);
  const owners = guards.staff(['owner']);

  app.get(
    '/staff/manage/loyalty/rules/',
    {
      preHandler: readers,
      schema: {
        tags: ['staff'],
        summary: "The brand's points rule with its version and branches (owners and managers)",
        response: { 200: loyaltyRulesAdmin, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.rules(staffOf(request)),
  );

  app.put(
    '/staff/manage/loyalty/rules/',
    {
      preHandler: owners,
      schema: {
        tags: ['staff'],
        summary: 'Saves the points rule at the version read; orders placed from now on earn by it (owners)',
        body: loyaltyRulesBody,
        response: { 200: loyaltyRulesAdmin, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => service.saveRules(staffOf(request), request.ip, request.body),
  );

  app.get(
    '/staff/manage/loyalty/levels/',
    {
      preHandler: readers,
      schema: {
        tags: ['staff'],
        summary: "The brand's levels with the diners in each now (owners and managers)",
        response: { 200: loyaltyLevelsAdmin, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.levels(staffOf(request)),
  );

  app.post(
    '/staff/manage/loyalty/levels/preview/',
    {
      preHandler: readers,
      schema: {
        tags: ['staff'],
        summary: 'How many diners a proposed set of levels puts in each and moves, written nowhere',
        body: levelsBody,
        response: { 200: levelsPreview, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => service.previewLevels(staffOf(request), request.body),
  );

  app.put(
    '/staff/manage/loyalty/levels/',
    {
      preHandler: owners,
      schema: {
        tags: ['staff'],
        summary: 'Saves the whole set of levels at the version read; a level left out is retired (owners)',
        body: levelsBody,
        response: { 200: loyaltyLevelsAdmin, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => service.saveLevels(staffOf(request), request.ip, request.body),
  );

  app.get(
    '/staff/manage/loyalty/referral/',
    {
      preHandler: readers,
      schema: {
        tags: ['staff'],
        summary: "The brand's referral rule with its version (owners and managers)",
        response: { 200: referralRulesAdmin, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.referral(staffOf(request)),
  );

  app.put(
    '/staff/manage/loyalty/referral/',
    {
      preHandler: owners,
      schema: {
        tags: ['staff'],
        summary: 'Saves the referral rule at the version read (owners)',
        body: referralRulesBody,
        response: { 200: referralRulesAdmin, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => service.saveReferral(staffOf(request), request.ip, request.body),
  );
};

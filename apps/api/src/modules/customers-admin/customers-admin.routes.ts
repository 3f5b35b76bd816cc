import { errorResponses, idParams } from '@sufra/shared/schemas/common';
import {
  customerExportResponse,
  customerLevelsResponse,
  customerListBody,
  customerListResponse,
  customerPageSchema,
  customerPointsBody,
  customerPointsResponse,
  customerPrizeBody,
  customerPrizeResponse,
  grantableRewardsResponse,
} from '@sufra/shared/schemas/customers-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import type { CustomersAdminService } from './customers-admin.service.ts';

const BASE = '/staff/manage/customers';

/**
 * The console's customers (issue 27 item 8): owners and managers of the diner's brand; cashiers 403; another
 * brand's diner 404. The list and the export take their filters in the body (a typed phone stays out of logs).
 */
export const customersAdminRoutes: FastifyPluginAsyncZod<{
  customersAdmin: CustomersAdminService;
  guards: AuthGuards;
}> = async (app, { customersAdmin, guards }) => {
  const managers = guards.staff(['owner', 'manager']);

  app.post(
    `${BASE}/search/`,
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: "The brand's diners, searched (name, or phone in any local form), filtered, sorted, a page at a time",
        body: customerListBody,
        response: { 200: customerListResponse, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) => customersAdmin.list(staffOf(request), request.body),
  );

  app.post(
    `${BASE}/export/`,
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: "A segment's diners as CSV (UTF-8 with a byte-order mark); the export is recorded in the audit log",
        body: customerListBody,
        response: { 200: customerExportResponse, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return customersAdmin.exportSegment(staffOf(request), request.ip, request.body, request.language);
    },
  );

  app.get(
    `${BASE}/levels/`,
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: "The brand's loyalty levels, for the segment filter",
        response: { 200: customerLevelsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => customersAdmin.levels(staffOf(request)),
  );

  app.get(
    `${BASE}/rewards/`,
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: "The brand's active rewards a manager may grant from a customer's page",
        response: { 200: grantableRewardsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => customersAdmin.grantableRewards(staffOf(request)),
  );

  app.get(
    `${BASE}/:id/`,
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: "A customer's page (orders, ledger, rewards, coupons, punch cards, evaluations, referral); audited",
        params: idParams,
        response: { 200: customerPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return customersAdmin.page(staffOf(request), request.ip, request.params.id);
    },
  );

  app.post(
    `${BASE}/:id/points/`,
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: 'Grants (or takes back) points with a reason: a ledger row and an audit row',
        params: idParams,
        body: customerPointsBody,
        response: { 200: customerPointsResponse, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => customersAdmin.grantPoints(staffOf(request), request.ip, request.params.id, request.body),
  );

  app.post(
    `${BASE}/:id/rewards/`,
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: "Grants a prize (a reward of the brand) with a reason; it lands in the diner's My Rewards; audited",
        params: idParams,
        body: customerPrizeBody,
        response: { 201: customerPrizeResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return customersAdmin.grantPrize(staffOf(request), request.ip, request.params.id, request.body);
    },
  );
};

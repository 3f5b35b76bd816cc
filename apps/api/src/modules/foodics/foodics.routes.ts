import { errorResponses } from '@sufra/shared/schemas/common';
import {
  type FOODICS_CALLBACK_OUTCOMES,
  foodicsAuthorizeResponse,
  foodicsCallbackQuery,
  foodicsConnectionView,
  foodicsDisconnectResponse,
  foodicsHandOffList,
  foodicsHandOffQuery,
  foodicsOrderParams,
  foodicsSettleResponse,
  foodicsWebhookParams,
  foodicsWebhookResponse,
} from '@sufra/shared/schemas/foodics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import type { FoodicsService } from './foodics.service.ts';

/** Foodics' webhooks, and the hand-off's dead letters for owners and managers (issue 28 item 1). */
export const foodicsRoutes: FastifyPluginAsyncZod<{ foodics: FoodicsService; guards: AuthGuards }> = async (
  app,
  { foodics, guards },
) => {
  const managers = guards.staff(['owner', 'manager']);
  const owners = guards.staff(['owner']);

  app.post(
    '/foodics/webhooks/:secret',
    {
      // Foodics signs nothing: the path's secret and the body's business reference are checked in the service.
      config: { auth: 'public' },
      // Foodics' body is the full order (large, its shape theirs): read loosely, checked in the service.
      bodyLimit: 1024 * 1024,
      schema: {
        tags: ['foodics'],
        summary:
          "Foodics' order webhooks (a secret path per brand; the business reference checked; deduplicated): always 200",
        params: foodicsWebhookParams,
        body: z.unknown(),
        // 404 only for a path without its secret (no route matches): every webhook Foodics can send gets 200.
        response: { 200: foodicsWebhookResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      try {
        await foodics.receiveWebhook(request.params.secret, request.body);
      } catch (error) {
        // Never an error to Foodics: 100 non-2xx in a minute block the URL for an hour; polling catches up.
        request.log.error({ err: error }, 'Foodics webhook not applied');
      }
      return { ok: true as const };
    },
  );

  app.get(
    '/staff/manage/foodics/orders/',
    {
      preHandler: managers,
      schema: {
        tags: ['foodics'],
        summary: "Orders handed to Foodics: dead letters, retries, those still Pending there (the caller's branches)",
        querystring: foodicsHandOffQuery,
        response: { 200: foodicsHandOffList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => foodics.list(staffOf(request), request.query),
  );

  app.post(
    '/staff/manage/foodics/orders/:orderId/retry/',
    {
      preHandler: managers,
      schema: {
        tags: ['foodics'],
        summary: 'Sends a dead letter to Foodics again (its failures forgiven)',
        params: foodicsOrderParams,
        response: { 200: foodicsSettleResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => foodics.retry(staffOf(request), request.ip, request.params.orderId),
  );

  app.post(
    '/staff/manage/foodics/orders/:orderId/handled/',
    {
      preHandler: managers,
      schema: {
        tags: ['foodics'],
        summary: 'Marks a dead letter handled (entered in the POS by hand): no more retries',
        params: foodicsOrderParams,
        response: { 200: foodicsSettleResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => foodics.markHandled(staffOf(request), request.ip, request.params.orderId),
  );

  app.get(
    '/staff/manage/foodics/connection/',
    {
      preHandler: owners,
      schema: {
        tags: ['foodics'],
        summary: "The brand's Foodics connection: the business, how it is connected, whether OAuth is set up here",
        response: { 200: foodicsConnectionView, ...errorResponses(401, 403) },
      },
    },
    async (request) => foodics.connection.view(staffOf(request)),
  );

  app.post(
    '/staff/manage/foodics/connection/authorize/',
    {
      preHandler: owners,
      schema: {
        tags: ['foodics'],
        summary: "Foodics' page where the owner allows the app (OAuth 2 authorization code; the state signed, 10 min)",
        response: { 200: foodicsAuthorizeResponse, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => foodics.connection.authorizeUrl(staffOf(request)),
  );

  app.get(
    '/staff/manage/foodics/connection/callback/',
    {
      preHandler: owners,
      schema: {
        tags: ['foodics'],
        summary:
          "Foodics' redirect after the owner's answer: the code exchanged, whoami recorded, tokens encrypted; back to the console page",
        querystring: foodicsCallbackQuery,
        response: {
          302: z.null().describe('To /staff/manage/foodics?foodics=<outcome>'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { code, state, error } = request.query;
      let outcome: (typeof FOODICS_CALLBACK_OUTCOMES)[number] = 'connected';
      if (error) outcome = 'refused';
      else if (!code || !state) outcome = 'state_invalid';
      else {
        try {
          await foodics.connection.complete(staffOf(request), request.ip, { code, state });
        } catch (cause) {
          if (!(cause instanceof AppError)) throw cause;
          outcome = cause.code === 'foodics_oauth_state_invalid' ? 'state_invalid' : 'failed';
        }
      }
      return reply.redirect(`/staff/manage/foodics?foodics=${outcome}`, 302);
    },
  );

  app.delete(
    '/staff/manage/foodics/connection/',
    {
      preHandler: owners,
      schema: {
        tags: ['foodics'],
        summary: 'Disconnects the brand from Foodics: its tokens deleted (audited); the id mapping is kept',
        response: { 200: foodicsDisconnectResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => foodics.connection.disconnect(staffOf(request), request.ip),
  );
};

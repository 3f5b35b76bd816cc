import { errorBody } from '@sufra/shared/schemas/common';
import { orderParams } from '@sufra/shared/schemas/order';
import {
  cardPageResponse,
  paymentRedirectResponse,
  paymentRedirectSchema,
  paymentSourceBody,
  paymentVerifyResponse,
  webhookAckResponse,
} from '@sufra/shared/schemas/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInDiner } from '../../plugins/diner-context.ts';
import type { PaymentsService } from './payments.service.ts';

export interface PaymentsRoutesOptions {
  payments: PaymentsService;
}

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  410: errorBody,
  422: errorBody,
  502: errorBody,
};

/** The diner's card payment: a new attempt, the return page's verify, our card page and its token. */
const cardPaymentRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, { payments }) => {
  app.post(
    '/orders/:uuid/:id/payment/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['orders'],
        summary: 'A new card payment attempt for an unpaid card order (never a second order)',
        params: orderParams,
        response: { 201: paymentRedirectResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { customer } = signedInDiner(request);
      const answer = await payments.retry(customer, request.params.id, request.params.uuid, request.language);
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/orders/:uuid/:id/payment/verify/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['orders'],
        summary: "The card payment's verdict, asked of the provider (the return URL's query is never trusted)",
        params: orderParams,
        response: { 200: paymentVerifyResponse, ...errors },
      },
    },
    async (request) => {
      const { customer } = signedInDiner(request);
      return payments.verify(customer, request.params.id, request.language);
    },
  );

  app.get(
    '/orders/:uuid/:id/payment/card/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['orders'],
        summary: "What our card page needs (Moyasar): the order and the provider's tokens URL and publishable key",
        params: orderParams,
        response: { 200: cardPageResponse, ...errors },
      },
    },
    async (request) => {
      const { customer } = signedInDiner(request);
      return payments.cardPage(customer, request.params.id, request.params.uuid);
    },
  );

  app.post(
    '/orders/:uuid/:id/payment/source/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['orders'],
        summary: 'The card token the browser made with the provider (never the card): answers the 3-D Secure step',
        params: orderParams,
        body: paymentSourceBody,
        response: { 200: paymentRedirectSchema, ...errors },
      },
    },
    async (request) => {
      const { customer } = signedInDiner(request);
      return payments.submitCardToken(
        customer,
        request.params.id,
        request.params.uuid,
        request.body.token,
        request.language,
      );
    },
  );
};

/** Webhooks are signed over their exact bytes: this scope reads every body as a string, unparsed. */
const webhookRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (hooks, { payments }) => {
  hooks.removeAllContentTypeParsers();
  hooks.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  hooks.post(
    '/payments/webhooks/:provider/',
    {
      // No session: each provider's request is checked its own way (see the summary).
      config: { auth: 'public' },
      schema: {
        tags: ['orders'],
        summary: "A payment provider's webhook (test gateway: signed; Moyasar: secret token); forged → 401",
        params: z.object({ provider: z.enum(['test', 'moyasar']) }),
        response: { 200: webhookAckResponse, 401: errorBody, 404: errorBody, 502: errorBody },
      },
    },
    async (request) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      await payments.receiveWebhook(request.params.provider, { rawBody, headers: request.headers });
      return { received: true as const };
    },
  );
};

/**
 * Card payments of orders (contract: shared/schemas/payment.ts). The diner's routes are reached like their
 * orders (the QR names the brand, the session the customer: another's order answers 404).
 *
 * Registered as plugins by concern, in the order the routes always had (the OpenAPI document keeps it).
 */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, options) => {
  await app.register(cardPaymentRoutes, options);
  await app.register(webhookRoutes, options);
};

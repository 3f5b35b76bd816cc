import { errorBody, idParams, uuidParams } from '@sufra/shared/schemas/common';
import {
  orderListQuery,
  orderListResponse,
  orderParams,
  orderSchema,
  orderStatusBody,
  placeOrderBody,
  staffOrderListResponse,
  staffOrderSchema,
  staffOrdersQuery,
} from '@sufra/shared/schemas/order';
import { placedOrderResponse } from '@sufra/shared/schemas/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import { keptDiner, signedInDiner } from '../../plugins/diner-context.ts';
import { AppError } from '../../plugins/errors.ts';
import type { OrdersService } from './orders.service.ts';

export interface OrdersRoutesOptions {
  orders: OrdersService;
  guards: AuthGuards;
}

// Spelled out (not errorResponses): placement answers with the stored status of a replay, a plain number.
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

/** Visible ASCII, 1..200 characters: what clients put in Idempotency-Key (usually a uuid). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** The diner's side: placing an order, their orders and one of them. */
const dinerOrderRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { orders }) => {
  app.post(
    '/orders/:uuid/',
    {
      // Kept by this process between orders when it can be: the write checks it is still current. The session's
      // database check rides on placement's write (a card order's first read): no round trip of its own. Signing in
      // is verifying the phone: a diner with no session is told the spec's words when ordering.
      config: {
        auth: 'diner',
        diner: { context: 'kept', session: 'pending', signedOutError: 'phone_not_verified' },
      },
      schema: {
        tags: ['orders'],
        summary:
          'Place an order (Idempotency-Key header required; a replay answers the first response). Card: the answer carries the payment page',
        params: uuidParams,
        body: placeOrderBody,
        response: { 200: placedOrderResponse, 201: placedOrderResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { kept: context, signedIn } = keptDiner(request);
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) throw new AppError('idempotency_key_required');
      const placed = await orders.placeOrder(context, signedIn, key, request.body, request.language);
      if (placed.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(placed.status).send(placed.body);
    },
  );

  app.get(
    '/orders/:uuid/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['orders'],
        summary: "The signed-in customer's orders at this brand, newest first",
        params: uuidParams,
        querystring: orderListQuery,
        response: { 200: orderListResponse, ...errors },
      },
    },
    async (request) => {
      const { customer } = signedInDiner(request);
      return orders.listForCustomer(customer, request.query.page, request.query.pageSize);
    },
  );

  app.get(
    '/orders/:uuid/:id/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['orders'],
        summary: "One of the signed-in customer's orders",
        params: orderParams,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      const { customer } = signedInDiner(request);
      return orders.getForCustomer(customer, request.params.id);
    },
  );
};

/** The board's side: the branch's orders, status moves and cash received. */
const staffOrderRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { guards, orders }) => {
  const staff = guards.staff();

  app.get(
    '/staff/orders/',
    {
      preHandler: staff,
      schema: {
        tags: ['staff'],
        summary: "The order board: orders of the staff user's branches, newest first",
        querystring: staffOrdersQuery,
        response: { 200: staffOrderListResponse, ...errors },
      },
    },
    async (request) => ({ orders: await orders.listForStaff(staffOf(request), request.query) }),
  );

  app.patch(
    '/staff/orders/:id/status/',
    {
      preHandler: staff,
      schema: {
        tags: ['staff'],
        summary:
          'Move an order to another status, as the order status machine allows (409 otherwise); accept with a delay (delayMinutes), cancel with a reason or one from the list (declineReason)',
        params: idParams,
        body: orderStatusBody,
        response: { 200: staffOrderSchema, ...errors },
      },
    },
    async (request) => {
      const { to, ...move } = request.body;
      return orders.changeStatus(staffOf(request), request.params.id, to, move);
    },
  );

  app.post(
    '/staff/orders/:id/cash-received/',
    {
      preHandler: staff,
      schema: {
        tags: ['staff'],
        summary:
          "Record a cash order's money as taken (who and when; the order becomes paid). 409 when not a cash order, canceled or returned, or recorded already",
        params: idParams,
        response: { 200: staffOrderSchema, ...errors },
      },
    },
    async (request) => orders.recordCash(staffOf(request), request.params.id),
  );
};

/**
 * Orders. The QR uuid names the brand; the session cookie of that brand names the customer, so a customer only
 * ever reaches their own orders (another's id answers 404). Staff routes are scoped to the staff user's branches.
 *
 * Registered as plugins by concern, in the order the routes always had (the OpenAPI document keeps it).
 */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, options) => {
  await app.register(dinerOrderRoutes, options);
  await app.register(staffOrderRoutes, options);
};

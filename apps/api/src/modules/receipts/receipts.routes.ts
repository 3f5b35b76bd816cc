import { errorResponses, idParams } from '@sufra/shared/schemas/common';
import { orderParams } from '@sufra/shared/schemas/order';
import { receiptEmailSchema, receiptSchema } from '@sufra/shared/schemas/receipt';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import { signedInDiner } from '../../plugins/diner-context.ts';
import type { ReceiptsService } from './receipts.service.ts';

const errors = errorResponses(400, 401, 403, 404, 410);

/** An order's receipt: the diner's own order (by the QR code's brand), or staff of the order's branch. */
export const receiptsRoutes: FastifyPluginAsyncZod<{
  receipts: ReceiptsService;
  guards: AuthGuards;
}> = async (app, { receipts, guards }) => {
  app.get(
    '/orders/:uuid/:id/receipt/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['orders'],
        summary:
          "The receipt of one of the signed-in diner's orders: lines, discounts by source, VAT, payment; a simplified tax invoice's ZATCA QR text",
        params: orderParams,
        response: { 200: receiptSchema, ...errors },
      },
    },
    async (request) => {
      return receipts.forCustomer(signedInDiner(request).customer, request.params.id);
    },
  );

  app.post(
    '/orders/:uuid/:id/receipt/email/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['orders'],
        summary:
          '"Email me this receipt": e-mails the receipt of one of the signed-in diner\'s orders to the address they gave (sent after the answer, through the outbox)',
        params: orderParams,
        response: { 202: receiptEmailSchema, ...errorResponses(400, 401, 403, 404, 409, 410, 422, 429) },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return receipts.emailToCustomer(signedInDiner(request).customer, request.params.id, request.language);
    },
  );

  app.get(
    '/staff/orders/:id/receipt/',
    {
      preHandler: guards.staff(),
      schema: {
        tags: ['staff'],
        summary: "An order's receipt, for staff of its branch (to print at the counter)",
        params: idParams,
        response: { 200: receiptSchema, ...errors },
      },
    },
    async (request) => receipts.forStaff(staffOf(request), request.params.id),
  );
};

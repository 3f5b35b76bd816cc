import { branchListResponse, branchSchema, mainBranchQuery } from '@sufra/shared/schemas/branch';
import { errorBody, idParams } from '@sufra/shared/schemas/common';
import { paymentChoicesResponse } from '@sufra/shared/schemas/establishment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BranchesService } from '../../core/branch-context.service.ts';
import type { QrService } from '../../core/qr-context.service.ts';

export const branchesRoutes: FastifyPluginAsyncZod<{ branches: BranchesService; qr: QrService }> = async (
  app,
  { branches, qr },
) => {
  app.get(
    '/branch/main-branch/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['branches'],
        summary: "The main branch of the QR code's brand, else of the brand serving this host, else the first brand",
        querystring: mainBranchQuery,
        response: { 200: branchSchema, 400: errorBody, 404: errorBody, 410: errorBody },
      },
    },
    async (request) => {
      const brandId = request.query.uuid ? (await qr.resolveQr(request.query.uuid)).brand.id : undefined;
      return branches.getMainBranch({ brandId, host: request.hostname });
    },
  );

  app.get(
    '/branch/list-qr/:id/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['branches'],
        summary: 'All branches of a brand (id = brand id) with their open/closed status',
        params: idParams,
        response: { 200: branchListResponse, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ branches: await branches.listBranches(request.params.id) }),
  );

  app.get(
    '/menu/order/qr/payment/choices/:id/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['branches'],
        summary: 'Payment choices of a branch (id = branch id)',
        params: idParams,
        response: { 200: paymentChoicesResponse, 400: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ choices: await branches.getPaymentChoices(request.params.id) }),
  );
};

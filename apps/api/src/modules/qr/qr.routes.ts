import { errorBody, uuidParams } from '@sufra/shared/schemas/common';
import { qrCheckBody, qrCheckResponse, qrDataQuery, qrDataResponse } from '@sufra/shared/schemas/establishment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { QrService } from '../../core/qr-context.service.ts';
import { dinerOf } from '../../plugins/diner-context.ts';

export const qrRoutes: FastifyPluginAsyncZod<{ qr: QrService }> = async (app, { qr }) => {
  app.get(
    '/restaurant/qr/:uuid/data/',
    {
      config: { auth: 'public', diner: {} },
      schema: {
        tags: ['establishment'],
        summary: 'Landing data for a QR code: brand, branch, table, services',
        params: uuidParams,
        querystring: qrDataQuery,
        response: { 200: qrDataResponse, 400: errorBody, 403: errorBody, 404: errorBody, 410: errorBody },
      },
    },
    async (request) => qr.getQrData(dinerOf(request).qr, request.query.utm_source),
  );

  app.post(
    '/branch/qr-check/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['establishment'],
        summary: 'Is this uuid a known, active QR code?',
        body: qrCheckBody,
        response: { 200: qrCheckResponse, 400: errorBody },
      },
    },
    async (request) => qr.checkQr(request.body.uuid),
  );
};

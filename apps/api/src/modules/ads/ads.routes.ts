import { popupResponse, sliderResponse } from '@sufra/shared/schemas/ads';
import { errorBody, idParams } from '@sufra/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdsService } from './ads.service.ts';

export const adsRoutes: FastifyPluginAsyncZod<{ ads: AdsService }> = async (app, { ads }) => {
  app.get(
    '/ads/popup/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['ads'],
        summary: 'The active pop-up of a branch (id = branch id), texts in the request language; 204 when none',
        params: idParams,
        response: {
          200: popupResponse,
          204: z.null().describe('No active pop-up'),
          400: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.header('vary', 'Accept-Language');
      const popup = await ads.getPopup(request.params.id, request.language);
      if (!popup) return reply.code(204).send(null);
      return popup;
    },
  );

  app.get(
    '/ads/slider/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['ads'],
        summary: 'The slider ads of a branch (id = branch id), titles in the request language',
        params: idParams,
        response: { 200: sliderResponse, 400: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('vary', 'Accept-Language');
      return ads.getSlider(request.params.id, request.language);
    },
  );
};

import { brandSettings, brandSettingsBody } from '@sufra/shared/schemas/brand-settings';
import { errorResponses } from '@sufra/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import type { BrandSettingsService } from './brand-settings.service.ts';

/** The brand settings in the management console (issue 26 item 8): owners and managers. */
export const brandSettingsRoutes: FastifyPluginAsyncZod<{
  brandSettings: BrandSettingsService;
  guards: AuthGuards;
}> = async (app, { brandSettings: service, guards }) => {
  const managers = guards.staff(['owner', 'manager']);

  app.get(
    '/staff/manage/brand/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: "The brand's settings with their version (owners and managers)",
        response: { 200: brandSettings, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.get(staffOf(request)),
  );

  app.put(
    '/staff/manage/brand/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: "Saves the brand's settings at the version read (409 with both versions when someone saved since)",
        body: brandSettingsBody,
        response: { 200: brandSettings, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request) => service.save(staffOf(request), request.ip, request.body),
  );
};

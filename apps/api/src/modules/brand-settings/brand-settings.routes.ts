import multipart from '@fastify/multipart';
import { brandLogoQuery, brandSettings, brandSettingsBody } from '@sufra/shared/schemas/brand-settings';
import { dbIdParam, errorResponses, nonJsonResponse } from '@sufra/shared/schemas/common';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { readOneFile } from '../../plugins/file-upload.ts';
import type { BrandSettingsService } from './brand-settings.service.ts';

/** A logo file's limit: any exported logo or phone photo of one fits; it is re-encoded at 512 px at most. */
const MAX_LOGO_BYTES = 5 * 1024 * 1024;
const logoParts = z.object({ logo: z.string().meta({ format: 'binary' }) });

function sendLogo(reply: FastifyReply, body: Buffer) {
  return (
    reply
      .header('content-type', 'image/webp')
      .header('x-content-type-options', 'nosniff')
      // The name holds a random part: a new logo gets a new name, so this one can be kept for good.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(body)
  );
}

/** The brand settings in the management console (issue 26 item 8): owners and managers; the logo diners see. */
export const brandSettingsRoutes: FastifyPluginAsyncZod<{
  brandSettings: BrandSettingsService;
  guards: AuthGuards;
}> = async (app, { brandSettings: service, guards }) => {
  const managers = guards.staff(['owner', 'manager']);
  // Multipart here only for the logo upload (other modules register their own, in their own scope).
  await app.register(multipart, {
    limits: { fileSize: MAX_LOGO_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
  });

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

  app.post(
    '/staff/manage/brand/logo/',
    {
      preHandler: managers,
      config: { multipartBody: logoParts },
      schema: {
        tags: ['staff'],
        summary:
          "Replaces the brand's logo (multipart, the file part `logo`: JPEG, PNG or WebP by content, re-encoded)",
        querystring: brandLogoQuery,
        response: { 200: brandSettings, ...errorResponses(400, 401, 403, 409, 413, 415, 422) },
      },
    },
    async (request) => {
      const file = await readOneFile(request, 'brand_logo_missing');
      return service.setLogo(staffOf(request), request.ip, request.query.version, file);
    },
  );

  app.delete(
    '/staff/manage/brand/logo/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: "Removes the brand's logo at the version read (diners see the brand's name alone)",
        querystring: brandLogoQuery,
        response: { 200: brandSettings, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => service.removeLogo(staffOf(request), request.ip, request.query.version),
  );

  app.get(
    '/brand/logos/:brandId/:name',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['establishment'],
        summary: "A brand's logo (WebP, public, never changes: a new logo gets a new name)",
        params: z.object({ brandId: dbIdParam, name: z.string().max(40) }),
        response: {
          200: nonJsonResponse('image/webp', 'The logo (re-encoded WebP, no metadata)'),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const body = await service.logo(request.params.brandId, request.params.name);
      if (!body) throw new AppError('not_found');
      return sendLogo(reply, body);
    },
  );
};

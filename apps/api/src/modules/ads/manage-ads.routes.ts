import multipart from '@fastify/multipart';
import { errorResponses, idParams, nonJsonResponse } from '@sufra/shared/schemas/common';
import {
  adEventBody,
  adImageResponse,
  manageAdsResponse,
  managePopup,
  manageSlide,
  popupBody,
  popupUpdateBody,
  slideBody,
  slideUpdateBody,
} from '@sufra/shared/schemas/manage-ads';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { readOneFile } from '../../plugins/file-upload.ts';
import type { ManageAdsService } from './manage-ads.service.ts';

export interface ManageAdsRoutesOptions {
  manageAds: ManageAdsService;
  guards: AuthGuards;
}

/** An ad image upload's limit: a phone photo fits; it is resized to 1600 px on its longest side. */
const MAX_AD_IMAGE_BYTES = 8 * 1024 * 1024;
const errors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409);
const imageParts = z.object({ image: z.string().meta({ format: 'binary' }) });
const imageParams = z.object({ name: z.string().regex(/^[a-z0-9-]{1,64}\.jpg$/) });

function sendImage(reply: FastifyReply, body: Buffer) {
  // Named by a random uuid and never rewritten: cacheable for good.
  return reply
    .header('content-type', 'image/jpeg')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'public, max-age=31536000, immutable')
    .send(body);
}

/** The console's ads (owners; managers for their branches) and the two diner calls: an ad image, an ad's view. */
export const manageAdsRoutes: FastifyPluginAsyncZod<ManageAdsRoutesOptions> = async (app, { manageAds, guards }) => {
  // Multipart here only for the image upload (evaluations registers its own, in its own scope).
  await app.register(multipart, {
    limits: { fileSize: MAX_AD_IMAGE_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
  });
  const managers = guards.staff(['owner', 'manager']);
  const tags = ['staff'];

  app.get(
    '/staff/manage/ads/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: "The brand's pop-ups and slides the user sees (brand-wide and their branches'), with views and clicks",
        response: { 200: manageAdsResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return manageAds.list(staffOf(request));
    },
  );

  app.post(
    '/staff/manage/ads/images/',
    {
      preHandler: managers,
      config: { multipartBody: imageParts },
      schema: {
        tags,
        summary: 'An ad image (JPEG, PNG or WebP, checked by content), re-encoded as JPEG; its path for an ad',
        response: { 201: adImageResponse, ...errorResponses(400, 401, 403, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const image = await readOneFile(request, 'ad_image_missing');
      return reply.code(201).send(await manageAds.uploadImage(image));
    },
  );

  app.post(
    '/staff/manage/ads/popups/',
    {
      preHandler: managers,
      schema: { tags, summary: 'A new pop-up', body: popupBody, response: { 201: managePopup, ...writeErrors } },
    },
    async (request, reply) =>
      reply.code(201).send(await manageAds.createPopup(staffOf(request), request.ip, request.body)),
  );

  app.put(
    '/staff/manage/ads/popups/:id/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'A pop-up edited against the version read (409 ad_changed with both values when stale)',
        params: idParams,
        body: popupUpdateBody,
        response: { 200: managePopup, ...writeErrors },
      },
    },
    async (request) => manageAds.updatePopup(staffOf(request), request.ip, request.params.id, request.body),
  );

  app.delete(
    '/staff/manage/ads/popups/:id/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Removes a pop-up',
        params: idParams,
        response: { 204: z.null().describe('Removed'), ...writeErrors },
      },
    },
    async (request, reply) => {
      await manageAds.remove(staffOf(request), request.ip, 'popup', request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/staff/manage/ads/slides/',
    {
      preHandler: managers,
      schema: { tags, summary: 'A new slide', body: slideBody, response: { 201: manageSlide, ...writeErrors } },
    },
    async (request, reply) =>
      reply.code(201).send(await manageAds.createSlide(staffOf(request), request.ip, request.body)),
  );

  app.put(
    '/staff/manage/ads/slides/:id/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'A slide edited against the version read (409 ad_changed with both values when stale)',
        params: idParams,
        body: slideUpdateBody,
        response: { 200: manageSlide, ...writeErrors },
      },
    },
    async (request) => manageAds.updateSlide(staffOf(request), request.ip, request.params.id, request.body),
  );

  app.delete(
    '/staff/manage/ads/slides/:id/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Removes a slide',
        params: idParams,
        response: { 204: z.null().describe('Removed'), ...writeErrors },
      },
    },
    async (request, reply) => {
      await manageAds.remove(staffOf(request), request.ip, 'slide', request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/ads/images/:name',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['ads'],
        summary: 'An ad image (JPEG)',
        params: imageParams,
        response: { 200: nonJsonResponse('image/jpeg', 'The image'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const body = await manageAds.image(request.params.name);
      if (!body) throw new AppError('ad_not_found');
      return sendImage(reply, body);
    },
  );

  app.post(
    '/ads/events/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['ads'],
        summary: "A diner's view or click of an ad; counted once per session per day",
        body: adEventBody,
        response: { 204: z.null().describe('Counted (or already counted today)'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      await manageAds.recordEvent(request.body);
      return reply.code(204).send(null);
    },
  );
};

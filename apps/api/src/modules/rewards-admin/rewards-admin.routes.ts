import multipart from '@fastify/multipart';
import { errorResponses, idParams, nonJsonResponse } from '@sufra/shared/schemas/common';
import {
  manageReward,
  manageRewardsQuery,
  manageRewardsResponse,
  retireRewardBody,
  rewardBody,
  rewardImageResponse,
  rewardUpdateBody,
} from '@sufra/shared/schemas/manage-rewards';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { readOneFile } from '../../plugins/file-upload.ts';
import type { RewardsAdminService } from './rewards-admin.service.ts';

export interface RewardsAdminRoutesOptions {
  rewardsAdmin: RewardsAdminService;
  guards: AuthGuards;
}

/** A reward photo upload's limit: a phone photo fits; it is resized to 1200 px on its longest side. */
const MAX_REWARD_IMAGE_BYTES = 8 * 1024 * 1024;
const errors = errorResponses(400, 401, 403);
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

/** The console's points shop and prize shop catalogues (owners; managers for their branches' rewards) and the photos. */
export const rewardsAdminRoutes: FastifyPluginAsyncZod<RewardsAdminRoutesOptions> = async (
  app,
  { rewardsAdmin, guards },
) => {
  // Multipart here only for the photo upload (other modules register their own, in their own scopes).
  await app.register(multipart, {
    limits: { fileSize: MAX_REWARD_IMAGE_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
  });
  const managers = guards.staff(['owner', 'manager']);
  const tags = ['staff'];

  app.get(
    '/staff/manage/rewards/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: "The brand's rewards of one shop (points or prize), active or retired, with copies sold and owned",
        querystring: manageRewardsQuery,
        response: { 200: manageRewardsResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return rewardsAdmin.list(staffOf(request), request.query);
    },
  );

  app.post(
    '/staff/manage/rewards/images/',
    {
      preHandler: managers,
      config: { multipartBody: imageParts },
      schema: {
        tags,
        summary: 'A reward photo (JPEG, PNG or WebP, checked by content), re-encoded as JPEG; its path for a reward',
        response: { 201: rewardImageResponse, ...errorResponses(400, 401, 403, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const image = await readOneFile(request, 'reward_image_missing');
      return reply.code(201).send(await rewardsAdmin.uploadImage(image));
    },
  );

  app.post(
    '/staff/manage/rewards/',
    {
      preHandler: managers,
      schema: { tags, summary: 'A new reward', body: rewardBody, response: { 201: manageReward, ...writeErrors } },
    },
    async (request, reply) =>
      reply.code(201).send(await rewardsAdmin.create(staffOf(request), request.ip, request.body)),
  );

  app.put(
    '/staff/manage/rewards/:id/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'A reward edited against the version read (409 reward_changed with both values when stale)',
        params: idParams,
        body: rewardUpdateBody,
        response: { 200: manageReward, ...writeErrors },
      },
    },
    async (request) => rewardsAdmin.update(staffOf(request), request.ip, request.params.id, request.body),
  );

  app.post(
    '/staff/manage/rewards/:id/retire/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Retires a reward: off the shops, never deleted; copies diners own keep working',
        params: idParams,
        body: retireRewardBody,
        response: { 200: manageReward, ...writeErrors },
      },
    },
    async (request) => rewardsAdmin.retire(staffOf(request), request.ip, request.params.id, request.body.version),
  );

  app.get(
    '/rewards/images/:name',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['loyalty'],
        summary: 'A reward photo (JPEG)',
        params: imageParams,
        response: { 200: nonJsonResponse('image/jpeg', 'The photo'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const body = await rewardsAdmin.image(request.params.name);
      if (!body) throw new AppError('catalogue_reward_not_found');
      return sendImage(reply, body);
    },
  );
};

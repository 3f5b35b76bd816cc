import multipart, { type MultipartFile } from '@fastify/multipart';
import { MAX_EVALUATION_PHOTOS, MAX_PHOTO_BYTES } from '@sufra/shared/evaluation/answers';
import { errorResponses, idParams, nonJsonResponse } from '@sufra/shared/schemas/common';
import {
  apologyBody,
  evaluationFormParams,
  evaluationFormQuery,
  evaluationFormSchema,
  evaluationOrderParams,
  orderEvaluationSchema,
  staffEvaluationAlertsResponse,
  staffEvaluationSchema,
  staffEvaluationsQuery,
  staffEvaluationsResponse,
  submitEvaluationBody,
  submittedEvaluationSchema,
} from '@sufra/shared/schemas/evaluation';
import { findUnstorableText } from '@sufra/shared/schemas/storable-text';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import { dinerOf, signedInDiner } from '../../plugins/diner-context.ts';
import { AppError } from '../../plugins/errors.ts';
import type { EvaluationPlace, EvaluationsService } from './evaluations.service.ts';

export interface EvaluationsRoutesOptions {
  evaluations: EvaluationsService;
  guards: AuthGuards;
}

const errors = errorResponses(400, 401, 403, 404, 409, 410, 413, 415, 422, 429);
/** The multipart field that carries the answers (JSON); every file part is a photo. */
const EVALUATION_FIELD = 'evaluation';
/** The parts, as the OpenAPI document describes them (readSubmission reads them). */
const submissionParts = z.object({
  [EVALUATION_FIELD]: submitEvaluationBody,
  photos: z
    .array(z.string().meta({ format: 'binary' }))
    .max(MAX_EVALUATION_PHOTOS)
    .optional(),
});

/**
 * Reads the multipart body as it streams in: the answers field, and each photo (at most MAX_PHOTO_BYTES, counted
 * by busboy as the bytes arrive, so an oversized file is cut off, not held). The photos are kept raw (at most two,
 * 16 MB): they are decoded only once the order and answers have passed (issue 24). A third is refused when it starts.
 */
async function readSubmission(request: FastifyRequest) {
  let fields: unknown;
  const photos: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (photos.length >= MAX_EVALUATION_PHOTOS) throw new AppError('evaluation_too_many_photos');
        photos.push(await (part as MultipartFile).toBuffer());
      } else if (part.fieldname === EVALUATION_FIELD && typeof part.value === 'string') {
        try {
          fields = JSON.parse(part.value);
        } catch {
          throw new AppError('validation_failed', undefined, { [EVALUATION_FIELD]: 'field_invalid' });
        }
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('evaluation_photo_too_large');
    if (code === 'FST_FILES_LIMIT') throw new AppError('evaluation_too_many_photos');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('unsupported_media_type');
    if (typeof code === 'string' && code.startsWith('FST_')) throw new AppError('payload_too_large');
    if (error instanceof AppError) throw error;
    // busboy's own refusals (no boundary, a body cut off before its closing boundary, a broken part header): the
    // body can't be read, which is the client's doing (issue 24 item 17).
    throw new AppError('bad_request');
  }
  // The root text guard sees JSON bodies only; the answers came inside a multipart field.
  const unstorable = findUnstorableText(fields);
  if (unstorable) {
    throw new AppError('validation_failed', undefined, {
      [unstorable.join('.') || EVALUATION_FIELD]: 'text_invalid_characters',
    });
  }
  const parsed = submitEvaluationBody.safeParse(fields);
  if (!parsed.success) {
    // Each field by its path inside the answers (`evaluation.orderId`), as a JSON body's would be.
    const fields = Object.fromEntries(
      parsed.error.issues.map((issue) => [[EVALUATION_FIELD, ...issue.path.map(String)].join('.'), 'field_invalid']),
    ) as Record<string, 'field_invalid'>;
    throw new AppError('validation_failed', undefined, fields);
  }
  return { body: parsed.data, photos };
}

function sendPhoto(reply: FastifyReply, photo: { body: Buffer; contentType: string }) {
  // Personal (a diner's photo, behind a session): private cache only, and never sniffed as anything else.
  return reply
    .header('content-type', photo.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600')
    .header('content-disposition', 'inline')
    .send(photo.body);
}

/** The QR code's brand, branch and the branch's time zone (a visit rated without an order counts on its day). */
function placeOf(request: FastifyRequest): EvaluationPlace {
  const { qr } = dinerOf(request);
  return { brandId: qr.brand.id, branchId: qr.branch.id, timeZone: qr.branch.timeZone };
}

/** The diner's side: the form, their order's evaluation, submitting one, and their photos. */
const dinerEvaluationRoutes: FastifyPluginAsyncZod<EvaluationsRoutesOptions> = async (app, { evaluations }) => {
  app.get(
    '/evaluations/:uuid/forms/:form/',
    {
      // With ?order= the diner must be signed in (their order); without, the form answers signed out too.
      config: {
        auth: 'diner-optional',
        diner: {
          services: ['evaluation'],
          session: (request) => ((request.query as { order?: number }).order === undefined ? 'optional' : 'required'),
        },
      },
      schema: {
        tags: ['evaluations'],
        summary:
          "An evaluation form; with ?order=, whether the signed-in diner rated that order already; without, whether they rated today's visit to the QR code's branch",
        params: evaluationFormParams,
        querystring: evaluationFormQuery,
        response: { 200: evaluationFormSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = dinerOf(request).customer;
      if (me) reply.header('cache-control', 'no-store');
      return evaluations.form(placeOf(request), request.params.form, me, request.query.order);
    },
  );

  app.get(
    '/evaluations/:uuid/orders/:id/',
    {
      config: { auth: 'diner', diner: { services: ['evaluation'] } },
      schema: {
        tags: ['evaluations'],
        summary: "Whether one of the signed-in diner's orders can be rated (the brand's form), or was rated",
        params: evaluationOrderParams,
        response: { 200: orderEvaluationSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return evaluations.forOrder(signedInDiner(request).customer, request.params.id);
    },
  );

  app.post(
    '/evaluations/:uuid/forms/:form/',
    {
      // Signed in (the preHandler) before a byte of the photos is read or decoded.
      config: { auth: 'diner', diner: { services: ['evaluation'] }, multipartBody: submissionParts },
      schema: {
        tags: ['evaluations'],
        summary:
          "Rates an order (or, without orderId, a visit to the QR code's branch: once a day, no points): multipart, the field `evaluation` (JSON answers) and up to 2 photo files",
        params: evaluationFormParams,
        response: { 201: submittedEvaluationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const place = placeOf(request);
      const me = signedInDiner(request).customer;
      if (!request.isMultipart()) throw new AppError('unsupported_media_type');
      const { body, photos: uploads } = await readSubmission(request);
      // The order and answers first, the photos' decoding last (and counted per diner).
      await evaluations.checkBeforePhotos(me, place, request.params.form, body);
      const photos = await evaluations.decodePhotos(me, uploads);
      const result = await evaluations.submit(me, place, request.params.form, body, photos);
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/evaluations/:uuid/photos/:id/',
    {
      config: { auth: 'diner', diner: { services: ['evaluation'] } },
      schema: {
        tags: ['evaluations'],
        summary: 'A photo the signed-in diner sent with an evaluation (image/jpeg)',
        params: evaluationOrderParams,
        response: { 200: nonJsonResponse('image/jpeg', 'The photo (re-encoded JPEG, no metadata)'), ...errors },
      },
    },
    async (request, reply) => {
      return sendPhoto(reply, await evaluations.photoForCustomer(signedInDiner(request).customer, request.params.id));
    },
  );
};

/** The managers' side: the list, a photo, and an apology. */
const staffEvaluationRoutes: FastifyPluginAsyncZod<EvaluationsRoutesOptions> = async (app, { guards, evaluations }) => {
  app.get(
    '/staff/evaluations/',
    {
      preHandler: guards.staff(['owner', 'manager']),
      schema: {
        tags: ['staff'],
        summary: "Evaluations of the staff user's branches: per branch the count and average, then the latest",
        querystring: staffEvaluationsQuery,
        response: { 200: staffEvaluationsResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return evaluations.listForStaff(staffOf(request), request.query.branchId);
    },
  );

  app.get(
    '/staff/evaluations/alerts/',
    {
      preHandler: guards.staff(['owner', 'manager']),
      schema: {
        tags: ['staff'],
        summary: "The Evaluations tab's count: low ratings of the user's branches not yet answered with an apology",
        response: { 200: staffEvaluationAlertsResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return evaluations.alertsForStaff(staffOf(request));
    },
  );

  app.get(
    '/staff/evaluations/photos/:id/',
    {
      preHandler: guards.staff(['owner', 'manager']),
      schema: {
        tags: ['staff'],
        summary: "An evaluation's photo, for the managers of its branch (image/jpeg)",
        params: idParams,
        response: { 200: nonJsonResponse('image/jpeg', 'The photo (re-encoded JPEG, no metadata)'), ...errors },
      },
    },
    async (request, reply) => sendPhoto(reply, await evaluations.photoForStaff(staffOf(request), request.params.id)),
  );

  app.post(
    '/staff/evaluations/:id/apology/',
    {
      preHandler: guards.staff(['owner', 'manager']),
      schema: {
        tags: ['staff'],
        summary: "Answers an evaluation with an apology: the reward granted to the diner's My Rewards, once",
        params: idParams,
        body: apologyBody,
        response: { 200: staffEvaluationSchema, ...errors },
      },
    },
    async (request) => evaluations.apologize(staffOf(request), request.params.id, request.body.rewardId),
  );
};

/**
 * Evaluations: the diner's form and submission (the brand from the QR uuid, the diner from that brand's session),
 * photos for those allowed to see them, and the managers' list and apology. Multipart is registered here only, so
 * no other route accepts it.
 *
 * Registered as plugins by concern, in the order the routes always had (the OpenAPI document keeps it).
 */
export const evaluationsRoutes: FastifyPluginAsyncZod<EvaluationsRoutesOptions> = async (app, options) => {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_PHOTO_BYTES,
      // One more than allowed, so the third file is seen and refused in our words.
      files: MAX_EVALUATION_PHOTOS + 1,
      fields: 2,
      fieldSize: 64 * 1024,
      parts: MAX_EVALUATION_PHOTOS + 4,
      headerPairs: 50,
    },
  });

  await app.register(dinerEvaluationRoutes, options);
  await app.register(staffEvaluationRoutes, options);
};

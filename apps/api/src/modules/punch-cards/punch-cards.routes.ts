import { archiveBody } from '@sufra/shared/schemas/archive';
import { errorResponses, idParams, uuidParams } from '@sufra/shared/schemas/common';
import { ownedRewardParams } from '@sufra/shared/schemas/loyalty';
import {
  punchCardsResponse,
  punchHistoryResponse,
  punchProgrammeBody,
  staffPunchProgrammeSchema,
  staffPunchProgrammesResponse,
} from '@sufra/shared/schemas/punch-cards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import { dinerOf, signedInDiner } from '../../plugins/diner-context.ts';
import type { PunchCardsService } from './punch-cards.service.ts';

export interface PunchCardsRoutesOptions {
  punchCards: PunchCardsService;
  guards: AuthGuards;
}

const errors = errorResponses(400, 401, 403, 404, 410);

/** The diner's punch cards and a card's history. */
const dinerPunchCardRoutes: FastifyPluginAsyncZod<PunchCardsRoutesOptions> = async (app, { punchCards }) => {
  app.get(
    '/loyalty/:uuid/punch-cards/',
    {
      config: { auth: 'diner-optional', diner: { services: ['loyalty'] } },
      schema: {
        tags: ['loyalty'],
        summary: "The brand's punch cards: the signed-in diner's card in progress per programme, then finished ones",
        params: uuidParams,
        response: { 200: punchCardsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { qr, customer: me } = dinerOf(request);
      if (me) reply.header('cache-control', 'no-store');
      return punchCards.cards(qr.brand.id, me);
    },
  );

  app.get(
    '/loyalty/:uuid/me/punch-cards/:id/history/',
    {
      config: { auth: 'diner', diner: { services: ['loyalty'] } },
      schema: {
        tags: ['loyalty'],
        summary: "Punches History of one of the signed-in diner's cards, newest first",
        params: ownedRewardParams,
        response: { 200: punchHistoryResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return punchCards.history(signedInDiner(request).customer, request.params.id);
    },
  );
};

/** The brand's punch card programmes: listed, created and edited by managers and owners. */
const punchProgrammeRoutes: FastifyPluginAsyncZod<PunchCardsRoutesOptions> = async (app, { punchCards, guards }) => {
  const managers = guards.staff(['owner', 'manager']);
  const staffErrors = errorResponses(400, 401, 403, 404);

  app.get(
    '/staff/punch-programmes/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: "The brand's punch card programmes with their cards in progress and completed (managers, owners)",
        response: { 200: staffPunchProgrammesResponse, ...staffErrors },
      },
    },
    async (request) => punchCards.staffList(staffOf(request)),
  );

  app.post(
    '/staff/punch-programmes/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: 'Creates a punch card programme (managers, owners)',
        body: punchProgrammeBody,
        response: { 201: staffPunchProgrammeSchema, ...staffErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await punchCards.create(staffOf(request), request.body)),
  );

  app.put(
    '/staff/punch-programmes/:id/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: 'Edits a punch card programme; cards already started keep their count and end date',
        params: idParams,
        body: punchProgrammeBody,
        response: { 200: staffPunchProgrammeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => punchCards.update(staffOf(request), request.params.id, request.body),
  );

  const writeErrors = errorResponses(400, 401, 403, 404, 409);
  app.post(
    '/staff/punch-programmes/:id/archive/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: 'Archives a programme at the version read: no new punches or cards; rewards already earned stay',
        params: idParams,
        body: archiveBody,
        response: { 200: staffPunchProgrammeSchema, ...writeErrors },
      },
    },
    async (request) => punchCards.archive(staffOf(request), request.ip, request.params.id, request.body),
  );

  app.post(
    '/staff/punch-programmes/:id/restore/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: 'Restores an archived programme at the version read, switched off (the manager turns it on)',
        params: idParams,
        body: archiveBody,
        response: { 200: staffPunchProgrammeSchema, ...writeErrors },
      },
    },
    async (request) => punchCards.restore(staffOf(request), request.ip, request.params.id, request.body),
  );

  app.post(
    '/staff/punch-programmes/:id/duplicate/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: 'Copies a programme as a start: same rule and reward, named "(copy)", switched off',
        params: idParams,
        response: { 201: staffPunchProgrammeSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await punchCards.duplicate(staffOf(request), request.ip, request.params.id)),
  );
};

/**
 * Punch cards for diners (the brand from the QR uuid, the diner from its session; loyalty's service switch turns
 * them off with the rest of loyalty) and programmes for managers and owners. Registered as two plugins by concern,
 * in the order the routes always had (the OpenAPI document keeps it).
 */
export const punchCardsRoutes: FastifyPluginAsyncZod<PunchCardsRoutesOptions> = async (app, options) => {
  await app.register(dinerPunchCardRoutes, options);
  await app.register(punchProgrammeRoutes, options);
};

import { errorResponses } from '@sufra/shared/schemas/common';
import { gameParams, gameResponse, spinResponse } from '@sufra/shared/schemas/games';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withKeptContext } from '../../core/qr-context.service.ts';
import { dinerOf, keptDiner } from '../../plugins/diner-context.ts';
import type { GamesService } from './games.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 410, 429);

/** Each kind of game has its service switch (the kind from the path). */
const gameService = (request: FastifyRequest) => [(request.params as { kind: 'wheel' | 'register_and_win' }).kind];

/**
 * The wheel and register-and-win for diners: the game with its published odds (and, signed in, whether the diner may
 * spin and why not), and the spin, which the server draws. Each kind has its service switch (wheel,
 * register_and_win): off, diners land on /deactivated/{uuid}.
 */
export const gamesRoutes: FastifyPluginAsyncZod<{ games: GamesService }> = async (app, { games }) => {
  app.get(
    '/games/:uuid/:kind/',
    {
      // Signed out (no token): the game without "me". A token that no longer works answers 401, not an anonymous
      // game, so the app refreshes it and asks again (a signed-in diner must see whether they may spin).
      config: { auth: 'diner-optional', diner: { services: gameService, session: 'optional-refresh' } },
      schema: {
        tags: ['games'],
        summary: "The QR code's game: segments with their chances now, and whether the signed-in diner may spin",
        params: gameParams,
        response: { 200: gameResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { qr: context, customer: me } = dinerOf(request);
      reply.header('cache-control', 'no-store');
      return games.show(context, request.params.kind, me, request.language);
    },
  );

  app.post(
    '/games/:uuid/:kind/spin/',
    {
      // The QR context kept by this process, and the session's query folded into the game's read: the spin checks
      // both in its first statement (games.service spin), so a spin costs two round trips, or one transaction.
      config: { auth: 'diner', diner: { context: 'kept', services: gameService, session: 'pending' } },
      schema: {
        tags: ['games'],
        summary: 'Spins: the server draws, takes the prize from stock and records the draw; the page animates to it',
        params: gameParams,
        response: { 200: spinResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const { kept, signedIn } = keptDiner(request);
      const spun = await withKeptContext(kept, (context) =>
        games.spin(context, kind, signedIn.customer, signedIn.check, request.language),
      );
      reply.header('cache-control', 'no-store');
      return spun;
    },
  );
};

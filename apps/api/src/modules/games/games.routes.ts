import { errorResponses } from '@sufra/shared/schemas/common';
import { gameParams, gameResponse, spinResponse } from '@sufra/shared/schemas/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertServiceOn } from '../../core/branch-context.service.ts';
import type { QrService } from '../../core/qr-context.service.ts';
import type { AuthGuards } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import type { GamesService } from './games.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 410, 429);

/**
 * The wheel and register-and-win for diners: the game with its published odds (and, signed in, whether the diner may
 * spin and why not), and the spin, which the server draws. Each kind has its service switch (wheel,
 * register_and_win): off, diners land on /deactivated/{uuid}.
 */
export const gamesRoutes: FastifyPluginAsyncZod<{ qr: QrService; games: GamesService; guards: AuthGuards }> = async (
  app,
  { qr, games, guards },
) => {
  async function contextOf(uuid: string, kind: 'wheel' | 'register_and_win') {
    const row = await qr.resolveUsableQr(uuid);
    assertServiceOn(row.servicesOff, kind);
    return row;
  }

  app.get(
    '/games/:uuid/:kind/',
    {
      config: { auth: 'diner-optional' },
      schema: {
        tags: ['games'],
        summary: "The QR code's game: segments with their chances now, and whether the signed-in diner may spin",
        params: gameParams,
        response: { 200: gameResponse, ...errors },
      },
    },
    async (request, reply) => {
      const context = await contextOf(request.params.uuid, request.params.kind);
      // Signed out (no token): the game without "me". A token that no longer works answers 401, not an anonymous
      // game, so the app refreshes it and asks again (a signed-in diner must see whether they may spin).
      const me = await guards.customer(request, context.brand.id).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'unauthenticated') return null;
        throw error;
      });
      reply.header('cache-control', 'no-store');
      return games.show(context, request.params.kind, me, request.language);
    },
  );

  app.post(
    '/games/:uuid/:kind/spin/',
    {
      config: { auth: 'diner' },
      schema: {
        tags: ['games'],
        summary: 'Spins: the server draws, takes the prize from stock and records the draw; the page animates to it',
        params: gameParams,
        response: { 200: spinResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      // The QR context kept by this process, and the session's query folded into the game's read: the spin checks
      // both in its first statement (games.service spin), so a spin costs two round trips, or one transaction.
      const spun = await qr.withKeptContext(
        request.params.uuid,
        (row) => assertServiceOn(row.servicesOff, kind),
        (context) => {
          const { customer, check } = guards.customerPendingSessionCheck(request, context.brand.id);
          return games.spin(context, kind, customer, check, request.language);
        },
      );
      reply.header('cache-control', 'no-store');
      return spun;
    },
  );
};

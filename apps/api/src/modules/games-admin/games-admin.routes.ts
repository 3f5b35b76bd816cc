import { errorResponses, idParams } from '@sufra/shared/schemas/common';
import { gameBody, manageGame, manageGamesResponse } from '@sufra/shared/schemas/manage-games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import type { GamesAdminService } from './games-admin.service.ts';

export interface GamesAdminRoutesOptions {
  gamesAdmin: GamesAdminService;
  guards: AuthGuards;
}

const errors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409, 422);

/** The console's games (issue 27 item 4): owners and managers; cashiers refused. */
export const gamesAdminRoutes: FastifyPluginAsyncZod<GamesAdminRoutesOptions> = async (app, { gamesAdmin, guards }) => {
  const managers = guards.staff(['owner', 'manager']);
  const tags = ['staff'];

  app.get(
    '/staff/manage/games/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: "The brand's games the user sees, with the rewards a segment may give",
        response: { 200: manageGamesResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return gamesAdmin.list(staffOf(request));
    },
  );

  app.get(
    '/staff/manage/games/:id/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'A game with its segments (weights, stock, prizes won, daily budgets)',
        params: idParams,
        response: { 200: manageGame, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return gamesAdmin.read(staffOf(request), request.params.id);
    },
  );

  app.put(
    '/staff/manage/games/:id/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary:
          'A game and its segments saved against the version read (409 edit_conflict when stale; 409 ' +
          'game_stock_below_won when a stock would fall below the prizes won)',
        params: idParams,
        body: gameBody,
        response: { 200: manageGame, ...writeErrors },
      },
    },
    async (request) => gamesAdmin.update(staffOf(request), request.ip, request.params.id, request.body),
  );
};

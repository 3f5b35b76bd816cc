import { errorResponses } from '@sufra/shared/schemas/common';
import {
  foodicsMapping,
  foodicsMappingBody,
  foodicsMappingResult,
  foodicsMenuImportSummary,
} from '@sufra/shared/schemas/foodics-menu';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import type { FoodicsMenuService } from './foodics-menu.service.ts';

/** The Foodics menu import and the id mapping page (issue 28 items 1 and 6, docs/adr/0680): owners only. */
export const foodicsMenuRoutes: FastifyPluginAsyncZod<{ menu: FoodicsMenuService; guards: AuthGuards }> = async (
  app,
  { menu, guards },
) => {
  const owners = guards.staff(['owner']);

  app.post(
    '/staff/manage/foodics/menu-import/',
    {
      preHandler: owners,
      schema: {
        tags: ['foodics'],
        summary:
          "Imports Foodics' menu (categories, modifiers, products, combos, branch prices) into ours in one transaction",
        response: { 200: foodicsMenuImportSummary, ...errorResponses(401, 403, 404, 409, 502, 503) },
      },
    },
    async (request) => menu.importMenu(staffOf(request), request.ip),
  );

  app.get(
    '/staff/manage/foodics/mapping/',
    {
      preHandler: owners,
      schema: {
        tags: ['foodics'],
        summary: "Our branches and items with their Foodics ids (unmapped first), and Foodics' not mapped to ours",
        response: { 200: foodicsMapping, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => menu.mapping(staffOf(request)),
  );

  app.put(
    '/staff/manage/foodics/mapping/',
    {
      preHandler: owners,
      schema: {
        tags: ['foodics'],
        summary: 'Maps one branch or item to a Foodics id, or unmaps it (null); a Foodics id maps to one per kind',
        body: foodicsMappingBody,
        response: { 200: foodicsMappingResult, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => menu.setMapping(staffOf(request), request.ip, request.body),
  );
};

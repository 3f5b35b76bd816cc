import { errorResponses, idParams } from '@sufra/shared/schemas/common';
import { tableListQuery, tableListResponse, tableSchema, tableStatusBody } from '@sufra/shared/schemas/order-events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import type { TablesService } from './tables.service.ts';

export interface TablesRoutesOptions {
  tables: TablesService;
  guards: AuthGuards;
}

const errors = errorResponses(400, 401, 403, 404);

/** Staff tables: list a branch's tables and set their status (every role, within the user's branches). */
export const tablesRoutes: FastifyPluginAsyncZod<TablesRoutesOptions> = async (app, { tables, guards }) => {
  const staff = guards.staff();

  app.get(
    '/staff/tables/',
    {
      preHandler: staff,
      schema: {
        tags: ['staff'],
        summary: "A branch's tables with their status (the branch must be one of the staff user's)",
        querystring: tableListQuery,
        response: { 200: tableListResponse, ...errors },
      },
    },
    async (request) => ({ tables: await tables.list(staffOf(request), request.query.branchId) }),
  );

  app.patch(
    '/staff/tables/:id/status/',
    {
      preHandler: staff,
      schema: {
        tags: ['staff'],
        summary: 'Set a table to Free, Occupied, Reserved or Check Printed (the same status again changes nothing)',
        params: idParams,
        body: tableStatusBody,
        response: { 200: tableSchema, ...errors },
      },
    },
    async (request) => tables.setStatus(staffOf(request), request.params.id, request.body.to),
  );
};

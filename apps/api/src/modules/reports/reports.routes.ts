import { errorResponses } from '@sufra/shared/schemas/common';
import { reportDashboard, reportExportQuery, reportExportResponse, reportQuery } from '@sufra/shared/schemas/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import type { ReportsService } from './reports.service.ts';

const BASE = '/staff/manage/reports';

/**
 * The console's reports (issue 27 items 9-10): owners see every branch of their brand, managers their branches
 * (another brand's or branch's id answers 404), cashiers 403. Read from the roll-ups (docs/adr/0610).
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService; guards: AuthGuards }> = async (
  app,
  { reports, guards },
) => {
  const managers = guards.staff(['owner', 'manager']);

  app.get(
    `${BASE}/dashboard/`,
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: 'The dashboard of the brand or one branch over a period, beside the period just before it',
        querystring: reportQuery,
        response: { 200: reportDashboard, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reports.dashboard(staffOf(request), request.query);
    },
  );

  app.get(
    `${BASE}/export/`,
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: "One of the dashboard's tables as CSV (UTF-8 with a byte-order mark), in the caller's language",
        querystring: reportExportQuery,
        response: { 200: reportExportResponse, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reports.exportTable(staffOf(request), request.query, request.language);
    },
  );
};

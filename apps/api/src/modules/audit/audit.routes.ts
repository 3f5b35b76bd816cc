import { auditListQuery, auditListResponse } from '@sufra/shared/schemas/audit';
import { errorResponses } from '@sufra/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import type { AuditService } from './audit.service.ts';

/** The management console's audit log (issue 26 item 10): read only, owners and managers. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService; guards: AuthGuards }> = async (
  app,
  { audit, guards },
) => {
  app.get(
    '/staff/manage/audit/',
    {
      preHandler: guards.staff(['owner', 'manager']),
      schema: {
        tags: ['staff'],
        summary: "The brand's audit log, newest first, filtered and paged (owners: all; managers: their branches')",
        querystring: auditListQuery,
        response: { 200: auditListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => audit.list(staffOf(request), request.query),
  );
};

import {
  branchManageBody,
  branchManageUpdateBody,
  branchZoneParams,
  manageBranch,
  manageBranchList,
  manageZone,
  zoneManageBody,
} from '@sufra/shared/schemas/branch-manage';
import { errorResponses, idParams } from '@sufra/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import type { BranchManageService } from './branch-manage.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const tags = ['manage-branches'];

/**
 * The console's branches and delivery zones (issue 26 items 4 and 5). Owners: every branch of the brand, and they
 * create branches; managers: their own branches; cashiers: nothing (the guard answers 403).
 */
export const branchManageRoutes: FastifyPluginAsyncZod<{ manage: BranchManageService; guards: AuthGuards }> = async (
  app,
  { manage, guards },
) => {
  const managers = guards.staff(['owner', 'manager']);
  const owners = guards.staff(['owner']);
  const base = '/staff/manage/branches';

  app.get(
    `${base}/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary: "The branches in the staff user's scope, with zones and status",
        response: { 200: manageBranchList, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return manage.list(staffOf(request));
    },
  );

  app.post(
    `${base}/`,
    {
      preHandler: owners,
      schema: {
        tags,
        summary: 'An owner creates a branch',
        body: branchManageBody,
        response: { 201: manageBranch, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return manage.create(staffOf(request), request.body, request.ip);
    },
  );

  app.get(
    `${base}/:id/`,
    {
      preHandler: managers,
      schema: { tags, summary: 'One branch in scope', params: idParams, response: { 200: manageBranch, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return manage.get(staffOf(request), request.params.id);
    },
  );

  app.put(
    `${base}/:id/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Edit a branch from the version read; a newer save answers 409 with both values',
        params: idParams,
        body: branchManageUpdateBody,
        response: { 200: manageBranch, ...errors },
      },
    },
    async (request) => manage.update(staffOf(request), request.params.id, request.body, request.ip),
  );

  app.post(
    `${base}/:id/zones/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'A delivery zone drawn for the branch (the polygon is checked)',
        params: idParams,
        body: zoneManageBody,
        response: { 201: manageZone, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return manage.createZone(staffOf(request), request.params.id, request.body, request.ip);
    },
  );

  app.put(
    `${base}/:id/zones/:zoneId/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary: "Edit a branch's delivery zone",
        params: branchZoneParams,
        body: zoneManageBody,
        response: { 200: manageZone, ...errors },
      },
    },
    async (request) =>
      manage.updateZone(staffOf(request), request.params.id, request.params.zoneId, request.body, request.ip),
  );

  app.delete(
    `${base}/:id/zones/:zoneId/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary: "Delete a branch's delivery zone",
        params: branchZoneParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await manage.deleteZone(staffOf(request), request.params.id, request.params.zoneId, request.ip);
      return reply.code(204).send(null);
    },
  );
};

import { errorResponses, idParams } from '@sufra/shared/schemas/common';
import {
  evaluationFormBody,
  evaluationFormUpdateBody,
  manageEvaluationFormSchema,
  manageEvaluationForms,
} from '@sufra/shared/schemas/evaluations-admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import type { EvaluationsAdminService } from './evaluations-admin.service.ts';

const FORMS = '/staff/manage/evaluations/forms/';

/** Evaluation forms in the management console (issue 27 item 5): owners and managers; cashiers refused. */
export const evaluationsAdminRoutes: FastifyPluginAsyncZod<{
  evaluationsAdmin: EvaluationsAdminService;
  guards: AuthGuards;
}> = async (app, { evaluationsAdmin: service, guards }) => {
  const staff = guards.staff(['owner', 'manager']);

  app.get(
    FORMS,
    {
      preHandler: staff,
      schema: {
        tags: ['staff'],
        summary: "The brand's evaluation forms with their questions, branches and prizes (owners and managers)",
        response: { 200: manageEvaluationForms, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list(staffOf(request));
    },
  );

  app.post(
    FORMS,
    {
      preHandler: staff,
      schema: {
        tags: ['staff'],
        summary: 'Adds an evaluation form (a manager: for their own branches)',
        body: evaluationFormBody,
        response: { 201: manageEvaluationFormSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(staffOf(request), request.ip, request.body)),
  );

  app.get(
    `${FORMS}:id/`,
    {
      preHandler: staff,
      schema: {
        tags: ['staff'],
        summary: 'One evaluation form of the brand, with its retired questions and version',
        params: idParams,
        response: { 200: manageEvaluationFormSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.get(staffOf(request), request.params.id);
    },
  );

  app.put(
    `${FORMS}:id/`,
    {
      preHandler: staff,
      schema: {
        tags: ['staff'],
        summary:
          'Saves an evaluation form at the version read; a question left out is deleted, or retired once answered',
        params: idParams,
        body: evaluationFormUpdateBody,
        response: { 200: manageEvaluationFormSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => service.update(staffOf(request), request.ip, request.params.id, request.body),
  );
};

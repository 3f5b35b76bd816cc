import { errorResponses, uuidParams } from '@sufra/shared/schemas/common';
import {
  smsKindParams,
  smsPreferences,
  smsTemplate,
  smsTemplateBody,
  smsTemplateList,
} from '@sufra/shared/schemas/notify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import { signedInDiner } from '../../plugins/diner-context.ts';
import type { NotifyService } from './notify.service.ts';

/** Diner texts (issue 28 item 4): the console's templates, the diner's opt-out. */
export const notifyRoutes: FastifyPluginAsyncZod<{ notify: NotifyService; guards: AuthGuards }> = async (
  app,
  { notify, guards },
) => {
  const managers = guards.staff(['owner', 'manager']);
  const owners = guards.staff(['owner']);

  app.get(
    '/staff/manage/notifications/templates/',
    {
      preHandler: managers,
      schema: {
        tags: ['staff'],
        summary: "The brand's diner texts per kind in both languages, with defaults, placeholders and versions",
        response: { 200: smsTemplateList, ...errorResponses(401, 403) },
      },
    },
    async (request) => notify.listTemplates(staffOf(request)),
  );

  app.put(
    '/staff/manage/notifications/templates/:kind/',
    {
      preHandler: owners,
      schema: {
        tags: ['staff'],
        summary: "Saves a diner text's wording at the version read (owners; placeholders checked; 409 when stale)",
        params: smsKindParams,
        body: smsTemplateBody,
        response: { 200: smsTemplate, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request) => notify.saveTemplate(staffOf(request), request.ip, request.params.kind, request.body),
  );

  app.get(
    '/customers/:uuid/me/sms-preferences/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['customers'],
        summary: 'Whether the signed-in diner receives order and prize texts (codes are always sent)',
        params: uuidParams,
        response: { 200: smsPreferences, ...errorResponses(400, 401, 403, 404, 410) },
      },
    },
    async (request) => notify.preferences(signedInDiner(request).customer),
  );

  app.put(
    '/customers/:uuid/me/sms-preferences/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['customers'],
        summary: 'Turns order and prize texts off or on for the signed-in diner (codes are always sent)',
        params: uuidParams,
        body: smsPreferences,
        response: { 200: smsPreferences, ...errorResponses(400, 401, 403, 404, 410) },
      },
    },
    async (request) => notify.setPreferences(signedInDiner(request).customer, request.body),
  );
};

import { errorResponses, uuidParams } from '@sufra/shared/schemas/common';
import {
  notificationListResponse,
  notificationReadBody,
  notificationReadResponse,
} from '@sufra/shared/schemas/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { QrService } from '../../core/qr-context.service.ts';
import type { AuthGuards } from '../../plugins/auth.ts';
import type { InboxService } from './inbox.service.ts';

const errors = errorResponses(400, 401, 403, 404, 410);

/** The signed-in diner's inbox at the QR code's brand: their own notifications only. */
export const inboxRoutes: FastifyPluginAsyncZod<{ qr: QrService; inbox: InboxService; guards: AuthGuards }> = async (
  app,
  { qr, inbox, guards },
) => {
  const diner = async (request: Parameters<AuthGuards['customer']>[0], uuid: string) =>
    guards.customer(request, (await qr.resolveUsableQr(uuid)).brand.id);

  app.get(
    '/notifications/:uuid/',
    {
      config: { auth: 'diner' },
      schema: {
        tags: ['notifications'],
        summary: "The signed-in diner's notifications at this brand (newest 50) and how many are unread",
        params: uuidParams,
        response: { 200: notificationListResponse, ...errors },
      },
    },
    async (request) => inbox.list(await diner(request, request.params.uuid)),
  );

  app.post(
    '/notifications/:uuid/read/',
    {
      config: { auth: 'diner' },
      schema: {
        tags: ['notifications'],
        summary: "Marks the diner's notifications read (these ids, or every unread one); another's id answers 404",
        params: uuidParams,
        body: notificationReadBody,
        response: { 200: notificationReadResponse, ...errors },
      },
    },
    async (request) => inbox.markRead(await diner(request, request.params.uuid), request.body.ids),
  );
};

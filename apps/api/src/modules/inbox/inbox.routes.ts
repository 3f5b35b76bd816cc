import { errorResponses, uuidParams } from '@sufra/shared/schemas/common';
import {
  notificationListResponse,
  notificationReadBody,
  notificationReadResponse,
} from '@sufra/shared/schemas/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInDiner } from '../../plugins/diner-context.ts';
import type { InboxService } from './inbox.service.ts';

const errors = errorResponses(400, 401, 403, 404, 410);

/** The signed-in diner's inbox at the QR code's brand: their own notifications only. */
export const inboxRoutes: FastifyPluginAsyncZod<{ inbox: InboxService }> = async (app, { inbox }) => {
  app.get(
    '/notifications/:uuid/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['notifications'],
        summary: "The signed-in diner's notifications at this brand (newest 50) and how many are unread",
        params: uuidParams,
        response: { 200: notificationListResponse, ...errors },
      },
    },
    async (request) => inbox.list(signedInDiner(request).customer),
  );

  app.post(
    '/notifications/:uuid/read/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['notifications'],
        summary: "Marks the diner's notifications read (these ids, or every unread one); another's id answers 404",
        params: uuidParams,
        body: notificationReadBody,
        response: { 200: notificationReadResponse, ...errors },
      },
    },
    async (request) => inbox.markRead(signedInDiner(request).customer, request.body.ids),
  );
};

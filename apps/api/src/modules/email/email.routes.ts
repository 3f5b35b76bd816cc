import { caughtMailListSchema } from '@sufra/shared/schemas/email';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MailCatcher } from '../../providers/mail/mail-catcher.ts';

/**
 * What the local mail catcher received (development and tests; docs/adr/0620). Registered only when the catcher
 * runs, which is never in production: elsewhere the path is a plain 404.
 */
export const devMailRoutes: FastifyPluginAsyncZod<{ catcher: MailCatcher }> = async (app, { catcher }) => {
  app.get(
    '/dev/mail',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['dev'],
        summary: 'Development only: the e-mails the local catcher received, newest first',
        response: { 200: caughtMailListSchema },
      },
    },
    async () => ({ messages: catcher.list() }),
  );
};

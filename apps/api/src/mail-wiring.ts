import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';
import { createMailRelay, type MailRelay } from './modules/email/email.relay.ts';
import { devMailRoutes } from './modules/email/email.routes.ts';
import { createReceiptsService } from './modules/receipts/receipts.service.ts';
import { createMailCatcher, type MailCatcher } from './providers/mail/mail-catcher.ts';
import type { MailTransport } from './providers/mail/mail-transport.ts';
import { createSmtpMailTransport } from './providers/mail/smtp-mail-transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The local mail catcher when it runs (development, tests that turn it on); null otherwise. */
    mailCatcher: MailCatcher | null;
  }
}

/**
 * E-mail's wiring (docs/adr/0620): the configured SMTP server, or the in-process catcher (started here, on its
 * port, before the app serves), or nothing (production without SMTP: the relay never starts). The relay sends the
 * outbox through nodemailer in every case but `off`; its receipts are composed by modules/receipts.
 */
export async function createMail(app: FastifyInstance, ctx: AppContext): Promise<MailRelay> {
  const { mail } = ctx.config;
  let catcher: MailCatcher | null = null;
  let transport: MailTransport | null = null;
  if (mail.mode === 'catcher') {
    catcher = createMailCatcher({
      port: mail.catcherPort,
      now: ctx.now,
      onError: (error) => app.log.warn({ err: error }, 'mail catcher: a connection failed'),
    });
    const port = await catcher.start();
    app.addHook('onClose', async () => catcher?.close());
    transport = createSmtpMailTransport({
      smtp: { host: '127.0.0.1', port, secure: false, user: null, pass: null },
      from: mail.from,
      timeoutMs: mail.timeoutMs,
    });
  } else if (mail.smtp) {
    transport = createSmtpMailTransport({ smtp: mail.smtp, from: mail.from, timeoutMs: mail.timeoutMs });
  }
  if (transport) {
    const opened = transport;
    app.addHook('onClose', async () => opened.close());
  }
  app.decorate('mailCatcher', catcher);
  const receipts = createReceiptsService(ctx);
  return createMailRelay({
    db: ctx.db,
    transport,
    composeReceipt: (row) => receipts.composeMail(row),
    now: ctx.now,
    log: app.log,
    intervalMs: mail.relayIntervalMs,
  });
}

/** GET /api/dev/mail, only while the catcher runs (never in production). */
export async function registerDevMail(app: FastifyInstance): Promise<void> {
  const catcher = app.mailCatcher;
  if (catcher) await app.register(devMailRoutes, { prefix: '/api', catcher });
}

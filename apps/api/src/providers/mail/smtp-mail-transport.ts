import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config/env.ts';
import type { MailMessage, MailTransport } from './mail-transport.ts';

export interface SmtpTarget {
  smtp: NonNullable<MailConfig['smtp']>;
  from: string;
  timeoutMs: number;
}

/**
 * Sends through an SMTP server with nodemailer (a configured one, or the local catcher in development and tests).
 * Not pooled: a message is one connection, which is what a relay sending a few at a time needs.
 */
export function createSmtpMailTransport(target: SmtpTarget): MailTransport {
  const timeouts = {
    connectionTimeout: target.timeoutMs,
    greetingTimeout: target.timeoutMs,
    socketTimeout: target.timeoutMs,
  };
  const { smtp } = target;
  const transporter =
    'url' in smtp
      ? nodemailer.createTransport({ url: smtp.url, ...timeouts })
      : nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
          ...timeouts,
        });
  return {
    name: 'smtp',
    async send(message: MailMessage) {
      const info = await transporter.sendMail({
        from: target.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { 'Content-Language': message.language },
        attachments: message.inline.map((image) => ({
          filename: image.filename,
          content: image.content,
          contentType: image.contentType,
          cid: image.cid,
          contentDisposition: 'inline' as const,
        })),
      });
      return { messageId: info.messageId ?? null };
    },
    async close() {
      transporter.close();
    },
  };
}

import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One e-mail the catcher received, as GET /api/dev/mail lists it. */
export interface CaughtMail {
  id: number;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  language: string | null;
  attachments: { filename: string | null; contentType: string; cid: string | null; inline: boolean; size: number }[];
}

/** How many it keeps (the oldest go first): a development tool, not a mailbox. */
const KEEP = 200;

/**
 * The local catcher (development and tests, never production): an SMTP server on 127.0.0.1 inside the API process
 * that accepts every message, parses it with mailparser and keeps the latest in memory. The relay reaches it over
 * real SMTP through nodemailer, so what is tested is what a real server would get.
 */
export function createMailCatcher(options: { port: number; now: () => Date; onError?: (error: Error) => void }) {
  const caught: CaughtMail[] = [];
  let nextId = 1;
  /** The next messages to refuse with a temporary failure (tests of the relay's retries). */
  let refuseNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, _session, callback) {
      if (refuseNext > 0) {
        refuseNext -= 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream, { keepCidLinks: true })
        .then((mail) => {
          const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? ''));
          const language = mail.headers.get('content-language');
          caught.push({
            id: nextId++,
            receivedAt: options.now().toISOString(),
            from: mail.from?.text ?? '',
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            language: typeof language === 'string' ? language : null,
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? null,
              contentType: a.contentType,
              cid: a.cid ?? null,
              inline: a.contentDisposition === 'inline',
              size: a.size,
            })),
          });
          if (caught.length > KEEP) caught.splice(0, caught.length - KEEP);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A client's dropped connection is emitted as an error: logged, never an unhandled 'error' that ends the process.
  server.on('error', (error: Error) => {
    if (!starting) options.onError?.(error);
  });
  let starting = false;
  let port = 0;
  return {
    /**
     * Listens on the configured port, or on any free one when it is taken (a second server on the machine: the
     * demo beside `npm run dev`, journey servers side by side); the relay is told the port it got.
     */
    async start(): Promise<number> {
      const listen = (at: number) =>
        new Promise<void>((resolve, reject) => {
          const failed = (error: Error) => reject(error);
          server.once('error', failed);
          server.listen(at, '127.0.0.1', () => {
            server.off('error', failed);
            resolve();
          });
        });
      starting = true;
      try {
        await listen(options.port);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || options.port === 0) throw error;
        await listen(0);
      } finally {
        starting = false;
      }
      port = (server.server.address() as AddressInfo).port;
      return port;
    },
    port: () => port,
    /** Newest first. */
    list: (): CaughtMail[] => [...caught].reverse(),
    refuseNext(count: number) {
      refuseNext = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailCatcher = ReturnType<typeof createMailCatcher>;

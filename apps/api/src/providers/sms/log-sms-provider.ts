import type { FastifyBaseLogger } from 'fastify';
import type { SmsProvider } from './sms-provider.ts';

/**
 * The offline default: the text goes to the server log, and the outbox row is the record (the staff app
 * shows it in the demo, browser tests read codes from it).
 */
export function createLogSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'log',
    async send(message) {
      log.info({ sms: { to: message.to, body: message.body } }, `SMS to ${message.to}: ${message.body}`);
      return { providerMessageId: null };
    },
  };
}

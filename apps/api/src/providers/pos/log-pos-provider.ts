import type { FastifyBaseLogger } from 'fastify';
import type { PosProvider } from './pos-provider.ts';

/**
 * The offline default until a real adapter (Foodics) exists: an integrated branch's events go to the server
 * log, and the built-in board still gets every order. Nothing leaves the machine.
 */
export function createLogPosProvider(log: FastifyBaseLogger): PosProvider {
  return {
    name: 'log',
    async deliver(delivery) {
      log.info({ pos: delivery }, `POS ${delivery.event} ${delivery.orderReference} (${delivery.eventId})`);
    },
  };
}

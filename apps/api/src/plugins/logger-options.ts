import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config/env.ts';
import { serializeErrorForLog } from '../db/db-errors.ts';

/** The app's pino options: the configured level, secrets redacted, query values out of errors, pretty in development. */
export function loggerOptions(
  config: Config,
  stream: { write(line: string): void } | undefined,
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    // A failed query's error carries the request's values (names, notes, session ids): db-errors.ts drops them.
    serializers: { err: serializeErrorForLog },
    ...(stream ? { stream } : {}),
    ...(config.nodeEnv === 'development' && !stream
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

import { findUnstorableText } from '@sufra/shared/schemas/storable-text';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Every request's path parameters, query and body are checked for text the database can't store (a NUL byte,
 * half a surrogate pair) before validation, so no route can forget it and no such text reaches a query
 * (issue 13 item 7): 400 naming the field. Called on the root instance before the routes are registered.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findUnstorableText(part);
      if (path) {
        throw new AppError('validation_failed', undefined, { [path.join('.') || 'body']: 'text_invalid_characters' });
      }
    }
  });
}

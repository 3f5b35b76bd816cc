import { type Language, pickLanguage } from '@sufra/shared/language';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The response language, from Accept-Language (Arabic by default). */
    language: Language;
  }
}

/** Decorates every request with `language`. Called on the root instance so it covers every route and 404s. */
export function registerI18n(app: FastifyInstance): void {
  app.decorateRequest('language', 'ar');
  app.addHook('onRequest', async (request) => {
    request.language = pickLanguage(request.headers['accept-language']);
  });
}

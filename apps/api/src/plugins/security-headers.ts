import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config/env.ts';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Request ids, the no-store default for API answers, HSTS over https only, and helmet's headers (strict CSP). */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers are personal unless a route says otherwise (me, addresses, orders, payments…): no browser or
    // shared cache keeps them. Routes that may be cached (the menu) set their own Cache-Control.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    // HSTS only over https (directly or as the trusted proxy says): over plain http a browser ignores it, and a
    // LAN demo on http must not teach a browser to insist on https for that host.
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  const imageOrigin = config.imageHost ? originOf(config.imageHost) : null;
  const moyasarOrigin = config.payments.moyasar ? originOf(config.payments.moyasar.apiUrl) : null;
  // helmet's middleware, built once: @fastify/helmet built it again on every request (its CSP parsing showed in
  // the placement bench's CPU profile); no route has helmet options of its own.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Inline style attributes (React, Swagger UI) are harmless; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Pop-up and slider images may be remote; blob: is the preview of a photo picked for an evaluation.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...(imageOrigin ? [imageOrigin] : [])],
        fontSrc: ["'self'", 'data:'],
        // The spec's host rule may point the API at api.<domain>. Our card page posts the card to Moyasar's tokens
        // API from the browser (named, for a local or test Moyasar over http).
        connectSrc: ["'self'", 'https:', ...(moyasarOrigin ? [moyasarOrigin] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'", 'https:'],
        // Diners open the app over plain http on a LAN during demos; upgrading would break every asset.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Sent by the onSend hook above, only over https.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, next) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => next(error instanceof Error ? error : undefined));
  });
}

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import { createSpaHtml, type MenuPageData } from '../modules/web/spa-html.view.ts';
import { sendNotFound } from './errors.ts';

export interface WebOptions {
  /** The menu page's data for its first paint (the same service calls as the API's answers). */
  menuPageData: MenuPageData;
  /** The API's methods for a path (errors.ts trackRoutes), so a wrong method on a known path answers 405. */
  allowedMethods: (path: string) => string[];
}

/**
 * Everything that is not the API: images, the built web app, and the fallback. A page route (GET/HEAD, no file
 * extension, outside /api and /images) gets the web app's index.html with its chunk preloaded (spa-html.ts);
 * anything else unknown is our JSON 404 (or 405). Registered last: the not-found handler is the app's.
 */
export async function registerWeb(app: FastifyInstance, config: Config, options: WebOptions): Promise<void> {
  // Images: unhashed file names, so cached for a day and revalidated by ETag after that.
  if (existsSync(config.imagesDir)) {
    await app.register(fastifyStatic, {
      root: config.imagesDir,
      prefix: '/images/',
      decorateReply: false,
      maxAge: '1d',
      etag: true,
    });
  }

  const webBuilt = existsSync(join(config.webDist, 'index.html'));
  if (webBuilt) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      index: ['index.html'],
      cacheControl: false,
      // The build writes a brotli and a gzip copy of each script, stylesheet and picture (apps/web/vite.config.ts):
      // sent as they are to a browser that accepts them, so @fastify/compress leaves them alone (ADR 0811).
      preCompressed: true,
      // The build manifest is for the server (page hints), not for browsers.
      allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
      // One route per built file, listed at start-up (the build comes before the server and does not change under
      // it): the catch-all route instead lists each directory of a requested path to check its spelling, the ~600
      // entries of /assets/ one to three times per script (×3.2 the CPU of a static request, docs/adr/0813).
      wildcard: false,
      setHeaders(reply, path) {
        // Vite's /assets/* carry content hashes: cache forever. Anything else revalidates.
        reply.header(
          'cache-control',
          path.includes(`${join(config.webDist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const spaHtml = webBuilt
    ? createSpaHtml(config.webDist, { imageHost: config.imageHost, menuPageData: options.menuPageData })
    : null;
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !path.startsWith('/images/') &&
      !/\.[a-z0-9]+$/i.test(path);
    if (!isPage) return sendNotFound(request, reply, options.allowedMethods(path));
    if (!spaHtml) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          'Sufra: the web app is not built yet. Run `npm run build` (or `npm start`, which builds it), then reload.\n',
        );
    }
    // SPA fallback: the client router handles every page route; the HTML preloads the page's chunk.
    const page = await spaHtml({
      path,
      utmSource: (request.query as Record<string, unknown> | undefined)?.utm_source,
      cookie: request.headers.cookie,
    });
    // The menu preload follows the language cookie.
    reply.header('cache-control', 'no-cache').header('vary', 'Cookie').header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(page.html);
  });
}

import { errorBody, uuidParams } from '@sufra/shared/schemas/common';
import {
  itemByNameParams,
  itemParams,
  itemResponse,
  type MenuResponse,
  menuQuery,
  menuResponse,
} from '@sufra/shared/schemas/menu';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MenuService } from './menu.service.ts';
import type { MenuEncoding } from './menu-build.view.ts';

/** The best encoding we have for an Accept-Encoding header (we keep br and gzip copies of each menu). */
export function negotiateEncoding(header: string | undefined): MenuEncoding | 'identity' {
  if (!header) return 'identity';
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) <= 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/** If-None-Match matches when any listed tag is the menu's hash, in any of its encodings (weak comparison). */
export function matchesIfNoneMatch(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    return tag === '*' || tag === hash || tag === `${hash}-br` || tag === `${hash}-gzip`;
  });
}

export const menuRoutes: FastifyPluginAsyncZod<{ menu: MenuService }> = async (app, { menu }) => {
  app.get(
    '/menu/qr/:uuid/',
    {
      // The diner context's QR read is the menu's own: its per-version key, kept per process on PGlite (menu.service).
      config: { auth: 'public', diner: { context: 'own' } },
      // The menu is compressed once per version by the service, not per request by @fastify/compress.
      compress: false,
      schema: {
        tags: ['menu'],
        summary: "The menu of the QR code's branch in the request language (ETag; revalidate with If-None-Match)",
        params: uuidParams,
        querystring: menuQuery,
        response: {
          200: menuResponse,
          304: z.null().describe('Not modified: the If-None-Match tag is current'),
          400: errorBody,
          403: errorBody,
          404: errorBody,
          410: errorBody,
        },
      },
    },
    async (request, reply) => {
      const built = await menu.getMenu(request.params.uuid, request.query.lang ?? request.language);
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      reply
        .header('vary', 'Accept-Language, Accept-Encoding')
        .header('cache-control', 'no-cache')
        .header('etag', encoding === 'identity' ? `"${built.hash}"` : `"${built.hash}-${encoding}"`);
      if (matchesIfNoneMatch(request.headers['if-none-match'], built.hash)) {
        // No payload at all: `null` would be serialised to a 4-byte length with no body behind it.
        return reply.code(304).send(undefined as unknown as null);
      }
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      // Pre-serialised bytes: Fastify sends a Buffer as is, skipping the response serializer.
      const payload = encoding === 'identity' ? built.body : await built.encoded(encoding);
      // The bytes are a serialised MenuResponse; the cast only tells the type provider so.
      return reply.type('application/json; charset=utf-8').send(payload as unknown as MenuResponse);
    },
  );

  app.get(
    '/menu/qr/:uuid/items/:id/',
    {
      config: { auth: 'public', diner: { context: 'own' } },
      schema: {
        tags: ['menu'],
        summary: 'One item of the branch menu with its modifier groups and combo products',
        params: itemParams,
        response: { 200: itemResponse, 400: errorBody, 403: errorBody, 404: errorBody, 410: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('vary', 'Accept-Language');
      return menu.getItemById(request.params.uuid, request.params.id, request.language);
    },
  );

  app.get(
    '/menu/qr/:uuid/items/by-name/:name/',
    {
      config: { auth: 'public', diner: { context: 'own' } },
      schema: {
        tags: ['menu'],
        summary: 'One item of the branch menu by its slug',
        params: itemByNameParams,
        response: { 200: itemResponse, 400: errorBody, 403: errorBody, 404: errorBody, 410: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('vary', 'Accept-Language');
      return menu.getItemBySlug(request.params.uuid, request.params.name, request.language);
    },
  );
};

// The "bare Fastify" baseline: one route that answers with the menu's exact bytes and headers from memory,
// so menu/bare shows what the real menu endpoint costs on top of Fastify itself.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BARE_BODY_FILE ?? '');
const headers = JSON.parse(process.env.BARE_HEADERS ?? '{}') as Record<string, string>;
const etag = headers.etag;

const app = Fastify({ logger: false });
app.get('/api/health', async () => ({ ok: true }));
app.get('/api/menu/qr/:uuid/', (request, reply) => {
  reply.headers(headers);
  if (etag && request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(body);
});

await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.close().then(() => process.exit(0)));

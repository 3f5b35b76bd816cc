import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openStream } from '../../test/event-stream-client.ts';
import { EVENTUALLY } from '../../test/eventually.ts';
import { openEventStream } from './event-stream.ts';

/** The stream helper on a bare Fastify app over real HTTP: pings, ending at the token's expiry, client leaving. */
describe('event stream', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function serve(options: { endInMs?: number }) {
    const closes: string[] = [];
    app = Fastify();
    app.get('/stream', async (request, reply) => {
      const stream = openEventStream(request, reply, {
        onClose: () => closes.push('closed'),
        pingIntervalMs: 20,
        ...(options.endInMs === undefined ? {} : { endAt: Date.now() + options.endInMs }),
      });
      stream.send('hello', { n: 1 }, 'h1');
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    return { url: `http://127.0.0.1:${address.port}/stream`, closes };
  }

  it('sends events with their name, id and JSON data, and ping comments while idle', async () => {
    const { url } = await serve({});
    const client = await openStream(url);
    expect(client.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await client.next()).toEqual({ event: 'hello', id: 'h1', data: { n: 1 } });
    await vi.waitFor(() => expect(client.comments).toContain(': ping'), EVENTUALLY);
    client.close();
  });

  it('ends the stream when the access token it was opened with expires', async () => {
    const { url, closes } = await serve({ endInMs: 50 });
    const client = await openStream(url);
    expect((await client.next()).event).toBe('hello');
    await expect(client.next()).rejects.toThrow(/stream ended/);
    expect(closes).toEqual(['closed']);
  });

  it('lets go when the client disconnects', async () => {
    const { url, closes } = await serve({});
    const client = await openStream(url);
    await client.next();
    client.close();
    await vi.waitFor(() => expect(closes).toEqual(['closed']), EVENTUALLY);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config/env.ts';
import { registerWeb } from './web.ts';

/**
 * The web plugin on its own, outside buildApp: what it needs is the config's folders and the API's routes, so a
 * bare Fastify shows what it serves. (The whole app's pages are covered by spa-html.test.ts and app.test.ts.)
 */
describe('the web plugin', () => {
  const dirs: string[] = [];
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** The plugin over a web build of `files` (path under the build → content), as a server starts after a build. */
  async function webApp(built: boolean, files: Record<string, string | Buffer> = {}) {
    const webDist = mkdtempSync(join(tmpdir(), 'sufra-web-'));
    dirs.push(webDist);
    if (built)
      writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head><title>Sufra</title></head></html>');
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(webDist, path, '..'), { recursive: true });
      writeFileSync(join(webDist, path), content);
    }
    const config = { webDist, imagesDir: join(webDist, 'no-images'), imageHost: '' } as Config;
    app = Fastify();
    // As the app registers it (app.ts): what the server compresses on the fly, and leaves alone once encoded.
    await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
    await registerWeb(app, config, {
      menuPageData: async () => null,
      allowedMethods: (path) => (path === '/api/orders' ? ['POST'] : []),
    });
    return app;
  }

  it('answers a page route with the web app, an asset-like path and an unknown API path with our JSON 404', async () => {
    const web = await webApp(true);
    const page = await web.inject({ method: 'GET', url: '/staff/redeem' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Sufra</title>');
    for (const url of ['/api/nothing-here/', '/missing.js']) {
      const res = await web.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it("answers a known API path's wrong method with 405 and Allow", async () => {
    const res = await (await webApp(true)).inject({ method: 'GET', url: '/api/orders' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  it("sends the build's compressed copy of an asset as it is, to a browser that accepts it (ADR 0811)", async () => {
    const script = `export const menu = ${JSON.stringify('قائمة '.repeat(400))};`;
    const web = await webApp(true, {
      'assets/menu-abc123.js': script,
      // Marked so the test tells the build's copies from anything compressed on the fly.
      'assets/menu-abc123.js.br': brotliCompressSync(`${script}//br`),
      'assets/menu-abc123.js.gz': gzipSync(`${script}//gz`),
      '.vite/manifest.json': '{}',
    });
    const get = (encoding: string) =>
      web.inject({ method: 'GET', url: '/assets/menu-abc123.js', headers: { 'accept-encoding': encoding } });

    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${script}//br`);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // Only the build's own files by their own names (one route each, ADR 0813): not the server's manifest, not
    // another spelling of a file's path.
    for (const url of ['/.vite/manifest.json', '/ASSETS/menu-abc123.js', '/assets/MENU-abc123.js']) {
      expect((await web.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('says how to build the web app when it is not built', async () => {
    const res = await (await webApp(false)).inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });
});

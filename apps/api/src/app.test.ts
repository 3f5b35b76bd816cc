import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorBody } from '@sufra/shared/schemas/common';
import { healthResponse } from '@sufra/shared/schemas/health';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('the app', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ brands: [] });
    base = await t.listen();
  });
  afterAll(() => t.close());

  it('reports health with the database kind', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    const body = healthResponse.parse(await res.json());
    expect(body.database).toBe(t.database.kind);
  });

  it('sends security headers and a CSP that allows remote https images', async () => {
    const res = await fetch(`${base}/api/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/img-src 'self' data: blob: https:/);
  });

  it('gives every response a request id', async () => {
    const res = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    const other = await fetch(`${base}/api/health`);
    expect(other.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown API path with a JSON 404 in the request language', async () => {
    const res = await fetch(`${base}/api/nope/`, { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: "The page or resource you asked for doesn't exist" },
    });
  });

  it('refuses a body that is too large with 413', async () => {
    const res = await fetch(`${base}/api/branch/qr-check/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uuid: 'x'.repeat(300_000) }),
    });
    expect(res.status).toBe(413);
    expect(errorBody.parse(await res.json()).error.code).toBe('payload_too_large');
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await fetch(`${base}/api/branch/qr-check/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"uuid":',
    });
    expect(res.status).toBe(400);
    expect(errorBody.parse(await res.json()).error.code).toBe('validation_failed');
  });

  it('publishes the OpenAPI document with the seven spec calls at their exact paths', async () => {
    const res = await fetch(`${base}/api/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    const expected: [string, string][] = [
      ['post', '/api/branch/qr-check/'],
      ['get', '/api/restaurant/qr/{uuid}/data/'],
      ['get', '/api/branch/main-branch/'],
      ['get', '/api/menu/order/qr/payment/choices/{id}/'],
      ['get', '/api/ads/popup/{id}'],
      ['get', '/api/branch/list-qr/{id}/'],
      ['get', '/api/ads/slider/{id}'],
      ['get', '/api/menu/qr/{uuid}/'],
    ];
    for (const [method, path] of expected) expect(doc.paths[path], path).toHaveProperty(method);
    // Accounts (issue 3).
    const accounts: [string, string][] = [
      ['post', '/api/auth/{uuid}/otp/'],
      ['post', '/api/auth/{uuid}/otp/verify/'],
      ['post', '/api/auth/{uuid}/refresh/'],
      ['post', '/api/auth/{uuid}/logout/'],
      ['get', '/api/customers/{uuid}/me/'],
      ['patch', '/api/customers/{uuid}/me/'],
      ['delete', '/api/customers/{uuid}/me/'],
      ['post', '/api/customers/{uuid}/me/phone/'],
      ['post', '/api/customers/{uuid}/me/addresses/'],
      ['put', '/api/customers/{uuid}/me/addresses/{id}/'],
      ['post', '/api/staff/auth/login/'],
      ['get', '/api/staff/me/'],
      ['patch', '/api/staff/branches/{id}/'],
      ['get', '/api/staff/sms-outbox/'],
    ];
    for (const [method, path] of accounts) expect(doc.paths[path], path).toHaveProperty(method);
    const ui = await fetch(`${base}/api/docs`);
    expect(ui.status).toBe(200);
  });

  it('says to build the web app when there is no build', async () => {
    const res = await fetch(`${base}/menu/whatever`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });
});

describe('errors never leak internals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ brands: [] });
  });
  afterAll(() => t.close());

  it('answers a crash with 500 unknown and no details', async () => {
    // Routes can be added until the app is ready; build a fresh one from the same config.
    const { buildApp } = await import('./app.ts');
    const app = await buildApp(t.config, { database: t.database });
    app.get('/api/boom', async () => {
      throw new Error('secret connection string postgres://admin:pw@db');
    });
    await app.ready();
    const res = await app.inject({ url: '/api/boom', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'unknown', message: 'An unknown error occurred' } });
    expect(res.body).not.toContain('secret');
    await app.close();
  });
});

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'sufra-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Sufra</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("hi")');
    t = await createTestApp({ brands: [], env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for client routes (SPA fallback)', async () => {
    const res = await t.app.inject('/qr/3f2b8c1e-7a4d-4e8b-9c2a-1d5e6f7a8b9c');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('revalidates the page by ETag', async () => {
    const first = await t.app.inject('/menu/3f2b8c1e-7a4d-4e8b-9c2a-1d5e6f7a8b9c');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      url: '/menu/3f2b8c1e-7a4d-4e8b-9c2a-1d5e6f7a8b9c',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('does not serve the build manifest', async () => {
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
    expect((await t.app.inject('/.vite/manifest.json')).statusCode).toBe(404);
  });

  it('serves index.html at the root', async () => {
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await t.app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing file with 404, not the page', async () => {
    expect((await t.app.inject('/assets/missing.js')).statusCode).toBe(404);
    expect((await t.app.inject('/api/unknown')).headers['content-type']).toContain('application/json');
  });
});

import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from './accounts.ts';
import { UUID } from './fixture-brands.ts';
import { diner, menuIds, placeOrder } from './orders.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Issue 13 items 3, 9 and 10: what the HTTP layer answers before and around the routes.

/** Writes raw bytes to the server and reads until it closes the connection (the parser's refusals). */
function rawRequest(base: string, text: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    let out = '';
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    socket.on('data', (chunk) => {
      out += chunk.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(out));
  });
}

function parseRaw(response: string) {
  const [head = '', body = ''] = response.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head: head.toLowerCase(), json: JSON.parse(body) };
}

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1', OTP_SENDS_PER_IP_PER_HOUR: '2' } });
  });
  afterAll(() => t.close());

  const sendCode = (forwardedFor: string, phone: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth/${UUID.aMain}/otp/`,
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': forwardedFor, 'accept-language': 'en' },
      payload: { phone: { phone_number: phone } },
    });

  it('with one trusted hop, counts the address the proxy saw, whatever the client wrote before it', async () => {
    // The client forges a new left-most entry each time; the load balancer appends the address it saw.
    expect((await sendCode('1.1.1.1, 203.0.113.9', '0561230001')).statusCode).toBe(202);
    expect((await sendCode('1.1.1.2, 203.0.113.9', '0561230002')).statusCode).toBe(202);
    const third = await sendCode('1.1.1.3, 203.0.113.9', '0561230003');
    expect(third.statusCode).toBe(429);
    // Another real client behind the same proxy is not affected.
    expect((await sendCode('203.0.113.10', '0561230004')).statusCode).toBe(202);
  });

  it('takes the proxies by address too: the right-most untrusted entry is the client', async () => {
    const listed = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8', OTP_SENDS_PER_IP_PER_HOUR: '1' } });
    try {
      const send = (forwardedFor: string, phone: string) =>
        listed.app.inject({
          method: 'POST',
          url: `/api/auth/${UUID.aMain}/otp/`,
          remoteAddress: '10.0.0.5',
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { phone: { phone_number: phone } },
        });
      expect((await send('9.9.9.9, 198.51.100.7, 10.1.1.1', '0561230011')).statusCode).toBe(202);
      expect((await send('8.8.8.8, 198.51.100.7, 10.1.1.2', '0561230012')).statusCode).toBe(429);
    } finally {
      await listed.close();
    }
  });
});

describe('errors of the HTTP layer', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
  });
  afterAll(() => t.close());

  it('answers a bad percent-encoding in our shape, localized, without echoing the URL', async () => {
    for (const [language, message] of [
      ['en', 'This link is not valid'],
      ['ar', 'هذا الرابط غير صالح'],
    ] as const) {
      const res = await fetch(`${base}/api/menu/qr/%E0%A4%A/`, { headers: { 'accept-language': language } });
      expect(res.status).toBe(400);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ error: { code: 'url_invalid', message } });
      expect(text).not.toContain('%E0');
    }
  });

  it('answers an over-long path parameter with 414 in our shape', async () => {
    const res = await fetch(`${base}/api/menu/qr/${UUID.aMain}/items/by-name/${'a'.repeat(300)}/`, {
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(414);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'url_too_long', message: 'This link is too long' } });
    expect(text).not.toContain('aaaa');
  });

  it('answers a wrong method on a known path with 405 and Allow, an unknown path with 404', async () => {
    const wrong = await fetch(`${base}/api/health`, { method: 'DELETE', headers: { 'accept-language': 'en' } });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')?.split(', ').sort()).toEqual(['GET', 'HEAD']);
    expect(await wrong.json()).toEqual({
      error: { code: 'method_not_allowed', message: 'This method is not allowed here' },
    });
    const withParams = await fetch(`${base}/api/orders/${UUID.aMain}/`, { method: 'PUT' });
    expect(withParams.status).toBe(405);
    expect(((await withParams.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
    const unknown = await fetch(`${base}/api/no-such-thing/`, { headers: { 'accept-language': 'en' } });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('answers oversized headers with 431 in our shape, in the language the client asked for', async () => {
    const res = parseRaw(
      await rawRequest(
        base,
        `GET /api/health HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      ),
    );
    expect(res.status).toBe(431);
    expect(res.json).toEqual({ error: { code: 'headers_too_large', message: 'The request headers are too large' } });
  });

  it('answers broken framing with 400 in our shape (Arabic by default)', async () => {
    const res = parseRaw(
      await rawRequest(base, 'POST /api/health HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n'),
    );
    expect(res.status).toBe(400);
    expect(res.head).toContain('content-type: application/json');
    expect(res.json).toEqual({ error: { code: 'bad_request', message: 'تعذّرت قراءة الطلب' } });
  });
});

describe('caching and transport headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('marks every personal answer no-store: me, addresses, orders, payments (and their refusals)', async () => {
    const ids = await menuIds(t, UUID.aMain);
    const a = await diner(t, UUID.aMain, '0591110001');
    const placed = await placeOrder(a, UUID.aMain, {
      orderType: 2,
      lines: [{ kind: 'product', itemId: ids.item('kabsa'), quantity: 1, modifiers: [ids.option('Size', 'Large')] }],
      paymentMethod: 'cash',
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.headers['cache-control']).toBe('no-store');
    const id = (placed.json() as { id: number }).id;
    for (const [method, url] of [
      ['GET', `/api/customers/${UUID.aMain}/me/`],
      ['GET', `/api/customers/${UUID.aMain}/me/addresses/`],
      ['GET', `/api/orders/${UUID.aMain}/`],
      ['GET', `/api/orders/${UUID.aMain}/${id}/`],
      // A payment attempt for a cash order: refused, and still personal.
      ['POST', `/api/orders/${UUID.aMain}/${id}/payment/`],
    ] as const) {
      const res = await a.call(method, url);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('no-store');
      const anonymous = await caller(t).call(method, url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.headers['cache-control'], url).toBe('no-store');
    }
    // The menu keeps its own revalidation rule.
    expect((await t.app.inject(`/api/menu/qr/${UUID.aMain}/`)).headers['cache-control']).toBe('no-cache');
  });

  it('sends HSTS only over https (directly or as the trusted proxy says), never over plain http', async () => {
    const plain = await t.app.inject({ url: '/api/health', remoteAddress: '10.0.0.5' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const viaProxy = await t.app.inject({
      url: '/api/health',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // Not trusted: a client can't ask for it over http.
    const untrusted = await createTestApp();
    try {
      const forged = await untrusted.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(forged.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await untrusted.close();
    }
  });
});

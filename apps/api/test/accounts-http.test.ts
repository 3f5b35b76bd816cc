import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode } from './accounts.ts';
import { UUID } from './fixture-brands.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Over real HTTP, with cookies kept the way a browser keeps them: each cookie is sent only to paths under
 * its Path, and dropped when the server clears it.
 */
class BrowserCookies {
  private readonly store = new Map<string, { value: string; path: string }>();

  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((p) => p.trim());
      const [name, ...rest] = (pair ?? '').split('=');
      const value = rest.join('=');
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a));
      if (!name) continue;
      if (expired || value === '') this.store.delete(name);
      else this.store.set(name, { value, path });
    }
  }

  header(url: string): string {
    const path = new URL(url).pathname;
    return [...this.store]
      .filter(([, c]) => path === c.path || path.startsWith(`${c.path}/`))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  names() {
    return [...this.store.keys()].sort();
  }
}

describe('customer session over real HTTP', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.listen();
  });
  afterAll(() => t.close());

  it('signs in, reads the profile, refreshes and signs out with browser-kept cookies', async () => {
    const jar = new BrowserCookies();
    const call = async (method: string, path: string, body?: unknown) => {
      const url = `${base}${path}`;
      const res = await fetch(url, {
        method,
        headers: {
          'accept-language': 'en',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          cookie: jar.header(url),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      jar.take(res);
      return res;
    };
    const brand = t.seeded.get('test-brand-a')?.brandId;
    const sent = await call('POST', `/api/auth/${UUID.aMain}/otp/`, { phone: { phone_number: '0571234567' } });
    expect(sent.status).toBe(202);
    const { requestId } = (await sent.json()) as { requestId: string };
    const code = await latestCode(t, '+966571234567');
    const verified = await call('POST', `/api/auth/${UUID.aMain}/otp/verify/`, {
      requestId,
      code,
      profile: { fullName: 'Over HTTP' },
    });
    expect(verified.status).toBe(200);
    expect(jar.names()).toEqual([`sufra_at_${brand}`, `sufra_rt_${brand}`]);
    // The refresh token is not sent to profile calls, only to /api/auth.
    expect(jar.header(`${base}/api/customers/${UUID.aMain}/me/`)).not.toContain('sufra_rt');
    expect(jar.header(`${base}/api/auth/${UUID.aMain}/refresh/`)).toContain('sufra_rt');

    const me = await call('GET', `/api/customers/${UUID.aMain}/me/`);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { fullName: string }).fullName).toBe('Over HTTP');
    expect((await call('POST', `/api/auth/${UUID.aMain}/refresh/`)).status).toBe(200);
    expect((await call('GET', `/api/customers/${UUID.aMain}/me/`)).status).toBe(200);
    expect((await call('POST', `/api/auth/${UUID.aMain}/logout/`)).status).toBe(204);
    expect(jar.names()).toEqual([]);
    expect((await call('GET', `/api/customers/${UUID.aMain}/me/`)).status).toBe(401);
  });
});

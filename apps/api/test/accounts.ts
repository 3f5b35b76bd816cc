import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.ts';

/** A browser's cookie store for inject() calls: keeps what Set-Cookie gives, drops what it clears. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  take(res: LightMyRequestResponse): LightMyRequestResponse {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now());
      if (cleared) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [k, v] of this.cookies) copy.cookies.set(k, v);
    return copy;
  }
}

/** The code of the latest SMS to this number, read from the outbox as the browser tests do. */
export async function latestCode(t: TestApp, phone: string): Promise<string> {
  const rows = await t.database.query<{ body: string }>(
    'select body from sms_outbox where to_phone = $1 order by id desc limit 1',
    [phone],
  );
  const match = rows[0]?.body.match(/(\d{4})/);
  if (!match?.[1]) throw new Error(`no SMS to ${phone}`);
  return match[1];
}

export async function countRows(t: TestApp, table: string): Promise<number> {
  const rows = await t.database.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]?.n ?? 0;
}

export interface Caller {
  jar: CookieJar;
  call(
    method: string,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

/** A client with its own cookies (one browser); `ip` sets the client address seen by the server. */
export function caller(t: TestApp, options: { ip?: string; language?: string } = {}): Caller {
  const jar = new CookieJar();
  return {
    jar,
    async call(method, url, payload, headers = {}) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
        remoteAddress: options.ip ?? '10.0.0.1',
        headers: {
          ...(jar.cookies.size > 0 ? { cookie: jar.header() } : {}),
          'accept-language': options.language ?? 'en',
          ...headers,
        },
      });
      return jar.take(res);
    },
  };
}

/** Asks for a code and verifies it (registering with `fullName` when given). Returns the verify response. */
export async function signIn(
  t: TestApp,
  c: Caller,
  uuid: string,
  phone: string,
  profile?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  const sent = await c.call('POST', `/api/auth/${uuid}/otp/`, { phone: { phone_number: phone } });
  if (sent.statusCode !== 202) throw new Error(`otp request ${sent.statusCode}: ${sent.body}`);
  const { requestId, phone: e164 } = sent.json() as { requestId: string; phone: string };
  const code = await latestCode(t, e164);
  return c.call('POST', `/api/auth/${uuid}/otp/verify/`, { requestId, code, ...(profile ? { profile } : {}) });
}

import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/**
 * The fake Foodics' OAuth 2 (authorization code), as Foodics documents it: GET /authorize on its console approves at
 * once (or, `deny`, refuses) and redirects to redirect_uri?code&state; POST /oauth/token (JSON) exchanges a code once
 * (600 s) or a refresh token (once) for `{token_type, access_token, refresh_token, expires_in}`.
 */
export function createFakeOAuth(
  app: { clientId: string; clientSecret: string; deny?: boolean } | undefined,
  send: (res: ServerResponse, status: number, body: unknown) => void,
) {
  const codes = new Map<string, number>();
  const liveAccess = new Set<string>();
  const liveRefresh = new Set<string>();
  const issued: { access: string; refresh: string }[] = [];

  /** Foodics' console: the owner approves (or, `oauth.deny`, refuses) and is sent back with a code. */
  function authorize(url: URL, res: ServerResponse): void {
    const redirect = url.searchParams.get('redirect_uri');
    const state = url.searchParams.get('state') ?? '';
    if (!app || url.searchParams.get('client_id') !== app.clientId || !redirect) {
      send(res, 400, { message: 'Invalid client.' });
      return;
    }
    const back = new URL(redirect);
    if (app.deny) back.searchParams.set('error', 'access_denied');
    else {
      const code = randomUUID();
      codes.set(code, Date.now() + 600_000);
      back.searchParams.set('code', code);
    }
    back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  function token(body: unknown, res: ServerResponse): void {
    const b = (body ?? {}) as Record<string, unknown>;
    if (!app || b.client_id !== app.clientId || b.client_secret !== app.clientSecret) {
      send(res, 401, { message: 'Client authentication failed.' });
      return;
    }
    if (b.grant_type === 'authorization_code') {
      const expires = codes.get(String(b.code));
      codes.delete(String(b.code));
      if (!expires || expires < Date.now()) {
        send(res, 400, { message: 'The authorization code is invalid.' });
        return;
      }
    } else if (b.grant_type === 'refresh_token') {
      if (!liveRefresh.delete(String(b.refresh_token))) {
        send(res, 400, { message: 'The refresh token is invalid.' });
        return;
      }
    } else {
      send(res, 400, { message: 'Unsupported grant type.' });
      return;
    }
    const pair = { access: `fa-${randomUUID()}`, refresh: `fr-${randomUUID()}` };
    liveAccess.add(pair.access);
    liveRefresh.add(pair.refresh);
    issued.push(pair);
    send(res, 200, {
      token_type: 'Bearer',
      access_token: pair.access,
      refresh_token: pair.refresh,
      expires_in: 31_536_000,
    });
  }

  return {
    authorize,
    token,
    issued,
    /** An access token it issued and has not expired. */
    accepts: (bearer: string) => liveAccess.has(bearer),
    /** Every access token issued so far answers 401 from now on (their refresh tokens still work). */
    expire: () => liveAccess.clear(),
  };
}

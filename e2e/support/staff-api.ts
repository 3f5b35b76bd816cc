/**
 * The demo staff signed in through the staff API (their own cookie jar), once per worker, server and role, for
 * journeys that act as staff behind the scenes: reading OTP codes from the outbox, moving orders.
 * Kept signed in the way the staff app is: the access cookie lasts 15 minutes and a full run on a slow machine is
 * longer, so a session older than REFRESH_AFTER_MS is refreshed (the refresh cookie rotates) before it is used.
 */
import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';

/** The demo seed's staff (apps/api/src/db/seed): one of each role at the demo brand. */
export const STAFF = {
  owner: { email: 'owner@sufra.demo', password: 'owner-demo-2026' },
  manager: { email: 'manager@sufra.demo', password: 'manager-demo-2026' },
  cashier: { email: 'cashier@sufra.demo', password: 'cashier-demo-2026' },
} as const;

/** Well inside the API's access lifetime (ACCESS_TTL_MS, 15 minutes). */
const REFRESH_AFTER_MS = 10 * 60_000;

interface Held {
  context: APIRequestContext;
  renewedAt: number;
}

/** One sign-in (or refresh) in flight per key, so parallel callers never rotate the same refresh cookie twice. */
const sessions = new Map<string, Promise<Held>>();

async function signIn(baseURL: string, role: keyof typeof STAFF): Promise<Held> {
  const context = await playwrightRequest.newContext({ baseURL });
  const response = await context.post('/api/staff/auth/login/', { data: STAFF[role] });
  expect(response.ok(), `${role} sign-in → ${response.status()} ${await response.text()}`).toBeTruthy();
  return { context, renewedAt: Date.now() };
}

async function refresh(baseURL: string, held: Held, role: keyof typeof STAFF): Promise<Held> {
  const response = await held.context.post('/api/staff/auth/refresh/');
  if (response.ok()) return { context: held.context, renewedAt: Date.now() };
  // The session is gone (signed out elsewhere, say): sign in again (the old jar is left alone, a caller may be using it).
  return signIn(baseURL, role);
}

export async function staffApi(baseURL: string, role: keyof typeof STAFF): Promise<APIRequestContext> {
  const key = `${role} ${baseURL}`;
  let session = sessions.get(key);
  if (!session) {
    session = signIn(baseURL, role);
    sessions.set(key, session);
  }
  const held = await session;
  if (Date.now() - held.renewedAt < REFRESH_AFTER_MS) return held.context;
  // Someone else may have started the refresh meanwhile: join it.
  if (sessions.get(key) === session) {
    session = refresh(baseURL, held, role);
    sessions.set(key, session);
  }
  return (await (sessions.get(key) ?? session)).context;
}

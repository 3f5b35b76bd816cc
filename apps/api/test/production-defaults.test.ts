import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../src/db/seed/demo-brand.ts';
import { type ServerProcess, startServer } from './server-process.ts';
import { createTestDatabase } from './test-app.ts';

// Issue 13 item 4: NODE_ENV=production on the embedded database with nothing else set used to serve the demo
// seed (published staff passwords), the SMS outbox and the test gateway (published keys). The real server.ts,
// as an operator starts it: on a fresh embedded database in the PGlite suite, on a new empty database of the server in
// the PostgreSQL suite (the same defaults must hold there, and that suite need not start a second embedded cluster).
const secret = 'production-defaults-test-secret-0123456789';
const manager = DEMO_STAFF.find((person) => person.role === 'manager') ?? DEMO_STAFF[0];

async function signIn(url: string) {
  return fetch(`${url}/api/staff/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: manager?.email, password: manager?.password }),
  });
}

// Each test starts a server on a fresh embedded database: a bound on a hang, with room for the other files the test
// command runs beside this one (server-process.ts).
describe('the server in production', { timeout: 120_000 }, () => {
  let server: ServerProcess | undefined;
  let database: Awaited<ReturnType<typeof createTestDatabase>> = null;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await database?.drop();
    database = null;
  });
  /** The server on this suite's kind of database (see above). */
  const start = async (env: Record<string, string>) => {
    database = await createTestDatabase();
    return startServer(database ? { ...env, DATABASE_URL: database.url } : env);
  };

  it('refuses to start without AUTH_SECRET or a chosen payment provider, saying what to set', async () => {
    await expect(start({ NODE_ENV: 'production' })).rejects.toThrow(
      /AUTH_SECRET: required in production[\s\S]*PAYMENT_PROVIDER: required in production[\s\S]*SMS_PROVIDER: required in production/,
    );
  });

  // Issue 24 item 20: with the payment provider named and no SMS_PROVIDER, production started with the log provider
  // and wrote every verification code into the server log.
  it('refuses to start without a chosen SMS provider, as without a payment provider', async () => {
    await expect(
      start({
        NODE_ENV: 'production',
        AUTH_SECRET: secret,
        PAYMENT_PROVIDER: 'moyasar',
        MOYASAR_SECRET_KEY: 'sk_test_unused',
        MOYASAR_PUBLISHABLE_KEY: 'pk_test_unused',
        MOYASAR_WEBHOOK_SECRET: 'whsec_unused',
      }),
    ).rejects.toThrow(/SMS_PROVIDER: required in production: twilio or taqnyat, or log/);
  });

  it('serves no demo seed, no SMS outbox and no test gateway unless they are enabled', async () => {
    server = await start({
      NODE_ENV: 'production',
      AUTH_SECRET: secret,
      SMS_PROVIDER: 'log',
      PAYMENT_PROVIDER: 'moyasar',
      MOYASAR_SECRET_KEY: 'sk_test_unused',
      MOYASAR_PUBLISHABLE_KEY: 'pk_test_unused',
      MOYASAR_WEBHOOK_SECRET: 'whsec_unused',
    });
    expect(server.output()).not.toContain(manager?.password ?? '-');
    const login = await signIn(server.url);
    expect(login.status).toBe(401);
    expect((await fetch(`${server.url}/test-gateway/assets/card.js`)).status).toBe(404);
  });

  it('serves them when enabled by name (the demo, the browser journeys)', async () => {
    server = await start({
      NODE_ENV: 'production',
      AUTH_SECRET: secret,
      PAYMENT_PROVIDER: 'test',
      SMS_PROVIDER: 'log',
      DEMO_SEED: 'true',
      SMS_OUTBOX_VISIBLE: 'true',
    });
    const login = await signIn(server.url);
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';', 1)[0])
      .join('; ');
    const outbox = await fetch(`${server.url}/api/staff/sms-outbox/`, { headers: { cookie } });
    expect(outbox.status).toBe(200);
    expect((await fetch(`${server.url}/test-gateway/assets/card.js`)).status).toBe(200);
  });
});

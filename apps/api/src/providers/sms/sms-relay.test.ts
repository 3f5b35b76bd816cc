import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { caller } from '../../../test/accounts.ts';
import { UUID } from '../../../test/fixture-brands.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SMS_MAX_ATTEMPTS, smsRetryDelayMs } from './sms-relay.ts';
import { createTwilioSmsProvider } from './twilio-sms-provider.ts';

/** A local stand-in for Twilio's Messages API: records requests, answers what the test says. */
interface FakeTwilio {
  url: string;
  requests: { path: string; auth: string | undefined; contentType: string | undefined; form: URLSearchParams }[];
  /** Status codes to answer, in order; 201 with a sid once exhausted. */
  failures: number[];
  close(): Promise<void>;
}

async function startFakeTwilio(): Promise<FakeTwilio> {
  const fake: FakeTwilio = { url: '', requests: [], failures: [], close: async () => {} };
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => resolve(body));
    });
  const server: Server = createServer(async (req, res) => {
    const body = await read(req);
    fake.requests.push({
      path: req.url ?? '',
      auth: req.headers.authorization,
      contentType: req.headers['content-type'],
      form: new URLSearchParams(body),
    });
    const status = fake.failures.shift();
    res.setHeader('content-type', 'application/json');
    if (status) {
      res.statusCode = status;
      res.end(JSON.stringify({ code: 20003, message: 'Authenticate', status }));
      return;
    }
    res.statusCode = 201;
    res.end(JSON.stringify({ sid: `SM${fake.requests.length.toString().padStart(32, '0')}`, status: 'queued' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

describe('Twilio adapter', () => {
  let fake: FakeTwilio;
  beforeEach(async () => {
    fake = await startFakeTwilio();
  });
  afterEach(() => fake.close());

  it('posts To, From and Body as a form with basic auth and returns the message sid', async () => {
    const provider = createTwilioSmsProvider({
      accountSid: 'AC123',
      authToken: 'secret',
      from: 'Sufra',
      apiUrl: fake.url,
    });
    const result = await provider.send({ to: '+966501234567', body: 'رمز التحقق: 1234' });
    expect(result.providerMessageId).toBe(`SM${'1'.padStart(32, '0')}`);
    const [request] = fake.requests;
    expect(request?.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(request?.auth).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
    expect(request?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+966501234567',
      From: 'Sufra',
      Body: 'رمز التحقق: 1234',
    });
  });

  it("throws on a non-2xx answer with Twilio's message", async () => {
    fake.failures = [401];
    const provider = createTwilioSmsProvider({ accountSid: 'AC1', authToken: 'bad', from: 'Sufra', apiUrl: fake.url });
    await expect(provider.send({ to: '+966501234567', body: 'x' })).rejects.toThrow(
      'twilio answered 401: Authenticate',
    );
  });
});

describe('SMS relay: after commit, retried, never lost', () => {
  let t: TestApp;
  let fake: FakeTwilio;
  let clock = new Date('2026-07-01T09:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    fake = await startFakeTwilio();
    t = await createTestApp({
      now: () => clock,
      env: {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'ACtest',
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM: '+15005550006',
        TWILIO_API_URL: fake.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => advance(24 * 60 * 60_000 * 2));

  const outbox = async (phone: string) =>
    (
      await t.database.query<{
        status: string;
        attempts: number;
        last_error: string | null;
        provider_message_id: string | null;
      }>('select status, attempts, last_error, provider_message_id from sms_outbox where to_phone = $1', [phone])
    )[0];

  it('sends the code through the provider once the request has committed', async () => {
    const res = await caller(t).call('POST', `/api/auth/${UUID.aMain}/otp/`, { phone: { phone_number: '0590000001' } });
    expect(res.statusCode).toBe(202);
    expect(await outbox('+966590000001')).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await t.app.smsRelay.drainOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await outbox('+966590000001')).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(fake.requests.at(-1)?.form.get('Body')).toMatch(/^Your Brand A code: \d{4}$/);
    // Nothing left to send.
    expect(await t.app.smsRelay.drainOnce()).toEqual({ sent: 0, failed: 0 });
  });

  it('retries a failed send after its backoff, not before, and then sends it', async () => {
    fake.failures = [503, 500];
    await caller(t).call('POST', `/api/auth/${UUID.aMain}/otp/`, { phone: { phone_number: '0590000002' } });
    expect(await t.app.smsRelay.drainOnce()).toEqual({ sent: 0, failed: 1 });
    expect(await outbox('+966590000002')).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'twilio answered 503: Authenticate',
    });
    // Not due yet.
    expect(await t.app.smsRelay.drainOnce()).toEqual({ sent: 0, failed: 0 });
    advance(smsRetryDelayMs(1));
    expect(await t.app.smsRelay.drainOnce()).toEqual({ sent: 0, failed: 1 });
    advance(smsRetryDelayMs(2) - 1);
    expect(await t.app.smsRelay.drainOnce()).toEqual({ sent: 0, failed: 0 });
    advance(1);
    expect(await t.app.smsRelay.drainOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await outbox('+966590000002')).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('keeps a message it could not send as failed after the last attempt (visible, not lost)', async () => {
    fake.failures = Array.from({ length: SMS_MAX_ATTEMPTS }, () => 500);
    await caller(t).call('POST', `/api/auth/${UUID.aMain}/otp/`, { phone: { phone_number: '0590000003' } });
    for (let attempt = 1; attempt <= SMS_MAX_ATTEMPTS; attempt += 1) {
      expect((await t.app.smsRelay.drainOnce()).failed, `attempt ${attempt}`).toBe(1);
      advance(smsRetryDelayMs(attempt));
    }
    expect(await outbox('+966590000003')).toMatchObject({ status: 'failed', attempts: SMS_MAX_ATTEMPTS });
    expect(await t.app.smsRelay.drainOnce()).toEqual({ sent: 0, failed: 0 });
  });

  it('writes no SMS when the code request is refused', async () => {
    const before = fake.requests.length;
    const res = await caller(t).call('POST', `/api/auth/${UUID.aMain}/otp/`, { phone: { phone_number: '05abc' } });
    expect(res.statusCode).toBe(400);
    await t.app.smsRelay.drainOnce();
    expect(fake.requests.length).toBe(before);
  });
});

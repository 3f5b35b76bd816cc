import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './env.ts';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      databasePoolSize: 10,
      workers: 1,
      imageHost: '',
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
    });
    expect(config.dataDir).toBe(`${REPO_ROOT}/data`);
    expect(config.webDist).toBe(`${REPO_ROOT}/apps/web/dist`);
    expect(isAbsolute(config.imagesDir)).toBe(true);
  });

  it('reads and converts the variables', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@h:5432/db',
      DATABASE_POOL_SIZE: '20',
      IMAGE_HOST: 'https://cdn.example.com/',
      DATA_DIR: '/var/sufra',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@h:5432/db',
      databasePoolSize: 20,
      imageHost: 'https://cdn.example.com',
      dataDir: '/var/sufra',
    });
  });

  it('takes several server processes only on PostgreSQL (PGlite belongs to one process)', () => {
    expect(loadConfig({ API_WORKERS: '2', DATABASE_URL: 'postgres://u@h:5432/db' }).workers).toBe(2);
    expect(() => loadConfig({ API_WORKERS: '2' })).toThrow(/API_WORKERS: more than 1 needs DATABASE_URL/);
    expect(() => loadConfig({ API_WORKERS: '0', DATABASE_URL: 'postgres://u@h:5432/db' })).toThrow(/API_WORKERS/);
  });

  it('fails fast naming every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect(String(error)).toMatch(/PORT/);
      expect(String(error)).toMatch(/DATABASE_URL/);
    }
  });

  describe('accounts (issue 3)', () => {
    const secret = 's'.repeat(32);

    it('has account defaults: cookie names, log SMS provider, outbox visible, relay every second', () => {
      const config = loadConfig({});
      expect(config.cookies).toEqual({
        customerAccess: 'sufra_at',
        customerRefresh: 'sufra_rt',
        staffAccess: 'sufra_staff_at',
        staffRefresh: 'sufra_staff_rt',
      });
      expect(config.sms).toEqual({
        provider: 'log',
        twilio: null,
        taqnyat: null,
        outboxVisible: true,
        relayIntervalMs: 1000,
      });
      expect(config.kitchen).toEqual({ relayIntervalMs: 5000 });
      expect(config.otpSendsPerIpPerHour).toBe(20);
      expect(config.otpSendGapMs).toBe(30_000);
      expect(loadConfig({ OTP_SEND_GAP_SECONDS: '2' }).otpSendGapMs).toBe(2_000);
      expect(config.signInFailuresPerIpPerHour).toBe(30);
      expect(loadConfig({ SIGN_IN_FAILURES_PER_IP_PER_HOUR: '500' }).signInFailuresPerIpPerHour).toBe(500);
      expect(() => loadConfig({ SIGN_IN_FAILURES_PER_IP_PER_HOUR: '0' })).toThrow(/SIGN_IN_FAILURES_PER_IP_PER_HOUR/);
      expect(() => loadConfig({ OTP_SEND_GAP_SECONDS: '0' })).toThrow(/OTP_SEND_GAP_SECONDS/);
      expect(config.authSecret).toBeUndefined();
    });

    it('requires AUTH_SECRET in production, on PostgreSQL and on the embedded database alike, at least 32 characters', () => {
      const pg = {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://u@h/db',
        PAYMENT_PROVIDER: 'test',
        SMS_PROVIDER: 'log',
      };
      expect(() => loadConfig(pg)).toThrow(/AUTH_SECRET: required in production/);
      expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' })).toThrow(
        /AUTH_SECRET: required in production \(at least 32 characters; every instance must share it\)/,
      );
      expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET: must be at least 32 characters/);
      expect(loadConfig({ ...pg, AUTH_SECRET: secret }).authSecret).toBe(secret);
      // Development keeps one in DATA_DIR (auth-secret.ts).
      expect(loadConfig({}).authSecret).toBeUndefined();
    });

    it('needs the Twilio credentials when SMS_PROVIDER is twilio, and hides the outbox in production then', () => {
      expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(
        /TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM/,
      );
      expect(() => loadConfig({ SMS_PROVIDER: 'unifonic' })).toThrow(ConfigError);
      const twilio = {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 't',
        TWILIO_FROM: 'Sufra',
      };
      const live = { NODE_ENV: 'production', AUTH_SECRET: secret, PAYMENT_PROVIDER: 'test' };
      const production = loadConfig({ ...twilio, ...live });
      expect(production.sms).toMatchObject({
        provider: 'twilio',
        outboxVisible: false,
        twilio: { accountSid: 'AC1', from: 'Sufra', apiUrl: 'https://api.twilio.com' },
      });
      expect(loadConfig({ ...twilio, ...live, SMS_OUTBOX_VISIBLE: 'true' }).sms.outboxVisible).toBe(true);
    });

    it('needs the Taqnyat token and sender when SMS_PROVIDER is taqnyat (issue 28, ADR 0600)', () => {
      expect(() => loadConfig({ SMS_PROVIDER: 'taqnyat', TAQNYAT_SENDER: 'Sufra' })).toThrow(
        /taqnyat needs TAQNYAT_BEARER_TOKEN and TAQNYAT_SENDER/,
      );
      const config = loadConfig({ SMS_PROVIDER: 'taqnyat', TAQNYAT_BEARER_TOKEN: 'tok', TAQNYAT_SENDER: 'Sufra' });
      expect(config.sms).toMatchObject({
        provider: 'taqnyat',
        twilio: null,
        taqnyat: { bearerToken: 'tok', sender: 'Sufra', apiUrl: 'https://api.taqnyat.sa' },
      });
      expect(
        loadConfig({
          SMS_PROVIDER: 'taqnyat',
          TAQNYAT_BEARER_TOKEN: 'tok',
          TAQNYAT_SENDER: 'Sufra',
          TAQNYAT_API_URL: 'http://127.0.0.1:9/',
        }).sms.taqnyat?.apiUrl,
      ).toBe('http://127.0.0.1:9');
    });

    it('keeps the demo seed, the SMS outbox and the test gateway off in production unless named (issue 13)', () => {
      const live = { NODE_ENV: 'production', AUTH_SECRET: secret, SMS_PROVIDER: 'log' };
      expect(() => loadConfig(live)).toThrow(/PAYMENT_PROVIDER: required in production: moyasar, or test/);
      // Issue 24: the SMS provider is named too; the log one writes every code into the server log.
      expect(() => loadConfig({ ...live, SMS_PROVIDER: '', PAYMENT_PROVIDER: 'test' })).toThrow(
        /SMS_PROVIDER: required in production: twilio or taqnyat, or log/,
      );
      const production = loadConfig({ ...live, PAYMENT_PROVIDER: 'test' });
      expect(production.demoSeed).toBe(false);
      expect(production.sms.outboxVisible).toBe(false);
      expect(production.payments.provider).toBe('test');
      const demo = loadConfig({ ...live, PAYMENT_PROVIDER: 'test', DEMO_SEED: 'true', SMS_OUTBOX_VISIBLE: '1' });
      expect(demo.demoSeed).toBe(true);
      expect(demo.sms.outboxVisible).toBe(true);
      // `npm start` (development): the demo as before.
      expect(loadConfig({})).toMatchObject({
        demoSeed: true,
        sms: { outboxVisible: true },
        payments: { provider: 'test' },
      });
      expect(loadConfig({ DEMO_SEED: 'false' }).demoSeed).toBe(false);
    });

    it('takes configurable cookie names, refusing unsafe or duplicate ones', () => {
      expect(loadConfig({ CUSTOMER_ACCESS_COOKIE: 'brand_at' }).cookies.customerAccess).toBe('brand_at');
      expect(() => loadConfig({ CUSTOMER_ACCESS_COOKIE: 'a b;c' })).toThrow(/CUSTOMER_ACCESS_COOKIE/);
      expect(() => loadConfig({ STAFF_ACCESS_COOKIE: 'sufra_at' })).toThrow(/must differ/);
    });
  });
  describe('TRUST_PROXY (issue 13)', () => {
    it("takes a hop count or the proxies' addresses and CIDRs, as Fastify's trustProxy does", () => {
      expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
      expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
      expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8, loopback' }).trustProxy).toEqual([
        '10.0.0.0/8',
        '192.168.1.7',
        'fd00::/8',
        'loopback',
      ]);
    });

    it('refuses "true" (every hop: the client\'s own X-Forwarded-For entry) and anything not an address', () => {
      expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust every X-Forwarded-For/);
      expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: not a hop count/);
      expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
      expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow(/TRUST_PROXY: a hop count/);
    });
  });

  describe('card payments (issue 5)', () => {
    it('uses the built-in test gateway by default, in this process, with development keys', () => {
      const { payments } = loadConfig({ PORT: '4000', PUBLIC_URL: 'https://qr.sufra.example/' });
      expect(payments).toEqual({
        provider: 'test',
        timeoutMs: 10_000,
        cardPaymentTimeoutMs: 30 * 60_000,
        cardPaymentSweepIntervalMs: 60_000,
        moyasar: null,
        testGateway: {
          secretKey: 'sk_test_sufra_gateway_dev_key',
          webhookSecret: 'whsec_sufra_gateway_dev_secret',
          apiUrl: null,
          publicUrl: 'https://qr.sufra.example/test-gateway',
          webhookUrl: null,
          webhookIntervalMs: 1000,
          holdMs: 30_000,
        },
      });
    });

    it('expires unpaid card orders after CARD_PAYMENT_TIMEOUT_MINUTES, and refuses a timeout under a minute', () => {
      expect(loadConfig({ CARD_PAYMENT_TIMEOUT_MINUTES: '45' }).payments.cardPaymentTimeoutMs).toBe(45 * 60_000);
      expect(() => loadConfig({ CARD_PAYMENT_TIMEOUT_MINUTES: '0' })).toThrow(/CARD_PAYMENT_TIMEOUT_MINUTES/);
    });

    it('needs the secret key, the publishable key (our card page tokenizes with it) and webhook secret for Moyasar, and reads its API base', () => {
      expect(() => loadConfig({ PAYMENT_PROVIDER: 'moyasar' })).toThrow(
        /MOYASAR_SECRET_KEY, MOYASAR_PUBLISHABLE_KEY and MOYASAR_WEBHOOK_SECRET/,
      );
      expect(() =>
        loadConfig({ PAYMENT_PROVIDER: 'moyasar', MOYASAR_SECRET_KEY: 'sk_live_x', MOYASAR_WEBHOOK_SECRET: 'token' }),
      ).toThrow(/MOYASAR_PUBLISHABLE_KEY/);
      expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/);
      const { payments } = loadConfig({
        PAYMENT_PROVIDER: 'moyasar',
        MOYASAR_SECRET_KEY: 'sk_live_x',
        MOYASAR_PUBLISHABLE_KEY: 'pk_live_x',
        MOYASAR_WEBHOOK_SECRET: 'token',
        PAYMENT_TIMEOUT_MS: '5000',
      });
      expect(payments).toMatchObject({
        provider: 'moyasar',
        timeoutMs: 5000,
        moyasar: {
          secretKey: 'sk_live_x',
          publishableKey: 'pk_live_x',
          webhookSecret: 'token',
          apiUrl: 'https://api.moyasar.com/v1',
        },
      });
      expect(() => loadConfig({ TEST_GATEWAY_SECRET_KEY: 'short' })).toThrow(/TEST_GATEWAY_SECRET_KEY/);
    });
  });
});

describe('e-mail settings (docs/adr/0620)', () => {
  const production = {
    NODE_ENV: 'production',
    AUTH_SECRET: 'x'.repeat(32),
    PAYMENT_PROVIDER: 'test',
    SMS_PROVIDER: 'log',
  };

  it('runs the catcher in development, not in tests unless asked, and never in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).mail.mode).toBe('catcher');
    expect(loadConfig({ NODE_ENV: 'test' }).mail.mode).toBe('off');
    expect(loadConfig({ NODE_ENV: 'test', MAIL_CATCHER: 'true' }).mail.mode).toBe('catcher');
    expect(loadConfig({ ...production, MAIL_CATCHER: 'true' }).mail.mode).toBe('off');
  });

  it('sends through SMTP when a server is given, as a URL or in parts', () => {
    expect(loadConfig({ ...production, SMTP_URL: 'smtps://u:p@mail.example.sa:465' }).mail).toMatchObject({
      mode: 'smtp',
      smtp: { url: 'smtps://u:p@mail.example.sa:465' },
      from: 'Sufra <no-reply@sufra.localhost>',
    });
    expect(
      loadConfig({ ...production, SMTP_HOST: 'mail.example.sa', SMTP_PORT: '465', SMTP_USER: 'u', SMTP_PASS: 'p' }).mail
        .smtp,
    ).toEqual({ host: 'mail.example.sa', port: 465, secure: true, user: 'u', pass: 'p' });
    expect(loadConfig({ SMTP_HOST: 'mail.example.sa' }).mail.smtp).toMatchObject({ port: 587, secure: false });
  });
});

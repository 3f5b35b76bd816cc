/** The parts loadConfig (env.ts) builds from the parsed environment: the checks across variables, and the nested settings. */
import type { Config } from './config-types.ts';
import type { Env } from './env-schema.ts';
import type { parseTrustProxy } from './trust-proxy.ts';

/** A true/false variable: "true" or "1" is on, anything else off, unset the fallback. */
export function flag(value: string | undefined, fallback: boolean): boolean {
  return value === undefined ? fallback : value === 'true' || value === '1';
}

/** What the schema alone cannot say: settings that need each other (production's, a provider's keys, …). */
export function crossChecks(e: Env, trustProxy: ReturnType<typeof parseTrustProxy>): string[] {
  const problems: string[] = [];
  // Production needs a secret of its own: several instances must share it, and one made up in DATA_DIR
  // (development, auth-secret.ts) is lost with the folder, signing every diner and staff member out.
  const production = e.NODE_ENV === 'production';
  if (production && !e.AUTH_SECRET) {
    problems.push(
      '  AUTH_SECRET: required in production (at least 32 characters; every instance must share it). Generate one with\n' +
        "    node -e \"console.log(require('node:crypto').randomBytes(32).toString('base64url'))\"",
    );
  }
  if (production && !e.PAYMENT_PROVIDER) {
    problems.push(
      '  PAYMENT_PROVIDER: required in production: moyasar, or test to run the built-in test gateway (its keys are published; demos only)',
    );
  }
  if (production && !e.SMS_PROVIDER) {
    problems.push(
      '  SMS_PROVIDER: required in production: twilio or taqnyat, or log to write every verification code into the server log (demos only)',
    );
  }
  if (e.API_WORKERS > 1 && !e.DATABASE_URL) {
    problems.push(
      '  API_WORKERS: more than 1 needs DATABASE_URL (the embedded PGlite database belongs to one process)',
    );
  }
  if (typeof trustProxy === 'string') problems.push(`  TRUST_PROXY: ${trustProxy}`);
  const twilioSet = e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM;
  if (e.SMS_PROVIDER === 'twilio' && !twilioSet) {
    problems.push('  SMS_PROVIDER: twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
  }
  if (e.SMS_PROVIDER === 'taqnyat' && !(e.TAQNYAT_BEARER_TOKEN && e.TAQNYAT_SENDER)) {
    problems.push('  SMS_PROVIDER: taqnyat needs TAQNYAT_BEARER_TOKEN and TAQNYAT_SENDER');
  }
  const names = [e.CUSTOMER_ACCESS_COOKIE, e.CUSTOMER_REFRESH_COOKIE, e.STAFF_ACCESS_COOKIE, e.STAFF_REFRESH_COOKIE];
  if (new Set(names).size !== names.length) problems.push('  *_COOKIE: the four cookie names must differ');
  const moyasarSet = e.MOYASAR_SECRET_KEY && e.MOYASAR_PUBLISHABLE_KEY && e.MOYASAR_WEBHOOK_SECRET;
  if ((e.PAYMENT_PROVIDER ?? 'test') === 'moyasar' && !moyasarSet) {
    problems.push(
      '  PAYMENT_PROVIDER: moyasar needs MOYASAR_SECRET_KEY, MOYASAR_PUBLISHABLE_KEY and MOYASAR_WEBHOOK_SECRET',
    );
  }
  const s3Set = e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY;
  if (e.UPLOADS_STORAGE === 's3' && !s3Set) {
    problems.push('  UPLOADS_STORAGE: s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  if (e.GEOCODING_PROVIDER === 'nominatim' && !e.GEOCODING_URL) {
    problems.push('  GEOCODING_PROVIDER: nominatim needs GEOCODING_URL');
  }
  return problems;
}

export function s3Of(e: Env): Config['s3'] {
  return e.UPLOADS_STORAGE === 's3' && e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
    ? {
        endpoint: e.S3_ENDPOINT,
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        prefix: e.S3_PREFIX,
      }
    : null;
}

export function smsOf(e: Env): Config['sms'] {
  // Production keeps the outbox (codes anyone with a manager login could read) off unless asked.
  const outboxDefault = e.NODE_ENV !== 'production';
  return {
    provider: e.SMS_PROVIDER ?? 'log',
    twilio:
      e.SMS_PROVIDER === 'twilio' && e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            apiUrl: e.TWILIO_API_URL.replace(/\/$/, ''),
          }
        : null,
    taqnyat:
      e.SMS_PROVIDER === 'taqnyat' && e.TAQNYAT_BEARER_TOKEN && e.TAQNYAT_SENDER
        ? {
            bearerToken: e.TAQNYAT_BEARER_TOKEN,
            sender: e.TAQNYAT_SENDER,
            apiUrl: e.TAQNYAT_API_URL.replace(/\/$/, ''),
          }
        : null,
    outboxVisible: flag(e.SMS_OUTBOX_VISIBLE, outboxDefault),
    relayIntervalMs: e.SMS_RELAY_INTERVAL_MS,
  };
}

export function paymentsOf(e: Env, publicUrl: string): Config['payments'] {
  const paymentProvider = e.PAYMENT_PROVIDER ?? 'test';
  return {
    provider: paymentProvider,
    timeoutMs: e.PAYMENT_TIMEOUT_MS,
    cardPaymentTimeoutMs: e.CARD_PAYMENT_TIMEOUT_MINUTES * 60_000,
    cardPaymentSweepIntervalMs: e.CARD_PAYMENT_SWEEP_INTERVAL_MS,
    moyasar:
      paymentProvider === 'moyasar' && e.MOYASAR_SECRET_KEY && e.MOYASAR_PUBLISHABLE_KEY && e.MOYASAR_WEBHOOK_SECRET
        ? {
            secretKey: e.MOYASAR_SECRET_KEY,
            publishableKey: e.MOYASAR_PUBLISHABLE_KEY,
            webhookSecret: e.MOYASAR_WEBHOOK_SECRET,
            apiUrl: e.MOYASAR_API_URL.replace(/\/$/, ''),
          }
        : null,
    testGateway: {
      secretKey: e.TEST_GATEWAY_SECRET_KEY,
      webhookSecret: e.TEST_GATEWAY_WEBHOOK_SECRET,
      apiUrl: e.TEST_GATEWAY_API_URL?.replace(/\/$/, '') ?? null,
      publicUrl: `${publicUrl}/test-gateway`,
      webhookUrl: e.TEST_GATEWAY_WEBHOOK_URL ?? null,
      webhookIntervalMs: e.TEST_GATEWAY_WEBHOOK_INTERVAL_MS,
      holdMs: e.TEST_GATEWAY_HOLD_MS ?? e.PAYMENT_TIMEOUT_MS * 3,
    },
  };
}

export function mailOf(e: Env): Config['mail'] {
  const smtp: Config['mail']['smtp'] = e.SMTP_URL
    ? { url: e.SMTP_URL }
    : e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          secure: flag(e.SMTP_SECURE, e.SMTP_PORT === 465),
          user: e.SMTP_USER ?? null,
          pass: e.SMTP_PASS ?? null,
        }
      : null;
  // The catcher never runs in production (it would swallow real diners' mail); in tests only when asked.
  const catcher = e.NODE_ENV !== 'production' && flag(e.MAIL_CATCHER, e.NODE_ENV === 'development');
  return {
    mode: smtp ? 'smtp' : catcher ? 'catcher' : 'off',
    smtp,
    catcherPort: e.MAIL_CATCHER_PORT,
    from: e.MAIL_FROM,
    relayIntervalMs: e.MAIL_RELAY_INTERVAL_MS,
    timeoutMs: e.MAIL_TIMEOUT_MS,
  };
}

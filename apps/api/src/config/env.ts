import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: relative paths in the environment (DATA_DIR, WEB_DIST) are resolved against it. */
export const REPO_ROOT = findRepoRoot(dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(start: string): string {
  let dir = start;
  while (true) {
    if (existsSync(resolve(dir, 'package-lock.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve(start, '../../../..');
    dir = parent;
  }
}

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where evaluation photos are kept (the local file storage); default: DATA_DIR/uploads. */
  UPLOADS_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** Where uploads are kept: the folder (default) or an S3-compatible object store (S3_* below). */
  UPLOADS_STORAGE: z.enum(['local', 's3']).default('local'),
  /** The store's address, e.g. https://s3.me-central-1.amazonaws.com or a MinIO / R2 endpoint (path-style URLs). */
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().min(1).default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** Key prefix inside the bucket (several apps can share one). */
  S3_PREFIX: z.preprocess(emptyAsUndefined, z.string().default('')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** Server processes sharing the port (node:cluster), e.g. one per CPU; more than 1 needs DATABASE_URL. */
  API_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Where relative image paths are served from; '' = this server (same origin). */
  IMAGE_HOST: z.string().default(''),
  /** The public base URL of this server, used in printed links; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  WEB_DIST: z.string().min(1).default('apps/web/dist'),
  /** Seed the demo brand (published staff passwords) into an empty database at start-up. Default: not in production. */
  DEMO_SEED: z.preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).optional()),
  /**
   * Behind a load balancer: which hops' X-Forwarded-* to believe (client address, host, protocol). A hop count
   * or the proxies' addresses/CIDRs; never "every hop" (the left-most entry is whatever the client wrote).
   */
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Signs access tokens and hashes verification codes. Required in production; see auth-secret.ts. */
  AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  CUSTOMER_ACCESS_COOKIE: cookieName('sufra_at'),
  CUSTOMER_REFRESH_COOKIE: cookieName('sufra_rt'),
  STAFF_ACCESS_COOKIE: cookieName('sufra_staff_at'),
  STAFF_REFRESH_COOKIE: cookieName('sufra_staff_rt'),
  SMS_PROVIDER: z.enum(['log', 'twilio']).default('log'),
  TWILIO_ACCOUNT_SID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  TWILIO_AUTH_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** Sender: a Twilio number in E.164 or an alphanumeric sender id. */
  TWILIO_FROM: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  TWILIO_API_URL: z.preprocess(emptyAsUndefined, z.url().default('https://api.twilio.com')),
  /** Let managers see the SMS outbox in the staff app (demo, development). Default: not in production. */
  SMS_OUTBOX_VISIBLE: z.preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).optional()),
  /** How often the SMS relay looks for pending messages; 0 = not started (tests drive it by hand). */
  /** Per-IP cap on verification codes sent per hour (many diners share a venue's Wi-Fi address). */
  OTP_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** The least time between two codes sent to one number (a double tap does not spend a send). */
  OTP_SEND_GAP_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  /**
   * Wrong verification codes (and, counted apart, wrong staff passwords) one client address may make in an hour before
   * its further tries are slowed by growing delays (a venue's Wi-Fi can put many diners behind one address).
   */
  SIGN_IN_FAILURES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  SMS_RELAY_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  /**
   * How often the kitchen relay looks for undelivered order events, as a safety net: a new order wakes it at
   * once (NOTIFY). 0 = not started (tests drive it by hand).
   */
  KITCHEN_RELAY_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  /**
   * Card payments (issue 5): the built-in test gateway or Moyasar. Default: test, except in production, where it
   * must be chosen (the test gateway's keys are published, so it is on there only when asked for by name).
   */
  PAYMENT_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['test', 'moyasar']).optional()),
  /** A card order still unpaid this long after it was placed is canceled (after asking the provider): payment-expiry.ts. */
  CARD_PAYMENT_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  /** How often each instance looks for card orders past that timeout; 0 = not started (tests drive it by hand). */
  CARD_PAYMENT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** How often each instance writes off expired loyalty points; 0 = not started (tests call expireOnce()). */
  POINTS_EXPIRY_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  /** How long we wait for the payment provider's API before giving up (a typed timeout error, nothing hangs). */
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  MOYASAR_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** The publishable key a browser uses to tokenize a card with Moyasar (never the secret key). */
  MOYASAR_PUBLISHABLE_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** The webhook's secret token, set in Moyasar's dashboard; every webhook body carries it. */
  MOYASAR_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  MOYASAR_API_URL: z.preprocess(emptyAsUndefined, z.url().default('https://api.moyasar.com/v1')),
  /** The test gateway's own keys. The defaults are public (development only); set both in production. */
  TEST_GATEWAY_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().min(16).default('sk_test_sufra_gateway_dev_key')),
  TEST_GATEWAY_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(16).default('whsec_sufra_gateway_dev_secret'),
  ),
  /** Where our server calls the test gateway's API; default: this same process over loopback (its listening port). */
  TEST_GATEWAY_API_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** Where the test gateway posts its signed webhooks; default: this process's /api/payments/webhooks/test/. */
  TEST_GATEWAY_WEBHOOK_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** How often the test gateway retries undelivered webhooks; 0 = not started (tests drive it by hand). */
  TEST_GATEWAY_WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  /** How long the test gateway holds an API answer about a "timeout" test card (longer than PAYMENT_TIMEOUT_MS). */
  TEST_GATEWAY_HOLD_MS: z.coerce.number().int().min(0).max(600_000).optional(),
});

function cookieName(fallback: string) {
  return z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, _ and - only (1-40)')
      .default(fallback),
  );
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  prefix: string;
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute path of the data folder (PGlite files). */
  dataDir: string;
  /** Absolute path of the local file storage's folder (evaluation photos). */
  uploadsDir: string;
  /** null: uploads live in uploadsDir. */
  s3: S3Config | null;
  /** Set → real PostgreSQL through a pg pool; unset → embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Server processes (node:cluster); 1: this process serves. */
  workers: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  imageHost: string;
  publicUrl: string;
  /** Absolute path of the built web app. */
  webDist: string;
  /** Seed the demo brand into an empty database at start-up (server.ts). */
  demoSeed: boolean;
  /** Fastify's trustProxy: false, a hop count, or the trusted proxies' addresses and CIDRs. */
  trustProxy: false | number | string[];
  /** Absolute path of the API's static images. */
  imagesDir: string;
  /** Unset (allowed except in production): the app keeps one in DATA_DIR (tests: random). */
  authSecret: string | undefined;
  /** Cookie names (the spec's configurable keys). Customer names get `_<brandId>` appended (decisions.md). */
  cookies: { customerAccess: string; customerRefresh: string; staffAccess: string; staffRefresh: string };
  sms: {
    provider: 'log' | 'twilio';
    twilio: { accountSid: string; authToken: string; from: string; apiUrl: string } | null;
    outboxVisible: boolean;
    relayIntervalMs: number;
  };
  otpSendsPerIpPerHour: number;
  otpSendGapMs: number;
  /** Free wrong codes / wrong staff passwords per client address per hour before the growing delays. */
  signInFailuresPerIpPerHour: number;
  kitchen: { relayIntervalMs: number };
  payments: PaymentsConfig;
  loyalty: { pointsExpiryIntervalMs: number };
}

export interface PaymentsConfig {
  provider: 'test' | 'moyasar';
  timeoutMs: number;
  /** Unpaid card orders expire this long after placement. */
  cardPaymentTimeoutMs: number;
  cardPaymentSweepIntervalMs: number;
  moyasar: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string } | null;
  /** The built-in gateway's settings (mounted at /test-gateway when it is the provider). */
  testGateway: {
    secretKey: string;
    webhookSecret: string;
    /** Base of its API as our server calls it (…/test-gateway); null = this process over loopback, at the port it listens on. */
    apiUrl: string | null;
    /** Base of its pages as a browser reaches them (PUBLIC_URL/test-gateway). */
    publicUrl: string;
    /** Where its webhooks go; null = this process's /api/payments/webhooks/test/ over loopback. */
    webhookUrl: string | null;
    webhookIntervalMs: number;
    holdMs: number;
  };
}

/**
 * TRUST_PROXY: empty/false → trust no one; a whole number n ≥ 1 → the client is the address n hops back (1: one
 * load balancer in front); otherwise a comma-separated list of proxy addresses or CIDRs (Fastify's trustProxy,
 * i.e. proxy-addr, also takes the names loopback, linklocal, uniquelocal). "true" is refused: trusting every hop
 * takes the left-most X-Forwarded-For entry, which the client writes itself, so any per-address limit could be
 * bypassed by rotating it. A string answer is the problem to report.
 */
function parseTrustProxy(value: string | undefined): false | number | string[] | string {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') {
    return "true would trust every X-Forwarded-For entry (a client can forge them); give the hop count (e.g. 1) or the proxies' addresses/CIDRs";
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 16 ? hops : 'a hop count must be between 1 and 16';
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  const bad = entries.filter((entry) => {
    if (named.has(entry)) return false;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return true;
    if (bits === undefined) return false;
    const max = family === 4 ? 32 : 128;
    return !/^\d+$/.test(bits) || Number(bits) > max;
  });
  if (entries.length === 0 || bad.length > 0) {
    return `not a hop count or a list of addresses/CIDRs: ${bad.join(', ') || value}`;
  }
  return entries;
}

/**
 * Fastify's trustProxy for the configured value. Fastify 5 answers a bare hop count by trusting no one (a direct
 * client could otherwise forge enough hops), so a count is given as proxy-addr's own rule: the first n hops
 * from this server are proxies. That is right when the server is reachable only through them (TRUST_PROXY=1
 * behind one load balancer, the port closed to the internet); otherwise list the proxies' addresses.
 */
export function fastifyTrustProxy(
  value: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = z.output<typeof envSchema>;

/** A true/false variable: "true" or "1" is on, anything else off, unset the fallback. */
function flag(value: string | undefined, fallback: boolean): boolean {
  return value === undefined ? fallback : value === 'true' || value === '1';
}

/** What the schema alone cannot say: settings that need each other (production's, a provider's keys, …). */
function crossChecks(e: Env, trustProxy: ReturnType<typeof parseTrustProxy>): string[] {
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
  return problems;
}

function s3Of(e: Env): Config['s3'] {
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

function smsOf(e: Env): Config['sms'] {
  // Production keeps the outbox (codes anyone with a manager login could read) off unless asked.
  const outboxDefault = e.NODE_ENV !== 'production';
  return {
    provider: e.SMS_PROVIDER,
    twilio:
      e.SMS_PROVIDER === 'twilio' && e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            apiUrl: e.TWILIO_API_URL.replace(/\/$/, ''),
          }
        : null,
    outboxVisible: flag(e.SMS_OUTBOX_VISIBLE, outboxDefault),
    relayIntervalMs: e.SMS_RELAY_INTERVAL_MS,
  };
}

function paymentsOf(e: Env, publicUrl: string): Config['payments'] {
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

/** Reads and validates the environment once; throws a ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const problems = crossChecks(e, trustProxy);
  if (problems.length > 0) throw new ConfigError(`Invalid environment configuration:\n${problems.join('\n')}`);
  // Production keeps the demo seed off unless asked (and the SMS outbox: smsOf).
  const production = e.NODE_ENV === 'production';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const atRoot = (path: string) => (isAbsolute(path) ? path : resolve(REPO_ROOT, path));
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: atRoot(e.DATA_DIR),
    uploadsDir: atRoot(e.UPLOADS_DIR ?? join(e.DATA_DIR, 'uploads')),
    s3: s3Of(e),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    workers: e.API_WORKERS,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    imageHost: e.IMAGE_HOST.replace(/\/$/, ''),
    publicUrl,
    webDist: atRoot(e.WEB_DIST),
    demoSeed: flag(e.DEMO_SEED, !production),
    trustProxy: typeof trustProxy === 'string' ? false : trustProxy,
    imagesDir: resolve(REPO_ROOT, 'apps/api/assets/images'),
    authSecret: e.AUTH_SECRET,
    cookies: {
      customerAccess: e.CUSTOMER_ACCESS_COOKIE,
      customerRefresh: e.CUSTOMER_REFRESH_COOKIE,
      staffAccess: e.STAFF_ACCESS_COOKIE,
      staffRefresh: e.STAFF_REFRESH_COOKIE,
    },
    sms: smsOf(e),
    otpSendsPerIpPerHour: e.OTP_SENDS_PER_IP_PER_HOUR,
    otpSendGapMs: e.OTP_SEND_GAP_SECONDS * 1000,
    signInFailuresPerIpPerHour: e.SIGN_IN_FAILURES_PER_IP_PER_HOUR,
    kitchen: { relayIntervalMs: e.KITCHEN_RELAY_INTERVAL_MS },
    loyalty: { pointsExpiryIntervalMs: e.POINTS_EXPIRY_INTERVAL_MS },
    payments: paymentsOf(e, publicUrl),
  };
}

import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crossChecks, flag, mailOf, paymentsOf, s3Of, smsOf } from './config-parts.ts';
import type { Config } from './config-types.ts';
import { envSchema } from './env-schema.ts';
import { foodicsOf, foodicsProblems } from './foodics-config.ts';
import { parseTrustProxy } from './trust-proxy.ts';

// The schema, the config's types and its parts live beside this file, which alone reads the environment;
// the app imports these names from here, as before.
export type { Config, MailConfig, PaymentsConfig, S3Config } from './config-types.ts';
export { fastifyTrustProxy } from './trust-proxy.ts';

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

export class ConfigError extends Error {
  override name = 'ConfigError';
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
  const problems = [...crossChecks(e, trustProxy), ...foodicsProblems(e)];
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
    geocoding:
      e.GEOCODING_PROVIDER === 'nominatim' && e.GEOCODING_URL
        ? { provider: 'nominatim', url: e.GEOCODING_URL }
        : { provider: 'gazetteer' },
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
    foodics: foodicsOf(e, publicUrl),
    loyalty: { pointsExpiryIntervalMs: e.POINTS_EXPIRY_INTERVAL_MS },
    reports: { rollupIntervalMs: e.REPORTS_ROLLUP_INTERVAL_MS },
    payments: paymentsOf(e, publicUrl),
    mail: mailOf(e),
  };
}

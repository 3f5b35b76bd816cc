import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
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
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Where relative image paths are served from; '' = this server (same origin). */
  IMAGE_HOST: z.string().default(''),
  /** The public base URL of this server, used in printed links; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  WEB_DIST: z.string().min(1).default('apps/web/dist'),
  /** Behind a load balancer: trust X-Forwarded-* (client address, host, protocol). */
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).optional()),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute path of the data folder (PGlite files). */
  dataDir: string;
  /** Set → real PostgreSQL through a pg pool; unset → embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  imageHost: string;
  publicUrl: string;
  /** Absolute path of the built web app. */
  webDist: string;
  trustProxy: boolean;
  /** Absolute path of the API's static images. */
  imagesDir: string;
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
  const atRoot = (path: string) => (isAbsolute(path) ? path : resolve(REPO_ROOT, path));
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: atRoot(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    imageHost: e.IMAGE_HOST.replace(/\/$/, ''),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    webDist: atRoot(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    imagesDir: resolve(REPO_ROOT, 'apps/api/assets/images'),
  };
}

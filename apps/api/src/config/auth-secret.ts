import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './env.ts';

/**
 * The server secret: AUTH_SECRET when set (required in production, loadConfig checks).
 * Otherwise a random one is kept in DATA_DIR beside the embedded database, so sessions survive restarts of
 * the one process that owns that folder; tests get a fresh one per app.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  if (config.nodeEnv === 'test') return randomBytes(32).toString('base64url');
  const file = join(config.dataDir, 'auth-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

import type { Config } from './config-types.ts';
import type { Env } from './env-schema.ts';

/** FOODICS_TOKEN_KEY as 32 bytes: 64 hex digits, or base64/base64url of 32 bytes; null when it is neither. */
export function foodicsTokenKey(raw: string): Buffer | null {
  const text = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

/** What is wrong with the Foodics variables taken together (OAuth needs its secret and a token key). */
export function foodicsProblems(e: Env): string[] {
  const problems: string[] = [];
  if (e.FOODICS_CLIENT_ID && !e.FOODICS_CLIENT_SECRET) {
    problems.push('  FOODICS_CLIENT_SECRET: required with FOODICS_CLIENT_ID (the OAuth app from Foodics)');
  }
  if (e.FOODICS_CLIENT_ID && !e.FOODICS_TOKEN_KEY) {
    problems.push(
      '  FOODICS_TOKEN_KEY: required with FOODICS_CLIENT_ID (32 bytes encrypting the brands’ Foodics tokens). Generate one with\n' +
        "    node -e \"console.log(require('node:crypto').randomBytes(32).toString('hex'))\"",
    );
  }
  if (e.FOODICS_TOKEN_KEY && !foodicsTokenKey(e.FOODICS_TOKEN_KEY)) {
    problems.push('  FOODICS_TOKEN_KEY: must be 32 bytes, written as 64 hex digits or in base64');
  }
  return problems;
}

/** Foodics' settings: null unless a server-wide token or an OAuth app is configured (orders then go to the log). */
export function foodicsOf(e: Env, publicUrl: string): Config['foodics'] {
  if (!e.FOODICS_ACCESS_TOKEN && !e.FOODICS_CLIENT_ID) return null;
  const tokenKey = e.FOODICS_TOKEN_KEY ? foodicsTokenKey(e.FOODICS_TOKEN_KEY) : null;
  return {
    accessToken: e.FOODICS_ACCESS_TOKEN ?? null,
    oauth:
      e.FOODICS_CLIENT_ID && e.FOODICS_CLIENT_SECRET && tokenKey
        ? {
            clientId: e.FOODICS_CLIENT_ID,
            clientSecret: e.FOODICS_CLIENT_SECRET,
            redirectUri: e.FOODICS_REDIRECT_URI ?? `${publicUrl}/api/staff/manage/foodics/connection/callback/`,
            consoleUrl: e.FOODICS_CONSOLE_URL.replace(/\/$/, ''),
            tokenKey,
          }
        : null,
    apiUrl: e.FOODICS_API_URL.replace(/\/$/, ''),
    timeoutMs: e.FOODICS_TIMEOUT_MS,
    maxAttempts: e.FOODICS_MAX_ATTEMPTS,
    relayIntervalMs: e.FOODICS_RELAY_INTERVAL_MS,
    pollEveryMs: e.FOODICS_POLL_EVERY_MS,
    pendingAlertMs: e.FOODICS_PENDING_ALERT_MINUTES * 60_000,
  };
}

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('Foodics configuration', () => {
  it('is off without FOODICS_ACCESS_TOKEN, and reads its settings with it', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).foodics).toBeNull();
    expect(
      loadConfig({
        NODE_ENV: 'test',
        FOODICS_ACCESS_TOKEN: 'tok',
        FOODICS_API_URL: 'http://127.0.0.1:5780/v5/',
        FOODICS_PENDING_ALERT_MINUTES: '10',
      }).foodics,
    ).toEqual({
      accessToken: 'tok',
      apiUrl: 'http://127.0.0.1:5780/v5',
      timeoutMs: 10_000,
      maxAttempts: 8,
      relayIntervalMs: 2000,
      pollEveryMs: 60_000,
      pendingAlertMs: 600_000,
    });
  });

  it('refuses a URL that is not one and tries outside 1..100', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', FOODICS_ACCESS_TOKEN: 't', FOODICS_API_URL: 'nope' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', FOODICS_MAX_ATTEMPTS: '0' })).toThrow(/FOODICS_MAX_ATTEMPTS/);
  });
});

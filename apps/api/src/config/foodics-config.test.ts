import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const KEY = 'a'.repeat(64);

describe('Foodics configuration', () => {
  it('is off without FOODICS_ACCESS_TOKEN or FOODICS_CLIENT_ID, and reads its settings with the token', () => {
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
      oauth: null,
      apiUrl: 'http://127.0.0.1:5780/v5',
      timeoutMs: 10_000,
      maxAttempts: 8,
      relayIntervalMs: 2000,
      pollEveryMs: 60_000,
      pendingAlertMs: 600_000,
    });
  });

  it('turns OAuth on with the client id, secret and a 32-byte token key; the redirect defaults under PUBLIC_URL', () => {
    const foodics = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://sufra.example/',
      FOODICS_CLIENT_ID: 'client',
      FOODICS_CLIENT_SECRET: 'secret',
      FOODICS_TOKEN_KEY: KEY,
    }).foodics;
    expect(foodics?.accessToken).toBeNull();
    expect(foodics?.oauth).toMatchObject({
      clientId: 'client',
      clientSecret: 'secret',
      redirectUri: 'https://sufra.example/api/staff/manage/foodics/connection/callback/',
      consoleUrl: 'https://console.foodics.com',
    });
    expect(foodics?.oauth?.tokenKey).toHaveLength(32);
    const base64Key = Buffer.alloc(32, 7).toString('base64');
    expect(
      loadConfig({
        NODE_ENV: 'test',
        FOODICS_CLIENT_ID: 'c',
        FOODICS_CLIENT_SECRET: 's',
        FOODICS_TOKEN_KEY: base64Key,
      }).foodics?.oauth?.tokenKey,
    ).toEqual(Buffer.alloc(32, 7));
  });

  it('refuses OAuth without its secret or token key, a key that is not 32 bytes, a bad URL, tries outside 1..100', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', FOODICS_CLIENT_ID: 'c', FOODICS_TOKEN_KEY: KEY })).toThrow(
      /FOODICS_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', FOODICS_CLIENT_ID: 'c', FOODICS_CLIENT_SECRET: 's' })).toThrow(
      /FOODICS_TOKEN_KEY/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'test', FOODICS_ACCESS_TOKEN: 't', FOODICS_TOKEN_KEY: 'z'.repeat(40) }),
    ).toThrow(/FOODICS_TOKEN_KEY: must be 32 bytes/);
    expect(() => loadConfig({ NODE_ENV: 'test', FOODICS_ACCESS_TOKEN: 't', FOODICS_API_URL: 'nope' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', FOODICS_MAX_ATTEMPTS: '0' })).toThrow(/FOODICS_MAX_ATTEMPTS/);
  });
});

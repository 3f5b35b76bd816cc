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

  it('fails fast naming every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect(String(error)).toMatch(/PORT/);
      expect(String(error)).toMatch(/DATABASE_URL/);
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../config/env.ts';
import { createFileStorage } from './storage-choice.ts';

/**
 * The S3 adapter against a real S3-compatible HTTP server (s3rver, in this process, files in a temporary folder).
 * s3rver accepts Signature V4 requests without checking them: the signing is aws4fetch's, which is tested against
 * AWS's own Signature V4 test suite. What this proves is our side: URLs, keys, prefixes, bodies and status handling.
 */
describe('uploads in an S3-compatible store', () => {
  let server: S3rver;
  let endpoint: string;
  let directory: string;
  const s3 = (overrides: Partial<NonNullable<Config['s3']>> = {}): Pick<Config, 'uploadsDir' | 's3'> => ({
    uploadsDir: '/nowhere',
    s3: {
      endpoint,
      bucket: 'sufra-uploads',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      prefix: 'test/',
      ...overrides,
    },
  });

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'sufra-s3-'));
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: 'sufra-uploads', configs: [] }],
    });
    const address = (await server.run()) as AddressInfo;
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('puts, gets and deletes a photo under its key, and answers nothing for a key not stored', async () => {
    const storage = createFileStorage(s3());
    const body = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    await storage.put('evaluations/12/ab cd.jpg', body, 'image/jpeg');
    expect(await storage.get('evaluations/12/ab cd.jpg')).toEqual(body);
    expect(await storage.get('evaluations/12/missing.jpg')).toBeUndefined();
    await storage.delete('evaluations/12/ab cd.jpg');
    expect(await storage.get('evaluations/12/ab cd.jpg')).toBeUndefined();
    // Deleting what is not there is not an error (cleanup after a refused write).
    await storage.delete('evaluations/12/ab cd.jpg');
  });

  it('keeps each prefix apart (several apps can share a bucket)', async () => {
    const one = createFileStorage(s3({ prefix: 'one/' }));
    const two = createFileStorage(s3({ prefix: 'two/' }));
    await one.put('k.jpg', Buffer.from('one'), 'image/jpeg');
    expect(await two.get('k.jpg')).toBeUndefined();
    expect((await one.get('k.jpg'))?.toString()).toBe('one');
  });

  it('fails loudly when the store refuses (an unknown bucket)', async () => {
    await expect(createFileStorage(s3({ bucket: 'no-such-bucket' })).get('x.jpg')).rejects.toThrow(/HTTP 404/);
  });

  it('is chosen by UPLOADS_STORAGE=s3, which names what it misses', () => {
    const env = {
      UPLOADS_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    };
    expect(loadConfig(env).s3).toMatchObject({ endpoint: 'http://127.0.0.1:9000', bucket: 'b', region: 'us-east-1' });
    expect(loadConfig({}).s3).toBeNull();
    expect(() => loadConfig({ UPLOADS_STORAGE: 's3' })).toThrow(/S3_ENDPOINT, S3_BUCKET/);
  });
});

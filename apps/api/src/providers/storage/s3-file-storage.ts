import { AwsClient } from 'aws4fetch';
import type { S3Config } from '../../config/env.ts';
import type { FileStorage } from './file-storage.ts';

/** An object store that does not answer within this long is down: the upload fails rather than hanging. */
const S3_TIMEOUT_MS = 15_000;

/**
 * Files in an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, …): path-style URLs
 * (`{endpoint}/{bucket}/{prefix}{key}`), each request signed with Signature V4 by aws4fetch (a 2.5 KB library on
 * the platform's fetch and WebCrypto; the AWS SDK's S3 client would add ~3 MB of dependencies for three calls).
 * Keys are made by the caller (never from a client's file name) and are URL-encoded segment by segment.
 */
export function createS3FileStorage(config: S3Config): FileStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
  });
  const base = config.endpoint.replace(/\/+$/, '');
  const urlOf = (key: string) => {
    const segments = `${config.prefix}${key}`.split('/').map(encodeURIComponent);
    return `${base}/${encodeURIComponent(config.bucket)}/${segments.join('/')}`;
  };
  const send = (key: string, init: RequestInit & { method: string }) =>
    client.fetch(urlOf(key), { ...init, signal: AbortSignal.timeout(S3_TIMEOUT_MS) });
  const fail = async (what: string, key: string, response: Response) => {
    const text = await response.text().catch(() => '');
    return new Error(`S3 ${what} ${key}: HTTP ${response.status} ${text.slice(0, 200)}`);
  };
  return {
    async put(key, body, contentType) {
      const response = await send(key, {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: { 'content-type': contentType, 'content-length': String(body.length) },
      });
      if (!response.ok) throw await fail('put', key, response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send(key, { method: 'GET' });
      if (response.status === 404) {
        // A missing key is "nothing stored"; a missing bucket is a misconfiguration, not an empty store.
        const text = await response.text().catch(() => '');
        if (text.includes('NoSuchBucket')) throw new Error(`S3 get ${key}: HTTP 404 NoSuchBucket ${config.bucket}`);
        return undefined;
      }
      if (!response.ok) throw await fail('get', key, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send(key, { method: 'DELETE' });
      // S3 answers 204 for a key that is not there too; a 404 from a stricter store means the same.
      if (!response.ok && response.status !== 404) throw await fail('delete', key, response);
      await response.body?.cancel();
    },
  };
}

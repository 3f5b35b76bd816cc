import type { Config } from '../../config/env.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalFileStorage } from './local-file-storage.ts';
import { createS3FileStorage } from './s3-file-storage.ts';

/** The uploads' storage the configuration names: an S3-compatible store (UPLOADS_STORAGE=s3), else the folder. */
export function createFileStorage(config: Pick<Config, 'uploadsDir' | 's3'>): FileStorage {
  return config.s3 ? createS3FileStorage(config.s3) : createLocalFileStorage(config.uploadsDir);
}

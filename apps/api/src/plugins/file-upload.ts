import type { ErrorCode } from '@sufra/shared/messages/errors';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * The one file of a multipart upload (ad images, the brand's logo), read with the size limit of the route's
 * `@fastify/multipart` registration counted as the bytes arrive: past it 413, not multipart 415, no file `missing`.
 */
export async function readOneFile(request: FastifyRequest, missing: ErrorCode): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file) throw new AppError(missing);
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('unsupported_media_type');
    if (typeof code === 'string' && code.startsWith('FST_')) throw new AppError('payload_too_large');
    throw new AppError(missing);
  }
}

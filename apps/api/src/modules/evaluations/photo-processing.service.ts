import sharp from 'sharp';
import { AppError } from '../../plugins/errors.ts';

// libvips keeps a cache of recent operations for repeated work on the same images; uploads are each seen once, so
// the cache would only hold memory (issue 17: memory bounded).
sharp.cache(false);

/** The longest side a stored photo keeps: enough for a manager's screen, a fraction of a phone camera's bytes. */
const MAX_SIDE = 1600;
/** A decompression bomb guard: a small file that claims a huge picture is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

export type SniffedType = 'jpeg' | 'png' | 'webp';

/** The image type the bytes say (their magic numbers), whatever the file is called; null for anything else. */
export function sniffImageType(head: Uint8Array): SniffedType | null {
  const at = (i: number) => head[i];
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface ProcessedPhoto {
  body: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
}

/**
 * Turns an uploaded image into the one we keep: decoded (which proves it is an image, not just its first bytes),
 * turned upright by its EXIF orientation, scaled down to MAX_SIDE, and written again as a JPEG. sharp writes no
 * metadata unless asked, so EXIF (a phone's GPS location, its serial), XMP and ICC comments are all left behind.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (sniffImageType(input.subarray(0, 16)) === null) throw new AppError('evaluation_photo_not_image');
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { body: data, contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch {
    // Right magic bytes, but not an image libvips can read (truncated, corrupt, or pixels beyond the guard).
    throw new AppError('evaluation_photo_not_image');
  }
}

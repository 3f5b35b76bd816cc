import type { ErrorCode } from '@sufra/shared/messages/errors';
import sharp, { type OutputInfo } from 'sharp';
import { AppError } from '../plugins/errors.ts';

// libvips keeps a cache of recent operations for repeated work on the same images; uploads are each seen once, so
// the cache would only hold memory (issue 17: memory bounded).
sharp.cache(false);

/** A decompression bomb guard: a small file that claims a huge picture is refused before it is decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;

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

export interface ReencodeOptions {
  /** The longest side kept (never enlarged). */
  maxSide: number;
  format: 'jpeg' | 'webp';
  quality: number;
  /** The code answered when the bytes are not a JPEG, PNG or WebP picture libvips can read. */
  notImage: ErrorCode;
}

/**
 * An upload turned into the image we keep (evaluation photos, ad images, brand logos): its type checked by its
 * bytes, decoded (which proves it is an image, not just its first bytes), turned upright by its EXIF orientation,
 * scaled down to `maxSide` and written again. sharp writes no metadata unless asked, so EXIF (a phone's GPS
 * location, its serial), XMP and ICC comments are all left behind. WebP keeps transparency (logos); JPEG flattens.
 */
export async function reencodeImage(
  input: Buffer,
  { maxSide, format, quality, notImage }: ReencodeOptions,
): Promise<{ data: Buffer; info: OutputInfo }> {
  if (sniffImageType(input.subarray(0, 16)) === null) throw new AppError(notImage);
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    const encoded = format === 'webp' ? image.webp({ quality }) : image.jpeg({ quality });
    return await encoded.toBuffer({ resolveWithObject: true });
  } catch {
    // Right magic bytes, but not an image libvips can read (truncated, corrupt, or pixels beyond the guard).
    throw new AppError(notImage);
  }
}

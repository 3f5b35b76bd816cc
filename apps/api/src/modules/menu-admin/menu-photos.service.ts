import { randomBytes } from 'node:crypto';
import { MENU_PHOTO_SERVED_WIDTH, MENU_PHOTO_WIDTHS } from '@sufra/shared/menu/menu-photo';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS, sniffImageType } from '../../core/uploaded-image.service.ts';
import { AppError } from '../../plugins/errors.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';

/**
 * A menu photo as the menu serves it: re-encoded (WebP, no metadata) at each width of MENU_PHOTO_WIDTHS (shared:
 * menu-photo.ts, where the pages pick a width), and a placeholder colour (the photo's dominant colour) shown while it
 * loads. The item keeps the served size's path; the others sit beside it under the same name (…-320.webp, …-640.webp,
 * …-1280.webp).
 */
/** Keys are made here, never from a client's file name: brand, item, a random part, the width. */
export const PHOTO_NAME = new RegExp(`^(\\d{1,10})-([a-f0-9]{16})-(${MENU_PHOTO_WIDTHS.join('|')})\\.webp$`);

export interface StoredMenuPhoto {
  /** The path the item keeps (served by GET /api/menu/photos/:brandId/:name/). */
  image: string;
  imageColor: string;
}

export async function storeMenuPhoto(
  storage: FileStorage,
  brandId: number,
  itemId: number,
  input: Buffer,
): Promise<StoredMenuPhoto> {
  if (sniffImageType(input.subarray(0, 16)) === null) throw new AppError('menu_photo_invalid');
  let decoded: ReturnType<typeof sharp>;
  let color: string;
  try {
    decoded = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const { dominant } = await decoded.clone().stats();
    color = `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  } catch {
    throw new AppError('menu_photo_invalid');
  }
  const stem = `${itemId}-${randomBytes(8).toString('hex')}`;
  const written: string[] = [];
  try {
    for (const width of MENU_PHOTO_WIDTHS) {
      const body = await decoded
        .clone()
        .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
      const key = `menu/${brandId}/${stem}-${width}.webp`;
      await storage.put(key, body, 'image/webp');
      written.push(key);
    }
  } catch (error) {
    await Promise.all(written.map((k) => storage.delete(k)));
    if (error instanceof AppError) throw error;
    throw new AppError('menu_photo_invalid');
  }
  return { image: `/api/menu/photos/${brandId}/${stem}-${MENU_PHOTO_SERVED_WIDTH}.webp`, imageColor: color };
}

export function readMenuPhoto(storage: FileStorage, brandId: number, name: string): Promise<Buffer | undefined> {
  if (!PHOTO_NAME.test(name)) return Promise.resolve(undefined);
  return storage.get(`menu/${brandId}/${name}`);
}

import { reencodeImage } from '../../core/uploaded-image.service.ts';

/** The longest side a stored photo keeps: enough for a manager's screen, a fraction of a phone camera's bytes. */
const MAX_SIDE = 1600;

export interface ProcessedPhoto {
  body: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
}

/** Turns an uploaded photo into the one we keep: checked by content, upright, at most MAX_SIDE, a JPEG. */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const { data, info } = await reencodeImage(input, {
    maxSide: MAX_SIDE,
    format: 'jpeg',
    quality: 80,
    notImage: 'evaluation_photo_not_image',
  });
  return { body: data, contentType: 'image/jpeg', width: info.width, height: info.height };
}

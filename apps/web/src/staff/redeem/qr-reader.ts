/**
 * Reads a reward's QR code from the camera's frames or from a photo. The browser's own BarcodeDetector where it has
 * one that reads QR codes (Chrome on Android and macOS, ChromeOS); elsewhere (desktop Linux and Windows Chrome,
 * Firefox, Safari) paulmillr's `qr` decoder, loaded only here, when a scan or a photo first needs it, so neither the
 * staff app nor the Redeem section carries it otherwise (docs/adr/0088-qr-reading-with-paulmillr-qr.md).
 */

/** The part of the Shape Detection API we use (not in TypeScript's DOM library yet). */
interface NativeDetector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

export type QrSource = HTMLVideoElement | ImageBitmap;

export interface QrReader {
  /** Which decoder reads: the browser's own, or the JavaScript one. */
  kind: 'native' | 'js';
  /**
   * The text of the QR code in the picture, or null when none is found. `photo` spends more effort than a camera
   * frame may (a frame that fails is followed by the next one anyway).
   */
  read(source: QrSource, effort: 'frame' | 'photo'): Promise<string | null>;
}

/** Frames and photos are scaled down to this many pixels on their long side: a phone's QR fills far fewer. */
const MAX_SIDE = { frame: 960, photo: 1600 } as const;

async function nativeDetector(): Promise<NativeDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    // Some platforms define the class but support no QR code (or no format at all).
    if (!(await Native.getSupportedFormats()).includes('qr_code')) return null;
    return new Native({ formats: ['qr_code'] });
  } catch {
    return null;
  }
}

function sizeOf(source: QrSource): { width: number; height: number } {
  return source instanceof HTMLVideoElement
    ? { width: source.videoWidth, height: source.videoHeight }
    : { width: source.width, height: source.height };
}

let creating: Promise<QrReader> | undefined;

/** The reader, made once per page (the decoder's chunk is fetched on the first call). */
export function createQrReader(): Promise<QrReader> {
  creating ??= makeReader().catch((error: unknown) => {
    creating = undefined; // a failed chunk load may succeed next time
    throw error;
  });
  return creating;
}

async function makeReader(): Promise<QrReader> {
  const native = await nativeDetector();
  if (native) {
    return {
      kind: 'native',
      read: async (source) => {
        try {
          return (await native.detect(source))[0]?.rawValue ?? null;
        } catch {
          return null; // a frame not ready yet reads as no code
        }
      },
    };
  }
  const { decodeQR } = await import('qr/decode.js');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas');
  return {
    kind: 'js',
    read: async (source, effort) => {
      const { width, height } = sizeOf(source);
      if (width === 0 || height === 0) return null;
      const scale = Math.min(1, MAX_SIDE[effort] / Math.max(width, height));
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      // Photos of a screen come in any colour: a white backdrop keeps transparent pixels light, as on the screen.
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(source, 0, 0, canvas.width, canvas.height);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      try {
        // The decoder throws when it finds no code; its README's settings for photos spend all the effort there.
        return decodeQR(image, effort === 'photo' ? { effort: Number.POSITIVE_INFINITY, timeLimit: 2_000 } : {});
      } catch {
        return null;
      }
    },
  };
}

/** Reads a chosen photo (or screenshot) of a QR code. */
export async function readQrPhoto(file: Blob): Promise<string | null> {
  const [reader, bitmap] = await Promise.all([createQrReader(), createImageBitmap(file)]);
  try {
    return await reader.read(bitmap, 'photo');
  } finally {
    bitmap.close();
  }
}

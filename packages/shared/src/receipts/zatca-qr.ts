import type { Halalas } from '../money.ts';

/**
 * ZATCA e-invoicing phase 1: the QR code of a simplified tax invoice holds five fields as TLV (tag: 1 byte, length: 1
 * byte counting the value's UTF-8 bytes, value), concatenated and base64-encoded. Tags: 1 seller name, 2 seller VAT
 * registration number, 3 time stamp, 4 invoice total with VAT, 5 VAT total. A length byte caps a value at 255 bytes.
 */
export interface ZatcaInvoiceFields {
  sellerName: string;
  /** 15 digits, beginning and ending with 3 (Saudi VAT registration numbers). */
  vatNumber: string;
  issuedAt: Date;
  totalWithVat: Halalas;
  vat: Halalas;
}

export const ZATCA_TAGS = {
  sellerName: 1,
  vatNumber: 2,
  timestamp: 3,
  totalWithVat: 4,
  vat: 5,
} as const;

// shared is framework-free (no DOM or Node globals: TextEncoder, btoa): UTF-8 and base64 by hand, both short.
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A string's UTF-8 bytes. */
export function utf8Bytes(value: string): Uint8Array {
  const out: number[] = [];
  for (const char of value) {
    const code = char.codePointAt(0) as number;
    if (code < 0x80) out.push(code);
    else if (code < 0x800) out.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else out.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return Uint8Array.from(out);
}

function utf8Text(bytes: Uint8Array): string {
  // decodeURIComponent refuses malformed UTF-8 (URIError), which is what a damaged value is.
  try {
    return decodeURIComponent(Array.from(bytes, (byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''));
  } catch {
    throw new RangeError('a value that is not UTF-8');
  }
}

export function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let at = 0; at < bytes.length; at += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[at], bytes[at + 1], bytes[at + 2]];
    const n = (a << 16) | (b << 8) | c;
    out += BASE64[(n >> 18) & 63];
    out += BASE64[(n >> 12) & 63];
    out += at + 1 < bytes.length ? BASE64[(n >> 6) & 63] : '=';
    out += at + 2 < bytes.length ? BASE64[n & 63] : '=';
  }
  return out;
}

export function fromBase64(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(clean) || clean.length % 4 === 1) throw new RangeError('not base64');
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    value = (value << 6) | BASE64.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

const VAT_NUMBER = /^3\d{13}3$/;
const MAX_VALUE_BYTES = 255;

/** A Saudi VAT registration number as ZATCA issues them: 15 digits, first and last 3. */
export function isSaudiVatNumber(value: string): boolean {
  return VAT_NUMBER.test(value);
}

/** Halalas as the decimal text ZATCA's examples use: two places, a dot, no grouping ("1000.00"). */
export function zatcaAmount(amount: Halalas): string {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`not an amount in halalas: ${amount}`);
  const sar = Math.trunc(amount / 100);
  const halalas = amount % 100;
  return `${sar}.${String(halalas).padStart(2, '0')}`;
}

/** The time stamp in UTC with its Z, to the second ("2022-04-25T15:30:00Z"), as ZATCA's published example has it. */
export function zatcaTimestamp(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}

function field(tag: number, value: string): Uint8Array {
  const bytes = utf8Bytes(value);
  if (bytes.length === 0 || bytes.length > MAX_VALUE_BYTES) {
    throw new RangeError(`ZATCA tag ${tag}: a value of 1 to ${MAX_VALUE_BYTES} UTF-8 bytes, got ${bytes.length}`);
  }
  const out = new Uint8Array(bytes.length + 2);
  out[0] = tag;
  out[1] = bytes.length;
  out.set(bytes, 2);
  return out;
}

/** The base64 text the receipt's QR code encodes. Throws on a VAT number ZATCA would not issue or an over-long name. */
export function encodeZatcaQr(fields: ZatcaInvoiceFields): string {
  if (!isSaudiVatNumber(fields.vatNumber)) throw new RangeError(`not a Saudi VAT number: ${fields.vatNumber}`);
  if (fields.vat > fields.totalWithVat) throw new RangeError('VAT exceeds the invoice total');
  const parts = [
    field(ZATCA_TAGS.sellerName, fields.sellerName),
    field(ZATCA_TAGS.vatNumber, fields.vatNumber),
    field(ZATCA_TAGS.timestamp, zatcaTimestamp(fields.issuedAt)),
    field(ZATCA_TAGS.totalWithVat, zatcaAmount(fields.totalWithVat)),
    field(ZATCA_TAGS.vat, zatcaAmount(fields.vat)),
  ];
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return toBase64(all);
}

/** Reads a phase-1 QR text back into its tags (tag → UTF-8 value). Throws on a truncated or malformed payload. */
export function decodeZatcaQr(text: string): Map<number, string> {
  const bytes = fromBase64(text);
  const tags = new Map<number, string>();
  let at = 0;
  while (at < bytes.length) {
    if (at + 2 > bytes.length) throw new RangeError('truncated TLV header');
    const tag = bytes[at] as number;
    const length = bytes[at + 1] as number;
    if (at + 2 + length > bytes.length) throw new RangeError(`truncated value of tag ${tag}`);
    tags.set(tag, utf8Text(bytes.subarray(at + 2, at + 2 + length)));
    at += 2 + length;
  }
  return tags;
}

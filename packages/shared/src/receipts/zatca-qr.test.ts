import { describe, expect, it } from 'vitest';
import {
  decodeZatcaQr,
  encodeZatcaQr,
  fromBase64,
  isSaudiVatNumber,
  toBase64,
  utf8Bytes,
  zatcaAmount,
  zatcaTimestamp,
} from './zatca-qr.ts';

// ZATCA's published phase-1 example (the QR code creation guide's "Bobs Records" invoice), as its base64 text.
const PUBLISHED = 'AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==';

describe('ZATCA phase-1 QR', () => {
  it("encodes ZATCA's published example byte for byte", () => {
    const text = encodeZatcaQr({
      sellerName: 'Bobs Records',
      vatNumber: '310122393500003',
      issuedAt: new Date(Date.UTC(2022, 3, 25, 15, 30, 0)),
      totalWithVat: 100_000,
      vat: 15_000,
    });
    expect(text).toBe(PUBLISHED);
  });

  it("decodes ZATCA's published example into its five tags", () => {
    expect([...decodeZatcaQr(PUBLISHED)]).toEqual([
      [1, 'Bobs Records'],
      [2, '310122393500003'],
      [3, '2022-04-25T15:30:00Z'],
      [4, '1000.00'],
      [5, '150.00'],
    ]);
  });

  it('counts an Arabic name in UTF-8 bytes, not characters', () => {
    const name = 'سفرة للمأكولات';
    const text = encodeZatcaQr({
      sellerName: name,
      vatNumber: '310122393500003',
      issuedAt: new Date(Date.UTC(2026, 10, 28, 9, 5, 7)),
      totalWithVat: 2_070,
      vat: 270,
    });
    const bytes = fromBase64(text);
    expect(bytes[0]).toBe(1);
    expect(bytes[1]).toBe(utf8Bytes(name).length);
    expect(bytes[1]).toBeGreaterThan(name.length);
    expect(decodeZatcaQr(text).get(1)).toBe(name);
    expect(decodeZatcaQr(text).get(4)).toBe('20.70');
    expect(decodeZatcaQr(text).get(5)).toBe('2.70');
  });

  it('writes amounts with two places and time stamps in UTC to the second', () => {
    expect(zatcaAmount(0)).toBe('0.00');
    expect(zatcaAmount(5)).toBe('0.05');
    expect(zatcaAmount(123_456)).toBe('1234.56');
    expect(zatcaTimestamp(new Date('2026-03-01T00:00:00.999+03:00'))).toBe('2026-02-28T21:00:00Z');
  });

  it('refuses what ZATCA would not accept', () => {
    const valid = {
      sellerName: 'Sufra',
      vatNumber: '310122393500003',
      issuedAt: new Date(),
      totalWithVat: 1_000,
      vat: 130,
    };
    expect(() => encodeZatcaQr({ ...valid, vatNumber: '123' })).toThrow(RangeError);
    expect(() => encodeZatcaQr({ ...valid, sellerName: '' })).toThrow(RangeError);
    expect(() => encodeZatcaQr({ ...valid, sellerName: 'س'.repeat(128) })).toThrow(RangeError);
    expect(() => encodeZatcaQr({ ...valid, vat: 2_000 })).toThrow(RangeError);
    expect(() => zatcaAmount(1.5)).toThrow(RangeError);
    expect(isSaudiVatNumber('300000000000003')).toBe(true);
    expect(isSaudiVatNumber('300000000000001')).toBe(false);
    expect(() => decodeZatcaQr(PUBLISHED.slice(0, 20))).toThrow(RangeError);
  });

  it('writes UTF-8 and base64 as the standard codecs do', () => {
    // Expected bytes and base64 as Python's utf-8 codec and base64 module give them.
    const cases: Array<[string, number[], string]> = [
      ['', [], ''],
      ['a', [97], 'YQ=='],
      ['ab', [97, 98], 'YWI='],
      ['abc', [97, 98, 99], 'YWJj'],
      ['سفرة', [216, 179, 217, 129, 216, 177, 216, 169], '2LPZgdix2Kk='],
      [
        'قهوة ☕ 𝄞',
        [217, 130, 217, 135, 217, 136, 216, 169, 32, 226, 152, 149, 32, 240, 157, 132, 158],
        '2YLZh9mI2Kkg4piVIPCdhJ4=',
      ],
      ['Bobs Records', [66, 111, 98, 115, 32, 82, 101, 99, 111, 114, 100, 115], 'Qm9icyBSZWNvcmRz'],
    ];
    for (const [text, bytes, base64] of cases) {
      expect(Array.from(utf8Bytes(text))).toEqual(bytes);
      expect(toBase64(Uint8Array.from(bytes))).toBe(base64);
      expect(Array.from(fromBase64(base64))).toEqual(bytes);
    }
    expect(() => fromBase64('a$b=')).toThrow(RangeError);
  });
});

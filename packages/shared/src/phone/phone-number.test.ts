import { describe, expect, it } from 'vitest';
import { formatPhone, parsePhone, splitE164, toAsciiDigits } from './phone-number.ts';

describe('parsePhone', () => {
  it('reads a Saudi mobile typed with or without the trunk 0, dial code 966 by default', () => {
    for (const phone_number of ['501234567', '0501234567', '050 123 4567', '+966501234567', '00966501234567']) {
      expect(parsePhone({ phone_number })).toEqual({
        ok: true,
        e164: '+966501234567',
        phone_number: '501234567',
        dial_code: '966',
      });
    }
  });

  it('understands Arabic-Indic digits', () => {
    expect(toAsciiDigits('٠٥٠١٢٣٤٥٦٧')).toBe('0501234567');
    expect(parsePhone({ phone_number: '٠٥٠١٢٣٤٥٦٧' })).toMatchObject({ ok: true, e164: '+966501234567' });
  });

  it('uses the chosen dial code for other countries', () => {
    expect(parsePhone({ phone_number: '501234567', dial_code: '+971' })).toMatchObject({
      ok: true,
      e164: '+971501234567',
      dial_code: '971',
    });
    expect(parsePhone({ phone_number: '2133734253', dial_code: '1' })).toMatchObject({
      ok: true,
      e164: '+12133734253',
    });
  });

  it('says which problem a bad number has', () => {
    expect(parsePhone({ phone_number: '' })).toEqual({ ok: false, problem: 'phone_required' });
    expect(parsePhone({ phone_number: '   ' })).toEqual({ ok: false, problem: 'phone_required' });
    expect(parsePhone({ phone_number: '50123' })).toEqual({ ok: false, problem: 'phone_invalid' });
    expect(parsePhone({ phone_number: '5012345678901' })).toEqual({ ok: false, problem: 'phone_invalid' });
    expect(parsePhone({ phone_number: '05O1234567' })).toEqual({ ok: false, problem: 'phone_invalid' });
    expect(parsePhone({ phone_number: '501234567', dial_code: '999' })).toEqual({
      ok: false,
      problem: 'dial_code_unknown',
    });
  });
});

describe('E.164 helpers', () => {
  it('splits and formats a stored number', () => {
    expect(splitE164('+966501234567')).toEqual({ phone_number: '501234567', dial_code: '966' });
    expect(formatPhone('+966501234567')).toBe('+966 50 123 4567');
  });
});

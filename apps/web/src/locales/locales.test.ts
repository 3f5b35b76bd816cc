import { AUDIT_ACTIONS, AUDIT_FIELD_KEYS, AUDIT_OBJECT_TYPES } from '@sufra/shared/audit';
import { describe, expect, it } from 'vitest';
import accountAr from './account.ar.json';
import accountEn from './account.en.json';
import ar from './ar.json';
import cartAr from './cart.ar.json';
import cartEn from './cart.en.json';
import consoleAr from './console.ar.json';
import consoleEn from './console.en.json';
import couponsAr from './coupons.ar.json';
import couponsEn from './coupons.en.json';
import en from './en.json';
import errorsAr from './errors.ar.json';
import errorsEn from './errors.en.json';
import gamesAr from './games.ar.json';
import gamesEn from './games.en.json';
import loyaltyAr from './loyalty.ar.json';
import loyaltyEn from './loyalty.en.json';
import orderingAr from './ordering.ar.json';
import orderingEn from './ordering.en.json';
import referralAr from './referral.ar.json';
import referralEn from './referral.en.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

// Plural forms differ by language (Arabic has zero/one/two/few/many/other); compare the base keys.
const base = (list: string[]) => [...new Set(list.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();

describe('locales', () => {
  it('has every string in both Arabic and English', () => {
    expect(base(keys(ar))).toEqual(base(keys(en)));
    expect(base(keys(accountAr))).toEqual(base(keys(accountEn)));
    expect(base(keys(orderingAr))).toEqual(base(keys(orderingEn)));
    expect(base(keys(loyaltyAr))).toEqual(base(keys(loyaltyEn)));
    expect(base(keys(gamesAr))).toEqual(base(keys(gamesEn)));
    expect(base(keys(referralAr))).toEqual(base(keys(referralEn)));
    expect(base(keys(cartAr))).toEqual(base(keys(cartEn)));
    expect(base(keys(couponsAr))).toEqual(base(keys(couponsEn)));
    expect(base(keys(errorsAr))).toEqual(base(keys(errorsEn)));
    expect(base(keys(consoleAr))).toEqual(base(keys(consoleEn)));
  });

  it('keeps the lazily loaded account strings apart from the entry strings (merging must not overwrite)', () => {
    const entry = new Set(Object.keys(ar));
    expect(Object.keys(accountAr).filter((key) => entry.has(key))).toEqual([]);
    const account = new Set(Object.keys(accountAr));
    expect(Object.keys(orderingAr).filter((key) => entry.has(key) || account.has(key))).toEqual([]);
    const ordering = new Set(Object.keys(orderingAr));
    expect(Object.keys(loyaltyAr).filter((key) => entry.has(key) || account.has(key) || ordering.has(key))).toEqual([]);
    const loyalty = new Set(Object.keys(loyaltyAr));
    for (const lazy of [cartAr, couponsAr, errorsAr, consoleAr]) {
      expect(
        Object.keys(lazy).filter((key) => entry.has(key) || account.has(key) || ordering.has(key) || loyalty.has(key)),
      ).toEqual([]);
    }
  });

  it('has no empty strings', () => {
    for (const bundle of [
      ar,
      en,
      accountAr,
      accountEn,
      orderingAr,
      orderingEn,
      loyaltyAr,
      loyaltyEn,
      referralAr,
      referralEn,
      cartAr,
      cartEn,
      couponsAr,
      couponsEn,
      errorsAr,
      errorsEn,
      consoleAr,
      consoleEn,
    ]) {
      for (const key of keys(bundle)) {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], bundle);
        expect(value, key).not.toBe('');
      }
    }
  });

  it('names every audit log object type in both languages (the log shows no raw keys)', () => {
    for (const bundle of [consoleAr, consoleEn]) {
      const types = bundle.console.audit.types as Record<string, string>;
      expect(AUDIT_OBJECT_TYPES.filter((type) => !types[type])).toEqual([]);
    }
  });

  it('labels every audit log field and action in both languages (a change shows no raw keys)', () => {
    for (const bundle of [consoleAr, consoleEn]) {
      const fields = bundle.console.audit.fields as Record<string, string>;
      const actions = bundle.console.audit.actions as Record<string, string>;
      expect(AUDIT_FIELD_KEYS.filter((key) => !fields[key])).toEqual([]);
      expect(AUDIT_ACTIONS.filter((action) => !actions[action])).toEqual([]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { changedFields, readableKey } from './audit-log-page';

describe("the audit log's readable diff", () => {
  it('lists only the fields that changed, with their values before and after', () => {
    expect(
      changedFields({
        before: { vatNumber: null, taxMode: 'inclusive', name: { ar: 'أ', en: 'A' } },
        after: { vatNumber: '310123456700003', taxMode: 'inclusive', name: { ar: 'أ', en: 'A2' } },
      }),
    ).toEqual([
      { key: 'vatNumber', before: null, after: '310123456700003' },
      { key: 'name', before: { ar: 'أ', en: 'A' }, after: { ar: 'أ', en: 'A2' } },
    ]);
  });

  it('shows a creation as every field new and a deletion as every field gone', () => {
    expect(changedFields({ before: null, after: { isActive: true } })).toEqual([
      { key: 'isActive', before: undefined, after: true },
    ]);
    expect(changedFields({ before: { isActive: true }, after: null })).toEqual([
      { key: 'isActive', before: true, after: undefined },
    ]);
  });

  it('names a field the locales do not label yet in words, not as its key path', () => {
    expect(readableKey('tableId')).toBe('Table id');
    expect(readableKey('modifierGroupIdAttached')).toBe('Modifier group id attached');
    expect(readableKey('sms_message')).toBe('Sms message');
    expect(readableKey('active')).toBe('Active');
  });
});

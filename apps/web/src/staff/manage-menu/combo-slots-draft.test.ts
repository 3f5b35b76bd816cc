import { describe, expect, it } from 'vitest';
import { type SlotDraft, slotDraftErrors, slotDraftsOf, slotsBodyOf } from './combo-slots-draft';

describe('the combo slots’ rules', () => {
  it('needs both names and a product per slot, and sends extras as whole halalas', () => {
    const slot: SlotDraft = {
      key: 's',
      nameAr: 'المشروب',
      nameEn: 'Drink',
      choices: [
        { key: 'a', itemId: 4, extra: '0' },
        { key: 'b', itemId: null, extra: '1' },
      ],
    };
    expect(slotDraftErrors([slot])).toEqual([]);
    expect(slotDraftErrors([{ ...slot, nameEn: '', choices: [{ key: 'c', itemId: null, extra: '1.005' }] }])).toEqual([
      'slot.0.name',
      'slot.0.choices',
      'slot.0.choice.0.extra',
    ]);
    expect(
      slotsBodyOf([
        {
          ...slot,
          choices: [
            { key: 'a', itemId: 4, extra: '٢٫٥' },
            { key: 'b', itemId: null, extra: '1' },
          ],
        },
      ]),
    ).toEqual([{ name: { ar: 'المشروب', en: 'Drink' }, choices: [{ itemId: 4, extraPriceHalalas: 250 }] }]);
    // The same item gives the same draft, so an untouched editor is not "unsaved".
    const item = { comboSlots: [{ name: { ar: 'ا', en: 'a' }, choices: [{ itemId: 4, extraPriceHalalas: 100 }] }] };
    expect(JSON.stringify(slotDraftsOf(item))).toBe(JSON.stringify(slotDraftsOf(item)));
  });
});

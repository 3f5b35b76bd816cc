import { describe, expect, it } from 'vitest';
import { type GroupDraft, groupBodyOf, groupDraftErrors, groupDraftOf } from './modifier-group-draft';

const cheese = { key: 'a', nameAr: 'جبن', nameEn: 'Cheese', price: '3.50', available: true };
const draft = (over: Partial<GroupDraft> = {}): GroupDraft => ({
  nameAr: 'الإضافات',
  nameEn: 'Extras',
  min: '0',
  max: '2',
  options: [cheese],
  itemIds: [],
  ...over,
});

describe('the modifier group editor’s rules', () => {
  it('refuses a minimum above the maximum, and a maximum of zero', () => {
    expect(groupDraftErrors(draft({ min: '3', max: '2' }))).toEqual(['minOverMax']);
    expect(groupDraftErrors(draft({ min: '0', max: '0' }))).toEqual(['max']);
    expect(groupDraftErrors(draft({ min: '2', max: '2' }))).toEqual([]);
    expect(groupDraftErrors(draft({ min: '٣', max: '٢' }))).toEqual(['minOverMax']);
    expect(groupDraftErrors(draft({ min: '1.5' }))).toEqual(['min']);
  });

  it('takes prices in riyals with at most two decimals and sends them as whole halalas', () => {
    expect(groupDraftErrors(draft({ options: [{ ...cheese, price: '3.505' }] }))).toEqual(['option.0.price']);
    expect(groupDraftErrors(draft({ options: [{ ...cheese, price: '-1' }] }))).toEqual(['option.0.price']);
    const body = groupBodyOf(draft({ options: [{ ...cheese, price: '٣٫٥' }] }), [], new Map());
    expect(body?.options[0]?.priceHalalas).toBe(350);
    expect(groupBodyOf(draft({ min: '3', max: '1' }), [], new Map())).toBeNull();
  });

  it('needs both names of the group and of every option, and at least one option', () => {
    expect(groupDraftErrors(draft({ nameEn: ' ', options: [] }))).toEqual(['nameEn', 'noOptions']);
    expect(
      groupDraftErrors(draft({ options: [{ key: 'b', nameAr: '', nameEn: 'Egg', price: '1', available: true }] })),
    ).toEqual(['option.0.nameAr']);
  });

  it('keeps an existing option’s id and names only the items whose attachment changed, at their versions', () => {
    const start = groupDraftOf(
      {
        id: 7,
        name: { ar: 'ص', en: 'Sauce' },
        min: 0,
        max: 1,
        options: [{ id: 70, name: { ar: 'ثوم', en: 'Garlic' }, priceHalalas: 100, available: true }],
        version: 3,
      },
      [1, 2],
    );
    const body = groupBodyOf(
      { ...start, itemIds: [2, 5] },
      [1, 2],
      new Map([
        [1, 4],
        [2, 9],
        [5, 6],
      ]),
    );
    expect(body?.options[0]).toMatchObject({ id: 70, priceHalalas: 100 });
    expect(body?.itemLinks).toEqual([
      { itemId: 1, version: 4, attached: false },
      { itemId: 5, version: 6, attached: true },
    ]);
  });
});

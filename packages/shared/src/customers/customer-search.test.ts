import { describe, expect, it } from 'vitest';
import { customerSearch } from './customer-search.ts';

describe('the console customer search', () => {
  it.each([
    ['+966 55 501 0203', '+966555010203'],
    ['00966555010203', '+966555010203'],
    ['0555010203', '+966555010203'],
    ['055 501', '+96655501'],
    ['555010203', '+966555010203'],
    ['٠٥٥٥٠١٠٢٠٣', '+966555010203'],
    ['055-501-0203', '+966555010203'],
    ['966555', '+966555'],
    ['+44 20', '+4420'],
  ])('reads %s as the phone prefix %s', (typed, prefix) => {
    expect(customerSearch(typed)).toEqual({ kind: 'phone', prefix });
  });

  it('reads words, and fewer than three digits, as part of a name', () => {
    expect(customerSearch('  نورة   الحربي ')).toEqual({ kind: 'name', text: 'نورة الحربي' });
    expect(customerSearch('05')).toEqual({ kind: 'name', text: '05' });
    expect(customerSearch('Sara 055')).toEqual({ kind: 'name', text: 'Sara 055' });
  });

  it('is no filter when empty', () => {
    expect(customerSearch('   ')).toEqual({ kind: 'none' });
    expect(customerSearch(undefined)).toEqual({ kind: 'none' });
  });
});

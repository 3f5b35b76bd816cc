import { describe, expect, it } from 'vitest';
import accountAr from '../../locales/account.ar.json';
import accountEn from '../../locales/account.en.json';
import { branchStateKey } from './branch-state';

const text = (bundle: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);

describe('the branch card', () => {
  it('gives the reason a branch whose switch is on is closed (its hours), never a bare "Closed"', () => {
    expect(branchStateKey({ status: 'closed', isOpen: true })).toBe('staff.branchState.closedByHours');
    expect(text(accountEn, branchStateKey({ status: 'closed', isOpen: true }))).toBe('Closed: outside opening hours');
    expect(text(accountAr, branchStateKey({ status: 'closed', isOpen: true }))).toBe('مغلق: خارج ساعات العمل');
  });

  it('says when the switch closed it, and plainly when it is open', () => {
    expect(text(accountEn, branchStateKey({ status: 'closed', isOpen: false }))).toBe('Closed: switched off');
    expect(text(accountEn, branchStateKey({ status: 'open', isOpen: true }))).toBe('Open');
  });
});

import type { QrData } from '@sufra/shared/schemas/establishment';
import { describe, expect, it } from 'vitest';
import { dineInBlock, orderingBlock } from './ordering-availability';

const on = {
  brand: true,
  menu: true,
  ordering: true,
  dine_in: true,
  pickup: true,
  delivery: true,
} as QrData['services'];
const qr = (over: {
  services?: Partial<QrData['services']>;
  status?: 'open' | 'closed';
  closedBy?: 'staff' | 'hours' | null;
  table?: QrData['table'];
}): Pick<QrData, 'services' | 'branch' | 'table'> => ({
  services: { ...on, ...over.services },
  branch: {
    status: over.status ?? 'open',
    closedBy: over.closedBy ?? null,
    orderTypes: { dineIn: true, pickup: true, delivery: false },
  } as QrData['branch'],
  table: over.table ?? null,
});

describe('what stops a diner ordering here, told before "Place order"', () => {
  it('nothing when the branch is open and everything is on', () => {
    expect(orderingBlock(qr({}))).toBeNull();
  });

  it('the menu switched off first, then ordering (or every type) switched off', () => {
    expect(orderingBlock(qr({ services: { menu: false, ordering: false } }))).toBe('menu_off');
    expect(orderingBlock(qr({ services: { ordering: false } }))).toBe('ordering_off');
    expect(orderingBlock(qr({ services: { dine_in: false, pickup: false } }))).toBe('ordering_off');
    expect(orderingBlock(qr({ services: { dine_in: false } }))).toBeNull();
  });

  it('a paused branch is told apart from one outside its hours', () => {
    expect(orderingBlock(qr({ status: 'closed', closedBy: 'staff' }))).toBe('branch_paused');
    expect(orderingBlock(qr({ status: 'closed', closedBy: 'hours' }))).toBe('branch_closed');
  });

  it("a reserved table or one whose check is printed is not available; an occupied one is the diner's own party", () => {
    const table = (status: NonNullable<QrData['table']>['status']) => ({ id: 1, number: '8', status });
    expect(orderingBlock(qr({ table: table('reserved') }))).toBe('table_unavailable');
    expect(dineInBlock(qr({ table: table('check_printed') }))).toBe('table_unavailable');
    expect(dineInBlock(qr({ table: table('occupied') }))).toBeNull();
    expect(dineInBlock(qr({ status: 'closed', closedBy: 'staff', table: table('free') }))).toBe('branch_paused');
  });
});

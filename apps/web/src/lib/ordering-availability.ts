import type { QrData } from '@sufra/shared/schemas/establishment';

/**
 * Why a diner at this QR code cannot order here now (issue 24 item 4), told on the first screen where it matters
 * (the landing, the order type) instead of at "Place order". In the order the diner needs to hear them:
 * - `menu_off`: the menu itself is switched off (nothing to browse either);
 * - `ordering_off`: ordering is switched off, or every order type is off for this branch (the menu can be browsed);
 * - `branch_paused`: staff paused the branch by hand; `branch_closed`: outside its opening hours;
 * - `table_unavailable`: the QR's table is reserved or its check is printed (the spec's "The table isn't available").
 * The server refuses the same at placement; this only says it earlier.
 */
export type OrderingBlock = 'menu_off' | 'ordering_off' | 'branch_paused' | 'branch_closed' | 'table_unavailable';

/** Table statuses an order may be placed at (the server's ORDERABLE_TABLE_STATUSES). */
const ORDERABLE_TABLE = new Set(['free', 'occupied']);

type Qr = Pick<QrData, 'services' | 'branch' | 'table'>;

/** The order types switched on for the QR's branch (its own settings and the brand's switches). */
export function orderTypesOn(qr: Qr): { dineIn: boolean; pickup: boolean; delivery: boolean } {
  const on = qr.services.ordering !== false;
  return {
    dineIn: on && qr.branch.orderTypes.dineIn && qr.services.dine_in !== false,
    pickup: on && qr.branch.orderTypes.pickup && qr.services.pickup !== false,
    delivery: on && qr.branch.orderTypes.delivery && qr.services.delivery !== false,
  };
}

/** Why ordering at the QR's branch is not possible now, or null when it is. */
export function orderingBlock(qr: Qr): OrderingBlock | null {
  if (qr.services.menu === false) return 'menu_off';
  const types = orderTypesOn(qr);
  if (!types.dineIn && !types.pickup && !types.delivery) return 'ordering_off';
  if (qr.branch.status !== 'open') return qr.branch.closedBy === 'staff' ? 'branch_paused' : 'branch_closed';
  if (qr.table && !ORDERABLE_TABLE.has(qr.table.status)) return 'table_unavailable';
  return null;
}

/**
 * Why dine-in (at the QR's branch, at its table) is not possible now, or null. Pickup and delivery may still be:
 * they go to any open branch of the brand.
 */
export function dineInBlock(qr: Qr): Exclude<OrderingBlock, 'menu_off' | 'ordering_off'> | null {
  if (qr.branch.status !== 'open') return qr.branch.closedBy === 'staff' ? 'branch_paused' : 'branch_closed';
  if (qr.table && !ORDERABLE_TABLE.has(qr.table.status)) return 'table_unavailable';
  return null;
}

import { isOrderStatus, type OrderStatus } from '@sufra/shared/machines/order-status';
import { estimateOrderTimes, type OrderStatusTimes } from '@sufra/shared/order-estimate';
import { isDeclineReason } from '@sufra/shared/order-times';
import type { OrderType } from '@sufra/shared/order-types';
import {
  type Order,
  type OrderPos,
  type OrderTimes,
  orderRefundState,
  type PosState,
  type StaffOrder,
} from '@sufra/shared/schemas/order';
import type { OrderLineRow, OrderWithBranch, PosHandOffColumns, StaffOrderRow } from './order-rows.repo.ts';

export function toOrder({ order: o, branchNameAr, branchNameEn }: OrderWithBranch, lines: OrderLineRow[]): Order {
  const paymentMethod = o.paymentMethod === 'card' ? 'card' : 'cash';
  const paymentStatus = o.paymentStatus === 'paid' || o.paymentStatus === 'refunded' ? o.paymentStatus : 'unpaid';
  const status = isOrderStatus(o.status) ? o.status : 'pending';
  return {
    id: o.id,
    number: o.number,
    branchId: o.branchId,
    branchName: { ar: branchNameAr, en: branchNameEn },
    orderType: o.orderType as OrderType,
    status,
    paymentMethod,
    paymentStatus,
    table: o.tableId !== null && o.tableNumber !== null ? { id: o.tableId, number: o.tableNumber } : null,
    address: o.address ?? null,
    notes: o.notes,
    receiveAt: o.receiveAt ? o.receiveAt.toISOString() : null,
    pricing: {
      taxMode: o.taxMode === 'exclusive' ? 'exclusive' : 'inclusive',
      subtotal: o.subtotal,
      branchTaxes: o.branchTaxes,
      modifiersTaxes: o.modifiersTaxes,
      chargeAmount: o.chargeAmount,
      chargesTaxes: o.chargesTaxes,
      deliveryFee: o.deliveryFee,
      taxesPrice: o.taxesPrice,
      totalDiscount: o.totalDiscount,
      total: o.total,
      foodicsTaxes: o.foodicsTaxes,
      foodicsCharges: o.foodicsCharges,
      foodicsTotal: o.foodicsTotal,
    },
    lines: lines.map((l) => ({
      kind: l.kind === 'combo' ? 'combo' : 'product',
      itemId: l.itemId,
      name: { ar: l.nameAr, en: l.nameEn },
      quantity: l.quantity,
      unitPriceHalalas: l.unitPriceHalalas,
      subtotal: l.subtotal,
      tax: l.tax,
      total: l.total,
      modifiers: l.modifiers,
      slots: l.slots,
    })),
    cancelReason: o.cancelReason,
    cashReceivedAt: o.cashReceivedAt ? o.cashReceivedAt.toISOString() : null,
    refund: orderRefundState({ paymentMethod, paymentStatus, status }),
    times: orderTimes(o, status),
    declineReason: isDeclineReason(o.declineReason) ? o.declineReason : null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

/**
 * The order's times as the server counts them: every status reached (placement = created_at) and the estimate
 * recomputed from the stored figures by the one shared function, on every read; the client's never counts.
 */
function orderTimes(o: OrderWithBranch['order'], status: OrderStatus): OrderTimes {
  const placedAt = o.createdAt.toISOString();
  const statusTimes: OrderStatusTimes = { pending: placedAt };
  for (const [key, at] of Object.entries(o.statusTimes ?? {})) {
    if (isOrderStatus(key) && typeof at === 'string' && !Number.isNaN(Date.parse(at))) {
      statusTimes[key] = new Date(at).toISOString();
    }
  }
  const estimate =
    o.prepMinutes === null
      ? null
      : estimateOrderTimes({
          orderType: o.orderType as OrderType,
          status,
          placedAt,
          receiveAt: o.receiveAt ? o.receiveAt.toISOString() : null,
          prepMinutes: o.prepMinutes,
          deliveryMinutes: o.deliveryMinutes,
          statusTimes,
          acceptDelayMinutes: o.acceptDelayMinutes,
        });
  return {
    statusTimes,
    prepMinutes: o.prepMinutes,
    deliveryMinutes: o.deliveryMinutes,
    acceptDelayMinutes: o.acceptDelayMinutes,
    estimate,
  };
}

export function toStaffOrder(row: StaffOrderRow, lines: OrderLineRow[]): StaffOrder {
  return {
    ...toOrder(row, lines),
    customer:
      row.order.customerId !== null && row.customerName !== null && row.customerPhone !== null
        ? { id: row.order.customerId, fullName: row.customerName, phone: row.customerPhone }
        : null,
    cashReceivedBy:
      row.order.cashReceivedBy !== null && row.cashReceivedByName !== null
        ? { id: row.order.cashReceivedBy, name: row.cashReceivedByName }
        : null,
    pos: posOf(row),
  };
}

/** Foodics' order statuses (1 Pending … 8 Draft): accepted there (Active, Closed, Returned, Joined), or refused. */
const FOODICS_ACCEPTED = [2, 4, 5, 6];
const FOODICS_REFUSED = [3, 7];

/**
 * The order at the POS as the board shows it (issue 28 item 6), from its Foodics hand-off row: a queued row that
 * failed before is retrying (its error the reason, its next try time), a sent one follows Foodics' status.
 */
export function posOf(row: PosHandOffColumns): OrderPos | null {
  if (row.posState === null || row.posUpdatedAt === null) return null;
  let state: PosState;
  if (row.posState === 'queued') state = row.posLastError ? 'retrying' : 'sending';
  else if (row.posState === 'dead' || row.posState === 'handled') state = row.posState;
  else if (FOODICS_REFUSED.includes(row.posFoodicsStatus ?? 1)) state = 'declined';
  else state = FOODICS_ACCEPTED.includes(row.posFoodicsStatus ?? 1) ? 'accepted' : 'sent';
  const failed = state === 'retrying' || state === 'dead' || state === 'handled';
  return {
    state,
    reason: failed ? row.posLastError : null,
    nextTryAt: state === 'retrying' && row.posNextAttemptAt ? row.posNextAttemptAt.toISOString() : null,
    failures: row.posFailures ?? 0,
    sentAt: row.posSentAt?.toISOString() ?? null,
    waitingSince: state === 'sent' && row.posPendingAlertAt ? row.posPendingAlertAt.toISOString() : null,
    updatedAt: row.posUpdatedAt.toISOString(),
  };
}

import { isOrderStatus } from '@sufra/shared/machines/order-status';
import type { OrderType } from '@sufra/shared/order-types';
import { type Order, orderRefundState, type StaffOrder } from '@sufra/shared/schemas/order';
import type { OrderLineRow, OrderWithBranch, StaffOrderRow } from './order-rows.repo.ts';

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
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
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
  };
}

import {
  ORDER_STATUS_TRANSITIONS,
  ORDER_STATUSES,
  type OrderStatus,
  TERMINAL_ORDER_STATUSES,
} from '@sufra/shared/machines/order-status';
import { ORDER_TYPES, type OrderType } from '@sufra/shared/order-types';
import type { OrderLine } from '@sufra/shared/schemas/order';

/**
 * Our order as Foodics' `POST /v5/orders` body, and Foodics' order statuses as ours: pure rules, field by field as
 * Foodics documents them (REFERENCE-foodics-zatca.md §2-§3, §6). Money is integer halalas here and SAR decimals on
 * the wire: `toSar` and `toHalalas` are the one conversion.
 */

/** Halalas → SAR as Foodics' JSON carries it (12345 → 123.45). An integer over 100 is the double nearest the decimal. */
export function toSar(halalas: number): number {
  if (!Number.isSafeInteger(halalas)) throw new Error(`not an amount of halalas: ${halalas}`);
  return halalas / 100;
}

/** SAR from Foodics → halalas (123.45 → 12345), rounded to the nearest halala. */
export function toHalalas(sar: number): number {
  return Math.round(sar * 100);
}

/** Foodics' phone: the 9 digits of a Saudi mobile after the dial code 966 ("+966501234567" → "501234567"); else null. */
export function foodicsPhone(e164: string | null): string | null {
  const match = /^\+966(5\d{8})$/.exec(e164 ?? '');
  return match?.[1] ?? null;
}

/** Foodics' timestamps: "YYYY-MM-DD HH:MM:SS", UTC. */
export function foodicsTime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

/** The reference Foodics keeps in `meta["3rd_party_order_number"]`: the only link back to our order. */
export function orderReference(orderId: number): string {
  return `sufra-order-${orderId}`;
}

export interface FoodicsTax {
  id: string;
  rate: number;
  amount: number;
}
export interface FoodicsOrderBody {
  type: 1 | 2 | 3;
  branch_id: string;
  table_id?: string;
  customer_id?: string;
  customer_address_id?: string;
  due_at?: string;
  kitchen_notes?: string;
  discount_type?: 1;
  discount_amount?: number;
  meta: { '3rd_party_order_number': string };
  products: {
    product_id: string;
    quantity: number;
    unit_price: number;
    total_price: number;
    taxes: FoodicsTax[];
    options: { modifier_option_id: string; quantity: number; unit_price: number; total_price: number }[];
  }[];
  combos: {
    combo_size_id: string;
    quantity: number;
    products: (FoodicsOrderBody['products'][number] & { combo_option_id: string; combo_size_id: string })[];
  }[];
  charges: { charge_id: string; amount: number; tax_exclusive_amount: number; taxes: FoodicsTax[] }[];
  payments: { payment_method_id: string; amount: number; tendered: number; tips: number }[];
  subtotal_price: number;
  rounding_amount: number;
  total_price: number;
}

/** What the mapping reads of our order (the stored row's figures, halalas). */
export interface OrderToSend {
  id: number;
  orderType: number;
  branchId: number;
  tableId: number | null;
  paymentMethod: string;
  taxMode: string;
  notes: string | null;
  receiveAt: Date | null;
  subtotal: number;
  chargeAmount: number;
  chargesTaxes: number;
  deliveryFee: number;
  totalDiscount: number;
  total: number;
  lines: (Pick<OrderLine, 'itemId' | 'quantity' | 'unitPriceHalalas' | 'tax' | 'modifiers' | 'slots'> & {
    kind: string;
  })[];
}

export interface FoodicsLinks {
  /** Our id (as text) → Foodics id, by kind (foodics_ids). */
  id: (kind: string, localKey: string) => string | undefined;
  vatRateBp: number;
  customerId?: string;
  customerAddressId?: string;
  /** An External payment method for card orders; absent: no payment sent. */
  cardPaymentMethodId?: string | null;
}

export type FoodicsBodyResult = { body: FoodicsOrderBody } | { unmapped: string[] };

/**
 * The create body. Everything of ours without a Foodics id is listed (`unmapped`) instead: such an order cannot be
 * sent until someone maps it. Products carry their base price and their options their own; a combo's price goes on
 * its first product (Foodics prices combo products per size; ours is one price with extras); the order's discounts
 * are one open discount; the delivery fee is a charge; a cash order sends no payment.
 */
export function buildFoodicsOrder(order: OrderToSend, links: FoodicsLinks): FoodicsBodyResult {
  const unmapped: string[] = [];
  const need = (kind: string, key: string | number): string => {
    const found = links.id(kind, String(key));
    if (found === undefined) unmapped.push(`${kind}:${key}`);
    return found ?? '';
  };
  const rate = links.vatRateBp / 100;
  const taxId = links.id('tax', 'vat');
  const taxes = (amount: number): FoodicsTax[] => {
    if (amount === 0) return [];
    if (taxId === undefined) {
      if (!unmapped.includes('tax:vat')) unmapped.push('tax:vat');
      return [];
    }
    return [{ id: taxId, rate, amount: toSar(amount) }];
  };
  const options = (line: OrderToSend['lines'][number]) =>
    line.modifiers.map((m) => ({
      modifier_option_id: need('modifier_option', m.optionId),
      quantity: line.quantity,
      unit_price: toSar(m.priceHalalas),
      total_price: toSar(m.priceHalalas * line.quantity),
    }));
  const modifiersOf = (line: OrderToSend['lines'][number]) => line.modifiers.reduce((s, m) => s + m.priceHalalas, 0);

  const products: FoodicsOrderBody['products'] = [];
  const combos: FoodicsOrderBody['combos'] = [];
  for (const line of order.lines) {
    if (line.kind === 'product') {
      const unit = line.unitPriceHalalas - modifiersOf(line);
      products.push({
        product_id: need('product', line.itemId),
        quantity: line.quantity,
        unit_price: toSar(unit),
        total_price: toSar(unit * line.quantity),
        taxes: taxes(line.tax),
        options: options(line),
      });
      continue;
    }
    const size = need('combo_size', line.itemId);
    const extras = line.slots.reduce((s, slot) => s + slot.extraPriceHalalas, 0);
    const base = line.unitPriceHalalas - extras - modifiersOf(line);
    if (line.slots.length === 0) unmapped.push(`combo_option:${line.itemId}`);
    combos.push({
      combo_size_id: size,
      quantity: line.quantity,
      products: line.slots.map((slot, i) => {
        const unit = (i === 0 ? base : 0) + slot.extraPriceHalalas;
        return {
          product_id: need('product', slot.itemId),
          combo_option_id: need('combo_option', `${slot.slotId}:${slot.itemId}`),
          combo_size_id: size,
          quantity: line.quantity,
          unit_price: toSar(unit),
          total_price: toSar(unit * line.quantity),
          taxes: i === 0 ? taxes(line.tax) : [],
          options: i === 0 ? options(line) : [],
        };
      }),
    });
  }

  const charges: FoodicsOrderBody['charges'] = [];
  if (order.chargeAmount !== order.deliveryFee) unmapped.push('charge:other');
  if (order.deliveryFee > 0) {
    const tax = order.chargesTaxes;
    charges.push({
      charge_id: need('delivery_charge', 'delivery'),
      amount: toSar(order.deliveryFee),
      tax_exclusive_amount: toSar(order.taxMode === 'inclusive' ? order.deliveryFee - tax : order.deliveryFee),
      taxes: taxes(tax),
    });
  }

  const body: FoodicsOrderBody = {
    type: order.orderType as 1 | 2 | 3,
    branch_id: need('branch', order.branchId),
    meta: { '3rd_party_order_number': orderReference(order.id) },
    products,
    combos,
    charges,
    payments: [],
    subtotal_price: toSar(order.subtotal),
    rounding_amount: 0,
    total_price: toSar(order.total),
  };
  if (order.tableId !== null && order.orderType === ORDER_TYPES.dineIn) body.table_id = need('table', order.tableId);
  if (links.customerId) body.customer_id = links.customerId;
  if (links.customerAddressId) body.customer_address_id = links.customerAddressId;
  if (order.receiveAt) body.due_at = foodicsTime(order.receiveAt);
  if (order.notes) body.kitchen_notes = order.notes;
  if (order.totalDiscount > 0) {
    body.discount_type = 1;
    body.discount_amount = toSar(order.totalDiscount);
  }
  if (order.paymentMethod === 'card' && links.cardPaymentMethodId) {
    const total = toSar(order.total);
    body.payments = [{ payment_method_id: links.cardPaymentMethodId, amount: total, tendered: total, tips: 0 }];
  }
  return unmapped.length > 0 ? { unmapped: [...new Set(unmapped)] } : { body };
}

/** What we read of a Foodics order to follow it. */
export interface FoodicsOrderState {
  id: string;
  status: number;
  delivery_status?: number | null;
  meta?: { foodics?: { kitchen_done_at?: string | null } | null } | null;
}

/**
 * Foodics' state as our status (null: nothing to follow yet: Pending, Joined, Draft). Status 2 (Active) is accepted:
 * sent to the kitchen, then `kitchen_done_at` or delivery status 2 is ready, 3 assigned, 4 en route, 5-6 delivered;
 * 4 (Closed) is handed over; 3 (Declined) and 7 (Void) canceled; 5 (Returned) returned. A pickup or dine-in order
 * has no driver: a delivery status past "ready" is ready for it.
 */
export function statusFromFoodics(f: FoodicsOrderState, orderType: OrderType): OrderStatus | null {
  switch (f.status) {
    case 3:
    case 7:
      return 'canceled';
    case 5:
      return 'returned';
    case 4:
      return 'delivered';
    case 2: {
      const delivery = f.delivery_status ?? 0;
      if (delivery >= 5) return 'delivered';
      if (orderType === ORDER_TYPES.delivery && delivery === 4) return 'en_route';
      if (orderType === ORDER_TYPES.delivery && delivery === 3) return 'assigned';
      if (delivery >= 2 || f.meta?.foodics?.kitchen_done_at) return 'ready';
      return 'sent_to_kitchen';
    }
    default:
      return null;
  }
}

/**
 * The moves that take an order of this type from `from` to `to` along our machine, shortest first, never through an
 * end (canceled, returned) on the way; [] when it is there already or cannot get there (Foodics behind us, or a move
 * our machine has not: a Returned pickup is canceled instead).
 */
export function pathTo(orderType: OrderType, from: OrderStatus, to: OrderStatus): OrderStatus[] {
  if (from === to || TERMINAL_ORDER_STATUSES.includes(from)) return [];
  // Forward only: a late webhook of an earlier status (ready after assigned) moves nothing back.
  if (!TERMINAL_ORDER_STATUSES.includes(to) && ORDER_STATUSES.indexOf(to) <= ORDER_STATUSES.indexOf(from)) return [];
  const previous = new Map<OrderStatus, OrderStatus>();
  const queue: OrderStatus[] = [from];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    if (at !== from && (at === 'canceled' || at === 'returned')) continue;
    for (const t of ORDER_STATUS_TRANSITIONS) {
      if (t.from !== at || !t.orderTypes.includes(orderType) || previous.has(t.to) || t.to === from) continue;
      previous.set(t.to, at);
      queue.push(t.to);
    }
  }
  if (!previous.has(to)) return to === 'returned' ? pathTo(orderType, from, 'canceled') : [];
  const path: OrderStatus[] = [];
  for (let at: OrderStatus | undefined = to; at !== undefined && at !== from; at = previous.get(at)) path.unshift(at);
  return path;
}

/** Foodics tells no reason for a decline or a void through the API [?]: the diner reads this, in both languages. */
export { POS_DECLINED_REASON, POS_VOIDED_REASON } from '@sufra/shared/pos-reason';

/** What `PUT /orders/{id}` may carry (Foodics documents delivery_status, driver_id, driver_collected_at only). */
export interface FoodicsDeliveryUpdate {
  delivery_status: 2 | 4 | 5;
  driver_collected_at?: string;
}

/**
 * A move made on our board, as Foodics can hear it (docs/adr/0690): only a delivery order's delivery status is
 * writable by an integrator (`PUT /orders/{id}`, scope `orders.limited.deliver`): ready → 2, en route → 4 with the
 * time the driver collected it, delivered → 5. "Assigned" needs a Foodics driver id we do not have; accepting,
 * declining, closing and every move of a pickup or dine-in order have no documented write: the POS owns them.
 */
export function foodicsUpdateFor(orderType: OrderType, to: OrderStatus, at: Date): FoodicsDeliveryUpdate | null {
  if (orderType !== ORDER_TYPES.delivery) return null;
  if (to === 'ready') return { delivery_status: 2 };
  if (to === 'en_route') return { delivery_status: 4, driver_collected_at: foodicsTime(at) };
  if (to === 'delivered') return { delivery_status: 5 };
  return null;
}

import { describe, expect, it } from 'vitest';
import { buildFoodicsOrder, foodicsPhone, pathTo, statusFromFoodics, toHalalas, toSar } from './foodics-order.rules.ts';

describe("Foodics' order rules", () => {
  it('converts halalas to SAR decimals and back exactly, for every amount up to SAR 2,000 and a sweep to SAR 100,000', () => {
    const wrong: number[] = [];
    // Every amount up to SAR 2,000, then a stride through SAR 100,000.
    const amounts = [
      ...Array.from({ length: 200_001 }, (_, h) => h),
      ...Array.from({ length: 1263 }, (_, i) => 200_000 + i * 7_919),
    ];
    for (const h of amounts) {
      const sar = toSar(h);
      // Back to the same halalas, and on the wire at most two decimals.
      if (toHalalas(sar) !== h || !/^\d+(\.\d{1,2})?$/.test(JSON.stringify(sar))) wrong.push(h);
    }
    expect(wrong).toEqual([]);
    expect(toSar(12345)).toBe(123.45);
    expect(() => toSar(1.5)).toThrow();
  });

  it("gives Foodics a Saudi mobile's 9 digits and nothing else", () => {
    expect(foodicsPhone('+966501234567')).toBe('501234567');
    expect(foodicsPhone('+966112345678')).toBeNull();
    expect(foodicsPhone('+971501234567')).toBeNull();
    expect(foodicsPhone(null)).toBeNull();
  });

  it("maps Foodics' statuses onto ours by order type", () => {
    expect(statusFromFoodics({ id: 'x', status: 1 }, 2)).toBeNull();
    expect(statusFromFoodics({ id: 'x', status: 2 }, 2)).toBe('sent_to_kitchen');
    expect(
      statusFromFoodics({ id: 'x', status: 2, meta: { foodics: { kitchen_done_at: '2026-11-28 10:00:00' } } }, 2),
    ).toBe('ready');
    expect(statusFromFoodics({ id: 'x', status: 2, delivery_status: 3 }, 3)).toBe('assigned');
    expect(statusFromFoodics({ id: 'x', status: 2, delivery_status: 4 }, 3)).toBe('en_route');
    expect(statusFromFoodics({ id: 'x', status: 2, delivery_status: 4 }, 2)).toBe('ready');
    expect(statusFromFoodics({ id: 'x', status: 4 }, 1)).toBe('delivered');
    expect(statusFromFoodics({ id: 'x', status: 3 }, 2)).toBe('canceled');
    expect(statusFromFoodics({ id: 'x', status: 7 }, 2)).toBe('canceled');
    expect(statusFromFoodics({ id: 'x', status: 5 }, 3)).toBe('returned');
  });

  it('walks our machine forward only, never through an end', () => {
    expect(pathTo(2, 'pending', 'delivered')).toEqual(['sent_to_kitchen', 'ready', 'delivered']);
    expect(pathTo(3, 'pending', 'en_route')).toEqual(['sent_to_kitchen', 'ready', 'assigned', 'en_route']);
    expect(pathTo(3, 'assigned', 'ready')).toEqual([]);
    expect(pathTo(2, 'delivered', 'canceled')).toEqual([]);
    expect(pathTo(2, 'ready', 'canceled')).toEqual(['canceled']);
    // A pickup has no "returned": it is canceled.
    expect(pathTo(2, 'sent_to_kitchen', 'returned')).toEqual(['canceled']);
    expect(pathTo(3, 'en_route', 'returned')).toEqual(['returned']);
  });

  const ids: Record<string, string> = {
    'branch:1': 'fb',
    'table:7': 'ft7',
    'product:10': 'fp10',
    'product:11': 'fp11',
    'product:12': 'fp12',
    'modifier_option:5': 'fo5',
    'combo_size:20': 'fcs20',
    'combo_option:30:11': 'fco30',
    'combo_option:31:12': 'fco31',
    'delivery_charge:delivery': 'fdc',
    'tax:vat': 'ftax',
  };
  const order = {
    id: 99,
    orderType: 3,
    branchId: 1,
    tableId: null,
    paymentMethod: 'card',
    taxMode: 'exclusive',
    notes: 'No onions',
    receiveAt: new Date('2026-11-28T18:30:00Z'),
    subtotal: 5300,
    chargeAmount: 1200,
    chargesTaxes: 180,
    deliveryFee: 1200,
    totalDiscount: 500,
    total: 6945,
    lines: [
      {
        kind: 'product',
        itemId: 10,
        quantity: 2,
        unitPriceHalalas: 1500,
        tax: 420,
        modifiers: [{ optionId: 5, name: { ar: 'ج', en: 'Cheese' }, priceHalalas: 300 }],
        slots: [],
      },
      {
        kind: 'combo',
        itemId: 20,
        quantity: 1,
        unitPriceHalalas: 2300,
        tax: 345,
        modifiers: [],
        slots: [
          { slotId: 30, itemId: 11, name: { ar: 'أ', en: 'A' }, extraPriceHalalas: 0 },
          { slotId: 31, itemId: 12, name: { ar: 'ب', en: 'B' }, extraPriceHalalas: 300 },
        ],
      },
    ],
  };

  it('builds the create body field by field: products with options, combos, the delivery charge, due time, notes, an external card payment', () => {
    const built = buildFoodicsOrder(order, {
      id: (k, key) => ids[`${k}:${key}`],
      vatRateBp: 1500,
      customerId: 'c1',
      customerAddressId: 'a1',
      cardPaymentMethodId: 'pm-ext',
    });
    if (!('body' in built)) throw new Error(built.unmapped.join());
    const b = built.body;
    expect(b).toMatchObject({
      type: 3,
      branch_id: 'fb',
      customer_id: 'c1',
      customer_address_id: 'a1',
      due_at: '2026-11-28 18:30:00',
      kitchen_notes: 'No onions',
      discount_type: 1,
      discount_amount: 5,
      subtotal_price: 53,
      total_price: 69.45,
      meta: { '3rd_party_order_number': 'sufra-order-99' },
    });
    expect(b.products).toEqual([
      {
        product_id: 'fp10',
        quantity: 2,
        unit_price: 12,
        total_price: 24,
        taxes: [{ id: 'ftax', rate: 15, amount: 4.2 }],
        options: [{ modifier_option_id: 'fo5', quantity: 2, unit_price: 3, total_price: 6 }],
      },
    ]);
    expect(b.combos).toEqual([
      {
        combo_size_id: 'fcs20',
        quantity: 1,
        products: [
          {
            product_id: 'fp11',
            combo_option_id: 'fco30',
            combo_size_id: 'fcs20',
            quantity: 1,
            unit_price: 20,
            total_price: 20,
            taxes: [{ id: 'ftax', rate: 15, amount: 3.45 }],
            options: [],
          },
          {
            product_id: 'fp12',
            combo_option_id: 'fco31',
            combo_size_id: 'fcs20',
            quantity: 1,
            unit_price: 3,
            total_price: 3,
            taxes: [],
            options: [],
          },
        ],
      },
    ]);
    expect(b.charges).toEqual([
      { charge_id: 'fdc', amount: 12, tax_exclusive_amount: 12, taxes: [{ id: 'ftax', rate: 15, amount: 1.8 }] },
    ]);
    expect(b.payments).toEqual([{ payment_method_id: 'pm-ext', amount: 69.45, tendered: 69.45, tips: 0 }]);
    // Foodics' sum: products and options + charges − discount + taxes (prices exclude tax) = total.
    expect(24 + 6 + 20 + 3 + 12 - 5 + 4.2 + 3.45 + 1.8).toBeCloseTo(69.45, 2);
  });

  it('lists what has no Foodics id instead of sending it', () => {
    const built = buildFoodicsOrder(order, {
      id: (k, key) => (k === 'product' ? undefined : ids[`${k}:${key}`]),
      vatRateBp: 1500,
    });
    expect(built).toEqual({ unmapped: ['product:10', 'product:11', 'product:12'] });
  });
});

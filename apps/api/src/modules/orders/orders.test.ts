import { ORDER_TYPES } from '@sufra/shared/order-types';
import { priceCart } from '@sufra/shared/pricing/price-cart';
import { orderListResponse, orderSchema, staffOrderListResponse } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, countRows } from '../../../test/accounts.ts';
import { brandA, STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds, newKey, placeOrder, setBranchSwitch } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const HERE = { lat: 24.7136, lng: 46.6753 };
/** About 700 m north of the branch (its dine-in radius is 150 m). */
const FAR = { lat: 24.72, lng: 46.6753 };
const VAT = brandA.vatRateBasisPoints;

describe('placing a cash order', () => {
  let t: TestApp;
  let ids: MenuIds;
  let a: Caller;
  let addressIn: number;
  let addressOut: number;
  const orderCount = () => countRows(t, 'orders');
  const sideRows = async () => ({
    orders: await countRows(t, 'orders'),
    lines: await countRows(t, 'order_lines'),
    outbox: await countRows(t, 'order_outbox'),
    keys: await countRows(t, 'idempotency_keys where response_status is not null'),
  });

  beforeAll(async () => {
    t = await createTestApp();
    ids = await menuIds(t, UUID.aMain);
    a = await diner(t, UUID.aMain, '0590000001');
    const add = async (location: { lat: number; lng: number }) => {
      const res = await a.call('POST', `/api/customers/${UUID.aMain}/me/addresses/`, {
        title: 'Home',
        description: 'Street 1',
        location,
      });
      expect(res.statusCode).toBe(201);
      return (res.json() as { id: number }).id;
    };
    addressIn = await add({ lat: 24.7, lng: 46.7 });
    addressOut = await add({ lat: 25.2, lng: 46.7 });
  });
  afterAll(() => t.close());

  const kabsaLarge = () => ({
    kind: 'product' as const,
    itemId: ids.item('kabsa'),
    quantity: 2,
    modifiers: [ids.option('Size', 'Large')],
  });
  const meal = () => ({
    kind: 'combo' as const,
    itemId: ids.item('meal'),
    quantity: 1,
    slots: [
      { slotId: ids.slot('meal', 'Main'), itemId: ids.item('burger') },
      { slotId: ids.slot('meal', 'Drink'), itemId: ids.item('water') },
    ],
    modifiers: [],
  });
  /** What priceCart says for kabsa (large) × 2 and the meal with a burger (+2 SAR) and water. */
  const expectedPricing = (deliveryFeeHalalas = 0) =>
    priceCart({
      taxMode: 'inclusive',
      vatRateBasisPoints: VAT,
      deliveryFeeHalalas,
      lines: [
        {
          kind: 'product',
          unitPriceHalalas: 3500,
          taxRateBasisPoints: null,
          modifiers: [{ priceHalalas: 300 }],
          quantity: 2,
        },
        {
          kind: 'combo',
          unitPriceHalalas: 4500,
          taxRateBasisPoints: null,
          slots: [{ extraPriceHalalas: 200 }, { extraPriceHalalas: 0 }],
          modifiers: [],
          quantity: 1,
        },
      ],
    });

  it('places a dine-in order at the table of the QR code with the server prices of priceCart', async () => {
    const res = await placeOrder(a, UUID.aTable, {
      orderType: ORDER_TYPES.dineIn,
      location: HERE,
      lines: [kabsaLarge(), meal()],
      notes: 'No onions',
      paymentMethod: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json());
    const expected = expectedPricing();
    expect(order.pricing).toMatchObject({
      subtotal: expected.subtotal,
      taxesPrice: expected.taxesPrice,
      branchTaxes: expected.branchTaxes,
      chargeAmount: 0,
      total: expected.total,
    });
    expect(order.pricing.total).toBe(2 * 3800 + 4700);
    expect(order).toMatchObject({ status: 'pending', orderType: 1, paymentMethod: 'cash', paymentStatus: 'unpaid' });
    expect(order.table?.number).toBe('1');
    expect(order.notes).toBe('No onions');
    expect(order.lines.map((l) => [l.name.en, l.name.ar, l.quantity, l.total])).toEqual([
      ['Chicken kabsa', 'كبسة دجاج', 2, expected.lines[0]?.total],
      ['Meal deal', 'وجبة', 1, expected.lines[1]?.total],
    ]);
    expect(order.lines[0]?.modifiers[0]?.name).toEqual({ ar: 'كبير', en: 'Large' });
    expect(order.lines[1]?.slots.map((s) => s.name.en)).toEqual(['Burger', 'Water']);
    const outbox = await t.database.query<{ event: string }>('select event from order_outbox where order_id = $1', [
      order.id,
    ]);
    expect(outbox).toEqual([{ event: 'order_placed' }]);
  });

  it('places a pickup order and numbers orders 1, 2, 3 … per branch', async () => {
    const first = orderSchema.parse(
      (await placeOrder(a, UUID.aMain, { orderType: 2, lines: [kabsaLarge()], paymentMethod: 'cash' })).json(),
    );
    const second = orderSchema.parse(
      (await placeOrder(a, UUID.aMain, { orderType: 2, lines: [kabsaLarge()], paymentMethod: 'cash' })).json(),
    );
    expect(second.number).toBe(first.number + 1);
    expect(first.table).toBeNull();
  });

  it('places a delivery order to a covered address with the zone fee as the delivery fee', async () => {
    const res = await placeOrder(a, UUID.aMain, {
      orderType: ORDER_TYPES.delivery,
      addressId: addressIn,
      lines: [kabsaLarge(), meal()],
      paymentMethod: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json());
    const expected = expectedPricing(1000);
    expect(order.pricing.deliveryFee).toBe(1000);
    expect(order.pricing.total).toBe(expected.total);
    expect(order.pricing.chargesTaxes).toBe(expected.chargesTaxes);
    expect(order.address).toMatchObject({ id: addressIn, title: 'Home', location: { lat: 24.7, lng: 46.7 } });
  });

  it('prices an order of a brand with exclusive tax: VAT is added on top', async () => {
    const bIds = await menuIds(t, UUID.bMain);
    const b = await diner(t, UUID.bMain, '0590000020');
    const res = await placeOrder(b, UUID.bMain, {
      orderType: 2,
      lines: [{ kind: 'product', itemId: bIds.item('shawarma'), quantity: 3 }],
      paymentMethod: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(orderSchema.parse(res.json()).pricing).toMatchObject({
      taxMode: 'exclusive',
      subtotal: 5400,
      taxesPrice: 810,
      total: 6210,
      foodicsTotal: 0,
    });
  });

  it('places a dine-in order from a counter QR code at the table the diner names (dine-in-tables.test.ts)', async () => {
    const res = await placeOrder(a, UUID.aMain, {
      orderType: 1,
      location: HERE,
      tableNumber: '1',
      lines: [kabsaLarge()],
      paymentMethod: 'cash',
    });
    expect(res.statusCode).toBe(201);
    expect(orderSchema.parse(res.json()).table?.number).toBe('1');
  });

  it('ignores prices sent by the client: the server figures are the same', async () => {
    const tampered = { ...kabsaLarge(), priceHalalas: 1, unitPriceHalalas: 1, total: 1 };
    const res = await placeOrder(a, UUID.aMain, {
      orderType: 2,
      lines: [tampered],
      paymentMethod: 'cash',
      total: 1,
      pricing: { total: 1 },
    });
    expect(res.statusCode).toBe(201);
    expect(orderSchema.parse(res.json()).pricing.total).toBe(2 * 3800);
  });

  describe('refuses, writing nothing', () => {
    const refusals: [string, () => Record<string, unknown>, string, number, string, string?][] = [
      [
        'a dine-in order without the location',
        () => ({ orderType: 1, lines: [kabsaLarge()], paymentMethod: 'cash' }),
        'location_required',
        400,
        'Please Enable Location Permission',
      ],
      [
        'a dine-in order far from the branch',
        () => ({ orderType: 1, location: FAR, lines: [kabsaLarge()], paymentMethod: 'cash' }),
        'far_from_branch',
        403,
        'you cannot place your order, you are far from the branch',
      ],
      [
        'a delivery without an address',
        () => ({ orderType: 3, lines: [kabsaLarge()], paymentMethod: 'cash' }),
        'address_required',
        400,
        'Please select Your address',
      ],
      [
        'a delivery to an address outside every zone',
        () => ({ orderType: 3, addressId: addressOut, lines: [kabsaLarge()], paymentMethod: 'cash' }),
        'address_not_covered',
        422,
        "This area isn't covered by the restaurant, choose another address",
      ],
      [
        'a delivery below the zone minimum',
        () => ({
          orderType: 3,
          addressId: addressIn,
          lines: [{ kind: 'product', itemId: ids.item('water'), quantity: 1 }],
          paymentMethod: 'cash',
        }),
        'minimum_order_not_reached',
        422,
        "The order is below this area's minimum for delivery",
      ],
      [
        'a combo with a slot left empty',
        () => ({ orderType: 2, lines: [{ ...meal(), slots: meal().slots.slice(0, 1) }], paymentMethod: 'cash' }),
        'combo_slot_missing',
        400,
        'You should choose product for each option',
      ],
      [
        'a combo slot filled with a product it does not offer',
        () => ({
          orderType: 2,
          lines: [
            { ...meal(), slots: [meal().slots[0], { slotId: ids.slot('meal', 'Drink'), itemId: ids.item('kabsa') }] },
          ],
          paymentMethod: 'cash',
        }),
        'combo_choice_invalid',
        400,
        "This product can't be chosen for this part of the meal",
      ],
      [
        'a combo ordered as a plain product',
        () => ({
          orderType: 2,
          lines: [{ kind: 'product', itemId: ids.item('meal'), quantity: 1 }],
          paymentMethod: 'cash',
        }),
        'combo_slot_missing',
        400,
        'You should choose product for each option',
      ],
      [
        'an unknown modifier option',
        () => ({
          orderType: 2,
          lines: [{ ...kabsaLarge(), modifiers: [ids.option('Size', 'Large'), 999_999] }],
          paymentMethod: 'cash',
        }),
        'modifier_unknown',
        400,
        "This option doesn't exist for this item",
      ],
      [
        'an option of a group the item does not have',
        () => ({
          orderType: 2,
          lines: [
            { kind: 'product', itemId: ids.item('water'), quantity: 1, modifiers: [ids.option('Size', 'Large')] },
          ],
          paymentMethod: 'cash',
        }),
        'modifier_unknown',
        400,
        "This option doesn't exist for this item",
      ],
      [
        'a required group left empty',
        () => ({ orderType: 2, lines: [{ ...kabsaLarge(), modifiers: [] }], paymentMethod: 'cash' }),
        'modifier_choice_count',
        400,
        'Choose the number of options this item asks for',
      ],
      [
        'two choices in a one-choice group',
        () => ({
          orderType: 2,
          lines: [{ ...kabsaLarge(), modifiers: [ids.option('Size', 'Large'), ids.option('Size', 'Small')] }],
          paymentMethod: 'cash',
        }),
        'modifier_choice_count',
        400,
        'Choose the number of options this item asks for',
      ],
      [
        'an option that is sold out',
        () => ({
          orderType: 2,
          lines: [
            {
              kind: 'product',
              itemId: ids.item('burger'),
              quantity: 1,
              modifiers: [ids.option('Size', 'Small'), ids.option('Extras', 'Cheese')],
            },
          ],
          paymentMethod: 'cash',
        }),
        'modifier_not_available',
        409,
        "This option isn't available right now",
      ],
      [
        'an item sold out at the branch',
        () => ({
          orderType: 2,
          lines: [{ kind: 'product', itemId: ids.item('juice'), quantity: 1 }],
          paymentMethod: 'cash',
        }),
        'item_not_available',
        404,
        "This item isn't available at this branch",
      ],
      [
        'an item the branch does not sell',
        () => ({ orderType: 2, lines: [{ kind: 'product', itemId: 0x7fffffff, quantity: 1 }], paymentMethod: 'cash' }),
        'item_not_found',
        404,
        "This item doesn't exist on the menu",
      ],
      [
        'a payment method the app does not know',
        () => ({ orderType: 2, lines: [kabsaLarge()], paymentMethod: 'cheque' }),
        'validation_failed',
        400,
        'Some fields are empty or wrong',
      ],
      [
        'coordinates out of range',
        () => ({ orderType: 1, location: { lat: 91, lng: 46 }, lines: [kabsaLarge()], paymentMethod: 'cash' }),
        'validation_failed',
        400,
        'Some fields are empty or wrong',
      ],
      [
        'an empty order',
        () => ({ orderType: 2, lines: [], paymentMethod: 'cash' }),
        'validation_failed',
        400,
        'Some fields are empty or wrong',
      ],
      [
        'notes over 500 characters',
        () => ({ orderType: 2, lines: [kabsaLarge()], notes: 'x'.repeat(501), paymentMethod: 'cash' }),
        'validation_failed',
        400,
        'Some fields are empty or wrong',
      ],
    ];
    for (const [what, body, code, status, message] of refusals) {
      it(`${what}: ${status} ${code}`, async () => {
        const before = await sideRows();
        const res = await placeOrder(a, UUID.aMain, body());
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().error).toMatchObject({ code, message });
        expect(await sideRows()).toEqual(before);
      });
    }

    it('refuses a receive time in the past or more than a week ahead', async () => {
      const before = await sideRows();
      for (const receiveAt of ['2020-01-01T10:00:00Z', new Date(Date.now() + 8 * 24 * 3_600_000).toISOString()]) {
        const res = await placeOrder(a, UUID.aMain, {
          orderType: 2,
          lines: [kabsaLarge()],
          receiveAt,
          paymentMethod: 'cash',
        });
        expect(res.statusCode, receiveAt).toBe(400);
        expect(res.json().error.fields).toEqual({ receiveAt: 'This field is empty or wrong' });
      }
      expect(await sideRows()).toEqual(before);
      const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
      const ok = await placeOrder(a, UUID.aMain, {
        orderType: 2,
        lines: [kabsaLarge()],
        receiveAt: inAnHour,
        paymentMethod: 'cash',
      });
      expect(ok.statusCode).toBe(201);
      expect(Date.parse(orderSchema.parse(ok.json()).receiveAt ?? '')).toBe(Date.parse(inAnHour));
    });

    it("refuses another customer's saved address as not found", async () => {
      const other = await diner(t, UUID.aMain, '0590000021');
      const before = await sideRows();
      const res = await placeOrder(other, UUID.aMain, {
        orderType: 3,
        addressId: addressIn,
        lines: [kabsaLarge()],
        paymentMethod: 'cash',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('address_not_found');
      expect(await sideRows()).toEqual(before);
    });

    it('refuses cash where the branch does not take it for this order type', async () => {
      const bIds = await menuIds(t, UUID.bMain);
      const b = await diner(t, UUID.bMain, '0590000022');
      const res = await placeOrder(b, UUID.bMain, {
        orderType: 1,
        location: HERE,
        lines: [{ kind: 'product', itemId: bIds.item('shawarma'), quantity: 1 }],
        paymentMethod: 'cash',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('payment_method_not_available');
    });

    it('says which line is wrong', async () => {
      const res = await placeOrder(a, UUID.aMain, {
        orderType: 2,
        lines: [kabsaLarge(), { kind: 'product', itemId: ids.item('juice'), quantity: 1 }],
        paymentMethod: 'cash',
      });
      expect(res.json().error.details).toEqual({ line: 1, itemId: ids.item('juice') });
    });

    it('refuses negative, zero, fractional and absurd quantities with 400 quantity_out_of_range', async () => {
      const before = await sideRows();
      for (const quantity of [-1, 0, 100, 1e9, 1.5]) {
        const res = await placeOrder(a, UUID.aMain, {
          orderType: 2,
          lines: [{ ...kabsaLarge(), quantity }],
          paymentMethod: 'cash',
        });
        expect(res.statusCode, String(quantity)).toBe(400);
        expect(res.json().error.fields).toEqual({ 'lines.0.quantity': 'The quantity must be between 1 and 99' });
      }
      expect(await sideRows()).toEqual(before);
    });

    it('answers in Arabic by default', async () => {
      const ar = caller(t, { language: 'ar' });
      for (const [k, v] of a.jar.cookies) ar.jar.cookies.set(k, v);
      const res = await placeOrder(ar, UUID.aMain, { orderType: 3, lines: [kabsaLarge()], paymentMethod: 'cash' });
      expect(res.json().error.message).toBe('يرجى اختيار عنوانك');
    });

    it('refuses a diner who is not signed in with the spec message (no verified number)', async () => {
      const before = await orderCount();
      const res = await placeOrder(caller(t), UUID.aMain, {
        orderType: 2,
        lines: [kabsaLarge()],
        paymentMethod: 'cash',
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({
        code: 'phone_not_verified',
        message: 'a number must be verified before an order is placed',
      });
      expect(await orderCount()).toBe(before);
    });

    it('refuses a customer of another brand (their session is not valid here)', async () => {
      const b = await diner(t, UUID.bMain, '0590000002');
      const res = await placeOrder(b, UUID.aMain, { orderType: 2, lines: [kabsaLarge()], paymentMethod: 'cash' });
      expect(res.statusCode).toBe(401);
    });

    it("refuses a signed-out or deleted diner's kept token and writes nothing (the session check rides on the write)", async () => {
      for (const [phone, leave] of [
        ['0590000061', 'POST /api/auth/'],
        ['0590000062', 'DELETE /api/customers/'],
      ] as const) {
        const d = await diner(t, UUID.aMain, phone);
        const kept = caller(t);
        for (const [k, v] of d.jar.cookies) kept.jar.cookies.set(k, v);
        const [method, prefix] = leave.split(' ') as ['POST' | 'DELETE', string];
        const path = method === 'POST' ? `${prefix}${UUID.aMain}/logout/` : `${prefix}${UUID.aMain}/me/`;
        expect((await d.call(method, path)).statusCode).toBe(204);
        const keysBefore = await countRows(t, 'idempotency_keys');
        const before = await orderCount();
        for (const paymentMethod of ['cash', 'card']) {
          const res = await placeOrder(kept, UUID.aMain, { orderType: 2, lines: [kabsaLarge()], paymentMethod });
          expect(res.statusCode, `${leave} ${paymentMethod}`).toBe(401);
          expect(res.json().error.code).toBe('session_expired');
        }
        // Refused for what it asks, too: the session is told first.
        const refused = await placeOrder(kept, UUID.aMain, {
          orderType: 3,
          lines: [kabsaLarge()],
          paymentMethod: 'cash',
        });
        expect(refused.json().error.code).toBe('session_expired');
        expect(await orderCount()).toBe(before);
        expect(await countRows(t, 'idempotency_keys')).toBe(keysBefore);
      }
    });

    it('treats an item of another brand as not found', async () => {
      const bIds = await menuIds(t, UUID.bMain);
      const res = await placeOrder(a, UUID.aMain, {
        orderType: 2,
        lines: [{ kind: 'product', itemId: bIds.item('shawarma'), quantity: 1 }],
        paymentMethod: 'cash',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('item_not_found');
    });

    it('refuses pickup at a branch of another brand as not found', async () => {
      const [b] = await t.database.query<{ id: number }>("select id from branches where name_en = 'Branch b-main'");
      const res = await placeOrder(a, UUID.aMain, {
        orderType: 2,
        branchId: b?.id,
        lines: [kabsaLarge()],
        paymentMethod: 'cash',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('branch_not_found');
    });

    it('refuses an order at a closed branch with "branch is closed now"', async () => {
      const [closed] = await t.database.query<{ id: number }>(
        "select id from branches where name_en = 'Branch a-closed'",
      );
      const res = await placeOrder(a, UUID.aMain, {
        orderType: 2,
        branchId: closed?.id,
        lines: [kabsaLarge()],
        paymentMethod: 'cash',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'branch_closed', message: 'branch is closed now' });
    });

    it('refuses an order type the branch does not offer', async () => {
      const [closed] = await t.database.query<{ id: number }>(
        "select id from branches where name_en = 'Branch a-closed'",
      );
      const res = await placeOrder(a, UUID.aMain, {
        orderType: 3,
        branchId: closed?.id,
        addressId: addressIn,
        lines: [kabsaLarge()],
        paymentMethod: 'cash',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('order_type_not_available');
    });

    it('refuses a dine-in order at a reserved table with "The table isn\'t available"', async () => {
      await t.database.query("update tables set status = 'reserved'");
      try {
        const res = await placeOrder(a, UUID.aTable, {
          orderType: 1,
          location: HERE,
          lines: [kabsaLarge()],
          paymentMethod: 'cash',
        });
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toEqual({ code: 'table_not_available', message: "The table isn't available" });
      } finally {
        await t.database.query("update tables set status = 'free'");
      }
    });

    it('refuses a stale cart after the menu changed (the item is no longer sold here)', async () => {
      await t.database.query('delete from branch_items where item_id = $1', [ids.item('water')]);
      await t.app.services.menu.invalidateMenu(t.seeded.get(brandA.slug)?.brandId ?? 0);
      const res = await placeOrder(a, UUID.aMain, {
        orderType: 2,
        lines: [{ ...meal() }],
        paymentMethod: 'cash',
      });
      // The meal's drink slot has nothing left to offer here (the juice is sold out), so the meal is unavailable.
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('item_not_available');
      const water = await placeOrder(a, UUID.aMain, {
        orderType: 2,
        lines: [{ kind: 'product', itemId: ids.item('water'), quantity: 1 }],
        paymentMethod: 'cash',
      });
      expect(water.json().error.code).toBe('item_not_available');
    });
  });

  describe('Idempotency-Key', () => {
    const body = () => ({ orderType: 2, lines: [kabsaLarge()], paymentMethod: 'cash' });

    it('is required: 400 without it, nothing written', async () => {
      const before = await orderCount();
      const res = await a.call('POST', `/api/orders/${UUID.aMain}/`, body());
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('idempotency_key_required');
      expect(await orderCount()).toBe(before);
    });

    it('answers a replay with the first response and writes no second order', async () => {
      const key = newKey();
      const first = await placeOrder(a, UUID.aMain, body(), key);
      const before = await orderCount();
      const again = await placeOrder(a, UUID.aMain, body(), key);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await orderCount()).toBe(before);
    });

    it('refuses the same key with another body with 422', async () => {
      const key = newKey();
      await placeOrder(a, UUID.aMain, body(), key);
      const before = await orderCount();
      const other = await placeOrder(a, UUID.aMain, { ...body(), notes: 'different' }, key);
      expect(other.statusCode).toBe(422);
      expect(other.json().error.code).toBe('idempotency_key_reused');
      expect(await orderCount()).toBe(before);
    });

    it('answers a replay with its first response even when the same request would be refused now', async () => {
      const key = newKey();
      const first = await placeOrder(a, UUID.aMain, body(), key);
      expect(first.statusCode).toBe(201);
      const setPickup = (on: boolean) => setBranchSwitch(t, UUID.aMain, 'pickup', on);
      await setPickup(false);
      try {
        const before = await orderCount();
        // The diner's retry of an order already placed gets that order, though pickup is off now …
        const again = await placeOrder(a, UUID.aMain, body(), key);
        expect(again.statusCode).toBe(201);
        expect(again.json()).toEqual(first.json());
        expect(again.headers['idempotent-replayed']).toBe('true');
        // … while a new order is refused, and another body under the used key is still 422.
        const fresh = await placeOrder(a, UUID.aMain, body());
        expect(fresh.json().error.code).toBe('order_type_not_available');
        const other = await placeOrder(a, UUID.aMain, { ...body(), notes: 'different' }, key);
        expect(other.statusCode).toBe(422);
        expect(other.json().error.code).toBe('idempotency_key_reused');
        expect(await orderCount()).toBe(before);
      } finally {
        await setPickup(true);
      }
    });

    it('writes no key on a refusal, so the same attempt can succeed later', async () => {
      const key = newKey();
      const keys = await countRows(t, 'idempotency_keys');
      const refused = await placeOrder(
        a,
        UUID.aMain,
        { orderType: 3, lines: [kabsaLarge()], paymentMethod: 'cash' },
        key,
      );
      expect(refused.statusCode).toBe(400);
      expect(await countRows(t, 'idempotency_keys')).toBe(keys);
      const fixed = await placeOrder(
        a,
        UUID.aMain,
        { orderType: 3, addressId: addressIn, lines: [kabsaLarge()], paymentMethod: 'cash' },
        key,
      );
      expect(fixed.statusCode).toBe(201);
    });

    it('keeps keys per customer: two customers may use the same key', async () => {
      const key = newKey();
      const other = await diner(t, UUID.aMain, '0590000003');
      expect((await placeOrder(a, UUID.aMain, body(), key)).statusCode).toBe(201);
      const second = await placeOrder(other, UUID.aMain, body(), key);
      expect(second.statusCode).toBe(201);
    });
  });

  describe('reading orders', () => {
    it('lists the customer own orders newest first, paginated', async () => {
      const page1 = orderListResponse.parse((await a.call('GET', `/api/orders/${UUID.aMain}/?pageSize=2`)).json());
      expect(page1.orders).toHaveLength(2);
      expect(page1.hasMore).toBe(true);
      expect((page1.orders[0]?.id ?? 0) > (page1.orders[1]?.id ?? 0)).toBe(true);
      const page2 = orderListResponse.parse(
        (await a.call('GET', `/api/orders/${UUID.aMain}/?pageSize=2&page=2`)).json(),
      );
      expect(page2.orders[0]?.id).toBeLessThan(page1.orders[1]?.id ?? 0);
    });

    it("answers another customer's order with 404, as if it did not exist", async () => {
      const mine = orderListResponse.parse((await a.call('GET', `/api/orders/${UUID.aMain}/`)).json()).orders[0];
      expect((await a.call('GET', `/api/orders/${UUID.aMain}/${mine?.id}/`)).statusCode).toBe(200);
      const other = await diner(t, UUID.aMain, '0590000004');
      const res = await other.call('GET', `/api/orders/${UUID.aMain}/${mine?.id}/`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('order_not_found');
      expect(orderListResponse.parse((await other.call('GET', `/api/orders/${UUID.aMain}/`)).json()).orders).toEqual(
        [],
      );
    });

    it('needs a signed-in customer', async () => {
      expect((await caller(t).call('GET', `/api/orders/${UUID.aMain}/`)).statusCode).toBe(401);
    });
  });

  describe('staff moving orders', () => {
    const staffCaller = async (who: { email: string; password: string }) => {
      const c = caller(t);
      const res = await c.call('POST', '/api/staff/auth/login/', who);
      expect(res.statusCode).toBe(200);
      return c;
    };
    const fresh = async (orderType: 1 | 2 | 3 = 2) =>
      orderSchema.parse(
        (
          await placeOrder(a, orderType === 1 ? UUID.aTable : UUID.aMain, {
            orderType,
            ...(orderType === 1 ? { location: HERE } : {}),
            ...(orderType === 3 ? { addressId: addressIn } : {}),
            lines: [kabsaLarge()],
            paymentMethod: 'cash',
          })
        ).json(),
      );
    const move = (c: Caller, id: number, to: string, reason?: string) =>
      c.call('PATCH', `/api/staff/orders/${id}/status/`, { to, ...(reason ? { reason } : {}) });

    it('moves a pickup order through the machine and writes an outbox row per move', async () => {
      const cashier = await staffCaller(STAFF.aCashier);
      const order = await fresh(2);
      for (const to of ['sent_to_kitchen', 'ready', 'delivered']) {
        const res = await move(cashier, order.id, to);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().status).toBe(to);
      }
      expect(await countRows(t, `order_outbox where order_id = ${order.id}`)).toBe(4);
      const seen = orderSchema.parse((await a.call('GET', `/api/orders/${UUID.aMain}/${order.id}/`)).json());
      expect(seen.status).toBe('delivered');
    });

    it('refuses a move the machine does not list with 409 and leaves the order as it was', async () => {
      const cashier = await staffCaller(STAFF.aCashier);
      const order = await fresh(2);
      for (const to of ['ready', 'en_route', 'assigned', 'pending']) {
        const res = await move(cashier, order.id, to);
        expect(res.statusCode, to).toBe(409);
        expect(res.json().error).toMatchObject({
          code: 'order_transition_not_allowed',
          message: "The order can't move to this status from its current one",
        });
      }
      // pickup: ready → assigned is for deliveries only
      await move(cashier, order.id, 'sent_to_kitchen');
      await move(cashier, order.id, 'ready');
      expect((await move(cashier, order.id, 'assigned')).statusCode).toBe(409);
      const delivery = await fresh(3);
      await move(cashier, delivery.id, 'sent_to_kitchen');
      await move(cashier, delivery.id, 'ready');
      expect((await move(cashier, delivery.id, 'assigned')).statusCode).toBe(200);
      expect((await move(cashier, delivery.id, 'delivered')).statusCode).toBe(409);
    });

    it('needs a reason to cancel, and keeps it', async () => {
      const cashier = await staffCaller(STAFF.aCashier);
      const order = await fresh(2);
      const bare = await move(cashier, order.id, 'canceled');
      expect(bare.statusCode).toBe(400);
      expect(bare.json().error.code).toBe('cancel_reason_required');
      const res = await move(cashier, order.id, 'canceled', 'Out of rice');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'canceled', cancelReason: 'Out of rice' });
      expect((await move(cashier, order.id, 'sent_to_kitchen')).statusCode).toBe(409);
    });

    it("lists the board of the staff user's branches, filtered by status", async () => {
      const cashier = await staffCaller(STAFF.aCashier);
      const order = await fresh(2);
      const board = staffOrderListResponse.parse(
        (await cashier.call('GET', '/api/staff/orders/?status=pending')).json(),
      );
      expect(board.orders.some((o) => o.id === order.id)).toBe(true);
      expect(board.orders.every((o) => o.status === 'pending')).toBe(true);
      expect(board.orders[0]?.customer?.phone).toBe('+966590000001');
    });

    it('keeps a cashier to their own branches, and another brand out', async () => {
      const cashier = await staffCaller(STAFF.aCashier);
      const [closed] = await t.database.query<{ id: number }>(
        "select id from branches where name_en = 'Branch a-closed'",
      );
      const res = await cashier.call('GET', `/api/staff/orders/?branchId=${closed?.id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('branch_out_of_scope');
      const order = await fresh(2);
      const otherBrand = await staffCaller(STAFF.bManager);
      const moved = await move(otherBrand, order.id, 'sent_to_kitchen');
      expect(moved.statusCode).toBe(404);
      expect(moved.json().error.code).toBe('order_not_found');
      const board = staffOrderListResponse.parse((await otherBrand.call('GET', '/api/staff/orders/')).json());
      expect(board.orders.some((o) => o.id === order.id)).toBe(false);
    });

    it('answers staff calls without a staff session with 401', async () => {
      expect((await caller(t).call('GET', '/api/staff/orders/')).statusCode).toBe(401);
      expect((await a.call('PATCH', '/api/staff/orders/1/status/', { to: 'ready' })).statusCode).toBe(401);
    });
  });
});

describe('placing an order against a pinned clock', () => {
  let t: TestApp;
  // Sunday 2025-01-05 05:00 in Riyadh: before a lunch-only branch opens.
  const now = new Date('2025-01-05T02:00:00Z');
  beforeAll(async () => {
    const lunchOnly = {
      ...brandA,
      branches: brandA.branches.map((b) => ({ ...b, openingHours: [{ day: 0, opens: '12:00', closes: '23:00' }] })),
    };
    t = await createTestApp({ brands: [lunchOnly], now: () => now });
  });
  afterAll(() => t.close());

  it('refuses before opening time and accepts once the branch is open', async () => {
    const ids = await menuIds(t, UUID.aMain);
    const a = await diner(t, UUID.aMain, '0590000010');
    const body = {
      orderType: 2,
      lines: [{ kind: 'product', itemId: ids.item('water'), quantity: 1 }],
      paymentMethod: 'cash',
    };
    const closed = await placeOrder(a, UUID.aMain, body);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('branch_closed');
    expect(await countRows(t, 'orders')).toBe(0);
    now.setTime(Date.parse('2025-01-05T10:00:00Z')); // 13:00 Riyadh
    // Eight hours later the first session has expired: sign in again.
    const later = await diner(t, UUID.aMain, '0590000011');
    const open = await placeOrder(later, UUID.aMain, body);
    expect(open.statusCode).toBe(201);
  });
});

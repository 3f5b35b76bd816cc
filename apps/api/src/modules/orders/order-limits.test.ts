import { ORDER_LIMITS } from '@sufra/shared/order-limits';
import { orderSchema } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, countRows } from '../../../test/accounts.ts';
import { UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** Issue 13, item 6: an order's size is bounded as a whole, not only line by line. */
describe('order size limits', () => {
  let t: TestApp;
  let ids: MenuIds;
  let en: Caller;
  let ar: Caller;
  const written = async () => ({
    orders: await countRows(t, 'orders'),
    lines: await countRows(t, 'order_lines'),
    outbox: await countRows(t, 'order_outbox'),
    keys: await countRows(t, 'idempotency_keys'),
  });
  const water = (quantity: number) => ({ kind: 'product' as const, itemId: ids.item('water'), quantity });
  const pickup = (lines: unknown[]) => ({ orderType: 2, lines, paymentMethod: 'cash' });
  /** Sets one item's menu price straight in the database and bumps the menu's version, as a menu edit does. */
  const setPrice = async (slug: string, priceHalalas: number) => {
    await t.database.query('update menu_items set price_halalas = $2 where slug = $1', [slug, priceHalalas]);
    await t.database.query(
      'update brands set menu_version = menu_version + 1 where id = (select brand_id from menu_items where slug = $1 limit 1)',
      [slug],
    );
  };

  beforeAll(async () => {
    t = await createTestApp();
    ids = await menuIds(t, UUID.aMain);
    en = await diner(t, UUID.aMain, '0590000101', 'en');
    ar = await diner(t, UUID.aMain, '0590000102', 'ar');
  });
  afterAll(() => t.close());

  it('refuses one item repeated over lines past 99 in all with a localized 422, writing nothing', async () => {
    const before = await written();
    // The attack: the per-line cap of 99 kept, the line repeated.
    const res = await placeOrder(en, UUID.aMain, pickup([water(99), water(99), water(1)]));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'order_item_quantity_limit',
      message: 'You can order at most 99 of one item in an order',
      details: { itemId: ids.item('water'), maxQuantityPerItem: ORDER_LIMITS.maxQuantityPerItem },
    });
    const inArabic = await placeOrder(ar, UUID.aMain, pickup([water(50), water(50)]));
    expect(inArabic.statusCode).toBe(422);
    expect(inArabic.json().error.message).toBe('لا يمكنك طلب أكثر من ٩٩ من الصنف الواحد في الطلب');
    expect(await written()).toEqual(before);
  });

  it('takes 99 of one item spread over lines', async () => {
    const res = await placeOrder(en, UUID.aMain, pickup([water(50), water(49)]));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses more lines than an order may have with a localized 422, writing nothing', async () => {
    const before = await written();
    const many = Array.from({ length: ORDER_LIMITS.maxLines + 1 }, () => water(1));
    const res = await placeOrder(en, UUID.aMain, pickup(many));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'order_too_many_lines',
      message: 'An order can have at most 50 lines. Combine repeated items or place a second order',
      details: { maxLines: ORDER_LIMITS.maxLines },
    });
    const inArabic = await placeOrder(ar, UUID.aMain, pickup(many));
    expect(inArabic.json().error.message).toBe(
      'لا يمكن أن يزيد الطلب على ٥٠ سطرًا. اجمع الأصناف المكررة أو قدّم طلبًا ثانيًا',
    );
    expect(await written()).toEqual(before);
  });

  describe('with an expensive item on the menu', () => {
    afterAll(async () => {
      await setPrice('kabsa', 3500);
      await setPrice('water', 300);
    });

    it('answers a total past 2^31 halalas with the 422, never a 500, writing nothing', async () => {
      // 1,000,000 SAR (the most one price may be) × 22 = 2.2 billion halalas, past an int column's 2,147,483,647.
      await setPrice('kabsa', 100_000_000);
      const before = await written();
      const line = {
        kind: 'product',
        itemId: ids.item('kabsa'),
        quantity: 22,
        modifiers: [ids.option('Size', 'Small')],
      };
      const res = await placeOrder(en, UUID.aMain, pickup([line]));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error).toMatchObject({
        code: 'order_total_too_large',
        message: 'An order can cost at most 50,000 SAR. Place a smaller order or contact the restaurant',
        details: { maxTotalHalalas: ORDER_LIMITS.maxTotalHalalas },
      });
      const inArabic = await placeOrder(ar, UUID.aMain, pickup([line]));
      expect(inArabic.json().error.message).toBe(
        'لا يمكن أن تزيد قيمة الطلب على ٥٠٬٠٠٠ ريال. قدّم طلبًا أصغر أو تواصل مع المطعم',
      );
      expect(await written()).toEqual(before);
    });

    it('refuses a total one halala over the limit and places one exactly at it', async () => {
      // The fixture brand's prices include VAT, so one unit's price is the order's total.
      await setPrice('water', ORDER_LIMITS.maxTotalHalalas + 1);
      const over = await placeOrder(en, UUID.aMain, pickup([water(1)]));
      expect(over.statusCode, over.body).toBe(422);
      expect(over.json().error.code).toBe('order_total_too_large');
      await setPrice('water', ORDER_LIMITS.maxTotalHalalas);
      const at = await placeOrder(en, UUID.aMain, pickup([water(1)]));
      expect(at.statusCode, at.body).toBe(201);
      expect(orderSchema.parse(at.json()).pricing.total).toBe(ORDER_LIMITS.maxTotalHalalas);
    });
  });

  it('keeps every money column that holds a sum in bigint, so no total can overflow it', async () => {
    const columns = await t.database.query<{ table_name: string; column_name: string; data_type: string }>(
      `select table_name, column_name, data_type from information_schema.columns
       where (table_name = 'orders' and column_name in ('subtotal', 'branch_taxes', 'modifiers_taxes', 'charge_amount',
         'charges_taxes', 'delivery_fee', 'taxes_price', 'total_discount', 'total', 'foodics_taxes', 'foodics_charges',
         'foodics_total'))
         or (table_name = 'order_lines' and column_name in ('unit_price_halalas', 'subtotal', 'tax', 'total'))
         or (table_name in ('payment_attempts', 'payment_refunds') and column_name = 'amount_halalas')`,
    );
    expect(columns).toHaveLength(18);
    expect(columns.filter((c) => c.data_type !== 'bigint')).toEqual([]);
  });
});

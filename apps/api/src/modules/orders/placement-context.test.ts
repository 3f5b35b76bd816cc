import { orderSchema, placeOrderBody } from '@sufra/shared/schemas/order';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Caller, countRows } from '../../../test/accounts.ts';
import { brandA, UUID } from '../../../test/fixture-brands.ts';
import { diner, type MenuIds, menuIds, newKey, placeOrder, setBranchSwitch } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { AppContext } from '../../app-context.ts';
import { checkoutOffers } from '../../checkout-extras.ts';
import { createOrderLifecycle } from '../../core/order-lifecycle.service.ts';
import { createQrService } from '../../core/qr-context.service.ts';
import { createOrdersService } from './orders.service.ts';

const HERE = { lat: 24.7136, lng: 46.6753 };

/**
 * Placement keeps each QR code's context between orders (core qr-context keptContext). Every change here is made in
 * the database directly, behind the server's back, as another instance or a manager's tool would: the first order
 * keeps the context, the change lands, and the next order must see it either way.
 */
describe('the QR context placement keeps between orders', () => {
  let t: TestApp;
  let ids: MenuIds;
  let a: Caller;
  let brandId: number;
  const version = async () => {
    const [row] = await t.database.query<{ version: number }>(
      'select coalesce((select version from brand_context_versions where brand_id = $1), 0) as version',
      [brandId],
    );
    return row?.version ?? 0;
  };
  const pickup = () => ({
    orderType: 2,
    lines: [{ kind: 'product', itemId: ids.item('water'), quantity: 1 }],
    paymentMethod: 'cash',
  });
  const dineIn = () => ({ ...pickup(), orderType: 1, location: HERE });

  beforeAll(async () => {
    t = await createTestApp();
    ids = await menuIds(t, UUID.aMain);
    a = await diner(t, UUID.aMain, '0590000101');
    brandId = t.seeded.get(brandA.slug)?.brandId ?? 0;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // Each test starts with the context kept: an order placed on it.
    expect((await placeOrder(a, UUID.aMain, pickup())).statusCode).toBe(201);
    expect((await placeOrder(a, UUID.aTable, dineIn())).statusCode).toBe(201);
  });

  it('refuses an order type switched off after it was kept, and takes orders again once it is back on', async () => {
    const before = await countRows(t, 'orders');
    await setBranchSwitch(t, UUID.aMain, 'pickup', false);
    try {
      const off = await placeOrder(a, UUID.aMain, pickup());
      expect(off.statusCode).toBe(409);
      expect(off.json().error.code).toBe('order_type_not_available');
      expect(await countRows(t, 'orders')).toBe(before);
    } finally {
      await setBranchSwitch(t, UUID.aMain, 'pickup', true);
    }
    // The context kept now says "off": its refusal is checked on a fresh read, which lets the order through.
    expect((await placeOrder(a, UUID.aMain, pickup())).statusCode).toBe(201);
  });

  it('refuses a table reserved after it was kept, and takes it once it is free', async () => {
    await t.database.query(
      "update tables set status = 'reserved' where id = (select table_id from qr_codes where uuid = $1)",
      [UUID.aTable],
    );
    try {
      const res = await placeOrder(a, UUID.aTable, dineIn());
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('table_not_available');
    } finally {
      await t.database.query(
        "update tables set status = 'free' where id = (select table_id from qr_codes where uuid = $1)",
        [UUID.aTable],
      );
    }
    expect((await placeOrder(a, UUID.aTable, dineIn())).statusCode).toBe(201);
  });

  it('answers 410 for a QR code deactivated after it was kept', async () => {
    await t.database.query('update qr_codes set active = false where uuid = $1', [UUID.aTable]);
    try {
      const res = await placeOrder(a, UUID.aTable, dineIn());
      expect(res.statusCode).toBe(410);
      expect(res.json().error.code).toBe('qr_inactive');
    } finally {
      await t.database.query('update qr_codes set active = true where uuid = $1', [UUID.aTable]);
    }
    expect((await placeOrder(a, UUID.aTable, dineIn())).statusCode).toBe(201);
  });

  it('refuses ordering switched off brand-wide after it was kept', async () => {
    await t.database.query(
      "insert into service_switches (brand_id, branch_id, service, is_active) values ($1, null, 'ordering', false)",
      [brandId],
    );
    try {
      const res = await placeOrder(a, UUID.aMain, pickup());
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('service_deactivated');
    } finally {
      await t.database.query("delete from service_switches where brand_id = $1 and service = 'ordering'", [brandId]);
    }
    expect((await placeOrder(a, UUID.aMain, pickup())).statusCode).toBe(201);
  });

  it('refuses cash for pickup once the branch stops taking it after it was kept', async () => {
    const where = "method = 'cash' and branch_id = (select branch_id from qr_codes where uuid = $1)";
    await t.database.query(`update payment_choices set order_types = array_remove(order_types, 2) where ${where}`, [
      UUID.aMain,
    ]);
    try {
      const res = await placeOrder(a, UUID.aMain, pickup());
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('payment_method_not_available');
    } finally {
      await t.database.query(`update payment_choices set order_types = order_types || 2 where ${where}`, [UUID.aMain]);
    }
    expect((await placeOrder(a, UUID.aMain, pickup())).statusCode).toBe(201);
  });

  it('prices with the menu of the brand as it is now, not as it was when the context was kept', async () => {
    const first = orderSchema.parse((await placeOrder(a, UUID.aMain, pickup())).json());
    const price = first.lines[0]?.unitPriceHalalas ?? 0;
    // A menu write bumps the brand's menu version (menu.repo), which changes the brand row.
    await t.database.query('update menu_items set price_halalas = price_halalas + 100 where id = $1', [
      ids.item('water'),
    ]);
    await t.database.query('update brands set menu_version = menu_version + 1 where id = $1', [brandId]);
    try {
      const later = orderSchema.parse((await placeOrder(a, UUID.aMain, pickup())).json());
      expect(later.lines[0]?.unitPriceHalalas).toBe(price + 100);
    } finally {
      await t.database.query('update menu_items set price_halalas = price_halalas - 100 where id = $1', [
        ids.item('water'),
      ]);
      await t.database.query('update brands set menu_version = menu_version + 1 where id = $1', [brandId]);
    }
  });

  it('answers 503 settings_changing, writing nothing, when every fresh read is stale by its write', async () => {
    // The services themselves, so each read can be made to come back one version behind the brand, as if a change
    // landed between every read and its write.
    const ctx: AppContext = { db: t.db, databaseKind: t.database.kind, config: t.config, now: () => new Date() };
    const orders = createOrdersService(ctx, {
      lifecycle: createOrderLifecycle(),
      menu: t.app.services.menu,
      offers: checkoutOffers(),
      payments: {
        beginAttempt: refusePayments,
        providerName: 'test',
        redirectForReplay: refusePayments,
        owePaidOrderRefund: refusePayments,
        onRefundQueued: refusePayments,
      },
    });
    const fresh = await createQrService(ctx).resolveUsableQr(UUID.aMain);
    const behind = { ...fresh, contextVersion: fresh.contextVersion - 1 };
    let reads = 0;
    const reread = async () => {
      reads++;
      return behind;
    };
    const [session] = await t.database.query<{ family_id: string; subject_id: number }>(
      `select s.family_id, s.subject_id from auth_sessions s join customers c on c.id = s.subject_id
       where s.subject_kind = 'customer' and c.brand_id = $1 and s.revoked_at is null and s.expires_at > now()
       order by s.created_at desc limit 1`,
      [brandId],
    );
    if (!session) throw new Error('no live session');
    const customer = {
      id: session.subject_id,
      brandId,
      familyId: session.family_id,
      accessExpiresAt: Date.now() + 60_000,
    };
    const before = await countRows(t, 'orders');
    await expect(
      orders.placeOrder(
        { row: behind, cached: false, reread },
        { customer, check: { familyId: session.family_id, customerId: session.subject_id, brandId } },
        newKey(),
        placeOrderBody.parse(pickup()),
      ),
    ).rejects.toMatchObject({ code: 'settings_changing', status: 503 });
    expect(reads).toBe(3);
    expect(await countRows(t, 'orders')).toBe(before);
  });

  it("bumps the brand's context version on a committed change to each table the context reads, not on a rollback", async () => {
    const branch = `(select branch_id from qr_codes where uuid = '${UUID.aMain}')`;
    const changes = [
      `update brands set name_en = name_en where id = ${brandId}`,
      `update branches set name_en = name_en where id = ${branch}`,
      `update qr_codes set active = active where uuid = '${UUID.aMain}'`,
      `update tables set status = status where branch_id = ${branch}`,
      `update payment_choices set sort = sort where branch_id = ${branch}`,
      `insert into service_switches (brand_id, branch_id, service, is_active) values (${brandId}, ${branch}, 'delivery', true)`,
      `delete from service_switches where brand_id = ${brandId} and branch_id = ${branch} and service = 'delivery'`,
    ];
    for (const change of changes) {
      const before = await version();
      await t.database.query(change);
      expect(await version(), change).toBeGreaterThan(before);
    }
    const before = await version();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`update branches set name_en = name_en where id = ${branch}`));
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await version()).toBe(before);
  });
});

function refusePayments(): never {
  throw new Error('a cash order asks nothing of payments');
}

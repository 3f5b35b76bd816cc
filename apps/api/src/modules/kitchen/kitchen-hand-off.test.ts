import { orderSchema } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENTUALLY } from '../../../test/eventually.ts';
import { UUID } from '../../../test/fixture-brands.ts';
import { diner, menuIds, placeOrder } from '../../../test/orders.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { LIVE_CHANNEL, type LiveNotice, parseLiveNotice } from '../../core/live-notices.repo.ts';
import { handToKitchen } from './kitchen-hand-off.repo.ts';

/**
 * What handing an order to the kitchen writes exists once (kitchen-hand-off.repo handOffSql): in the placement
 * statement for an order handed over at placement, and in the payment's transaction for a card order once paid.
 * Both must write the same outbox row and send the same notice.
 */
describe("the kitchen's hand-off, one write at placement and after a payment", () => {
  let t: TestApp;
  const notices: Extract<LiveNotice, { orderId: number }>[] = [];
  let stopListening: () => Promise<void>;
  beforeAll(async () => {
    t = await createTestApp({ env: { KITCHEN_RELAY_INTERVAL_MS: '0' } });
    stopListening = await t.database.listen(LIVE_CHANNEL, (payload) => {
      const notice = parseLiveNotice(payload);
      if (notice?.kind === 'order_placed') notices.push(notice);
    });
  });
  afterAll(async () => {
    await stopListening();
    await t.close();
  });

  it('writes the same outbox row and notice for a cash order placed and an order handed over later', async () => {
    const water = (await menuIds(t, UUID.aMain)).item('water');
    const c = await diner(t, UUID.aMain, '0594000077');
    const body = { orderType: 2, paymentMethod: 'cash', lines: [{ kind: 'product', itemId: water, quantity: 1 }] };
    const placed = orderSchema.parse((await placeOrder(c, UUID.aMain, body)).json());
    const [row] = await t.database.query<{ brand_id: number; branch_id: number; customer_id: number }>(
      'select brand_id, branch_id, customer_id from orders where id = $1',
      [placed.id],
    );
    if (!row) throw new Error('no order');
    // The same order handed over again the payment's way (a second row, as a paid card order's would be).
    await t.db.transaction((tx) =>
      handToKitchen(tx, {
        id: placed.id,
        brandId: row.brand_id,
        branchId: row.branch_id,
        customerId: row.customer_id,
        number: placed.number,
      }),
    );
    const outbox = await t.database.query<{ event: string; payload: unknown }>(
      'select event, payload from order_outbox where order_id = $1 order by id',
      [placed.id],
    );
    expect(outbox).toHaveLength(2);
    expect(outbox[1]).toEqual(outbox[0]);
    expect(outbox[0]).toEqual({
      event: 'order_placed',
      payload: { orderId: placed.id, brandId: row.brand_id, branchId: row.branch_id, number: placed.number },
    });
    await vi.waitFor(() => expect(notices.filter((n) => n.orderId === placed.id)).toHaveLength(2), EVENTUALLY);
    const [first, second] = notices.filter((n) => n.orderId === placed.id);
    expect(second).toEqual(first);
    expect(first).toEqual({
      kind: 'order_placed',
      orderId: placed.id,
      brandId: row.brand_id,
      branchId: row.branch_id,
      customerId: row.customer_id,
    });
  });
});

import { priceCart } from '@sufra/shared/pricing/price-cart';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createOrderLifecycle, type OrderLifecycle } from '../../core/order-lifecycle.service.ts';
import { reachedStatusSql } from '../../core/order-rows.repo.ts';
import { subscribeOrderReactions } from '../../order-reactions.ts';
import type { Queryable } from '../client.ts';
import { brands } from '../schema/brands.ts';
import { customers } from '../schema/customers.ts';
import { menuItems } from '../schema/menu.ts';
import { branchOrderCounters, orderLines, orders } from '../schema/orders.ts';
import type { SeedBrand, SeedSampleOrder } from './seed-types.ts';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The lifecycle with the app's own reactions (loyalty's earn, punch cards, referral), made once for the seed. */
let lifecycle: OrderLifecycle | undefined;
function seedLifecycle(): OrderLifecycle {
  if (!lifecycle) {
    lifecycle = createOrderLifecycle();
    subscribeOrderReactions(lifecycle);
  }
  return lifecycle;
}

/**
 * The demo diners' past orders (issue 24 item 8): each written as placed (priced by the shared pricing function),
 * then moved on and completed, paid in cash, raising the lifecycle's moments with the app's reactions in the seed's
 * transaction. So the points they earned, the punch card's punches and the referral's conversion with both bonuses
 * are the rows those reactions write, never a figure typed into the seed.
 */
export async function seedSampleOrders(
  tx: Queryable,
  brandId: number,
  branchIds: Map<string, number>,
  data: SeedBrand,
  now = new Date(),
): Promise<void> {
  const list = [...(data.sampleOrders ?? [])].sort((a, b) => b.daysAgo - a.daysAgo);
  if (list.length === 0) return;
  const [brand] = await tx
    .select({ taxMode: brands.taxMode, vat: brands.vatRateBp })
    .from(brands)
    .where(eq(brands.id, brandId));
  if (!brand) throw new Error(`seed ${data.slug}: brand missing`);
  const slugs = [...new Set(list.flatMap((o) => o.lines.map((l) => l.item)))];
  const items = await tx
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.brandId, brandId), inArray(menuItems.slug, slugs)));
  const bySlug = new Map(items.map((i) => [i.slug, i]));
  for (const sample of list) {
    await placeAndComplete(tx, { brandId, branchIds, data, sample, bySlug, brand, now });
  }
}

async function placeAndComplete(
  tx: Queryable,
  input: {
    brandId: number;
    branchIds: Map<string, number>;
    data: SeedBrand;
    sample: SeedSampleOrder;
    bySlug: Map<string, typeof menuItems.$inferSelect>;
    brand: { taxMode: string; vat: number };
    now: Date;
  },
): Promise<void> {
  const { brandId, branchIds, data, sample, bySlug, brand, now } = input;
  const branchId = branchIds.get(sample.branch);
  if (branchId === undefined) throw new Error(`seed ${data.slug}: unknown branch "${sample.branch}"`);
  const placedAt = new Date(now.getTime() - sample.daysAgo * DAY_MS);
  await tx.insert(customers).values({ brandId, phone: sample.phone, fullName: sample.fullName }).onConflictDoNothing();
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.brandId, brandId), eq(customers.phone, sample.phone)));
  if (!customer) throw new Error(`seed ${data.slug}: customer ${sample.phone} missing`);
  const lines = sample.lines.map((l) => {
    const item = bySlug.get(l.item);
    if (!item) throw new Error(`seed ${data.slug}: unknown sample order item "${l.item}"`);
    return { item, quantity: l.quantity };
  });
  const taxMode = brand.taxMode === 'exclusive' ? 'exclusive' : 'inclusive';
  const pricing = priceCart({
    taxMode,
    vatRateBasisPoints: brand.vat,
    lines: lines.map(({ item, quantity }) => ({
      kind: 'product' as const,
      unitPriceHalalas: item.priceHalalas,
      taxRateBasisPoints: item.taxRateBp,
      modifiers: [],
      quantity,
    })),
  });
  const [counter] = await tx
    .insert(branchOrderCounters)
    .values({ branchId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: branchOrderCounters.branchId,
      set: { lastNumber: sql`${branchOrderCounters.lastNumber} + 1` },
    })
    .returning({ number: branchOrderCounters.lastNumber });
  if (!counter) throw new Error('order counter returned nothing');
  const [placed] = await tx
    .insert(orders)
    .values({
      brandId,
      branchId,
      customerId: customer.id,
      number: counter.number,
      orderType: 2,
      status: 'pending',
      paymentMethod: 'cash',
      paymentStatus: 'unpaid',
      taxMode,
      subtotal: pricing.subtotal,
      branchTaxes: pricing.branchTaxes,
      modifiersTaxes: pricing.modifiersTaxes,
      chargeAmount: pricing.chargeAmount,
      chargesTaxes: pricing.chargesTaxes,
      deliveryFee: pricing.deliveryFee,
      taxesPrice: pricing.taxesPrice,
      totalDiscount: pricing.totalDiscount,
      total: pricing.total,
      foodicsTaxes: pricing.foodicsTaxes,
      foodicsCharges: pricing.foodicsCharges,
      foodicsTotal: pricing.foodicsTotal,
      createdAt: placedAt,
      updatedAt: placedAt,
    })
    .returning();
  if (!placed) throw new Error('order insert returned nothing');
  await tx.insert(orderLines).values(
    lines.map(({ item, quantity }, position) => {
      const priced = pricing.lines[position];
      return {
        orderId: placed.id,
        position,
        kind: 'product',
        itemId: item.id,
        nameAr: item.nameAr,
        nameEn: item.nameEn,
        quantity,
        unitPriceHalalas: item.priceHalalas,
        subtotal: priced?.subtotal ?? 0,
        tax: priced?.tax ?? 0,
        total: priced?.total ?? 0,
        modifiers: [],
        slots: [],
      };
    }),
  );
  const moments = seedLifecycle();
  // Staff moved it on (the board's first move): a referred friend's lead becomes Active here.
  const underWayAt = new Date(placedAt.getTime() + 2 * MINUTE_MS);
  const underWay = await moveTo(tx, placed.id, 'sent_to_kitchen', underWayAt, false);
  await moments.raise(tx, {
    moment: 'status_changed',
    order: underWay,
    from: 'pending',
    to: 'sent_to_kitchen',
    at: underWayAt,
  });
  // Handed over and paid at the counter: completed, which earns, punches and converts a referral.
  const doneAt = new Date(placedAt.getTime() + 20 * MINUTE_MS);
  const done = await moveTo(tx, placed.id, 'delivered', doneAt, true);
  for (const moment of ['status_changed', 'completed'] as const) {
    await moments.raise(tx, { moment, order: done, from: 'sent_to_kitchen', to: 'delivered', at: doneAt });
  }
}

async function moveTo(tx: Queryable, orderId: number, status: string, at: Date, paid: boolean) {
  const [row] = await tx
    .update(orders)
    .set({
      status,
      updatedAt: at,
      statusTimes: reachedStatusSql(status, at),
      ...(paid ? { paymentStatus: 'paid', cashReceivedAt: at } : {}),
    })
    .where(eq(orders.id, orderId))
    .returning();
  if (!row) throw new Error(`sample order ${orderId} missing`);
  return row;
}

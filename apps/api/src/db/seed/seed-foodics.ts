import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';

/** The demo's Foodics business (the fake's default, `npm run fake:foodics`). */
export const DEMO_FOODICS = {
  businessReference: 100001,
  /** The demo's webhook path: /api/foodics/webhooks/<this>. Published: a demo value only. */
  webhookSecret: 'demo-foodics-webhook-secret-2026-sufra-kitchen',
  /** Every Foodics id the demo maps starts so; the demo fake knows them all. */
  idPrefix: 'demo-',
} as const;

/**
 * The demo brand's integrated branches connected to Foodics (issue 28 item 1): the connection, and a Foodics id for
 * every branch, table, item, modifier option, combo and combo choice, the delivery charge and VAT. Real ids come from
 * the menu import (not built yet): these are `demo-…` ids the demo fake accepts. Once, when absent.
 */
export async function seedDemoFoodicsIfAbsent(db: Database, slug: string): Promise<void> {
  const p = sql`${DEMO_FOODICS.idPrefix}::text`;
  await db.transaction(async (tx) => {
    const inserted = await tx.execute(sql`
      insert into foodics_connections (brand_id, business_reference, webhook_secret)
      select id, ${DEMO_FOODICS.businessReference}, ${DEMO_FOODICS.webhookSecret} from brands where slug = ${slug}
      on conflict do nothing
      returning brand_id`);
    const brandId = (inserted as unknown as { rows: { brand_id: number }[] }).rows[0]?.brand_id;
    if (brandId === undefined) return;
    await tx.execute(sql`
      insert into foodics_ids (brand_id, kind, local_key, foodics_id)
      select ${brandId}::int, 'branch', b.id::text, ${p} || 'branch-' || b.id from branches b
        where b.brand_id = ${brandId} and b.integrated
      union all
      select ${brandId}::int, 'table', t.id::text, ${p} || 'table-' || t.id from tables t
        join branches b on b.id = t.branch_id where b.brand_id = ${brandId} and b.integrated
      union all
      select ${brandId}::int, 'product', i.id::text, ${p} || 'product-' || i.slug from menu_items i
        where i.brand_id = ${brandId} and not i.is_combo
      union all
      select ${brandId}::int, 'combo_size', i.id::text, ${p} || 'combo-' || i.slug from menu_items i
        where i.brand_id = ${brandId} and i.is_combo
      union all
      select ${brandId}::int, 'modifier_option', o.id::text, ${p} || 'option-' || o.id from modifier_options o
        join modifier_groups g on g.id = o.group_id where g.brand_id = ${brandId}
      union all
      select ${brandId}::int, 'combo_option', c.slot_id || ':' || c.item_id, ${p} || 'combo-option-' || c.slot_id || '-' || c.item_id
        from combo_slot_choices c join combo_slots s on s.id = c.slot_id join menu_items i on i.id = s.combo_item_id
        where i.brand_id = ${brandId}
      union all
      select ${brandId}::int, 'delivery_charge', 'delivery', ${p} || 'charge-delivery'
      union all
      select ${brandId}::int, 'tax', 'vat', ${p} || 'tax-vat'`);
  });
}

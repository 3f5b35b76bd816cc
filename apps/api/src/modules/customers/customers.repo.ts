import { and, asc, count, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { customerAddresses, customerFavourites, customers } from '../../db/schema/customers.ts';
import { menuItems } from '../../db/schema/menu.ts';

export type AddressRow = typeof customerAddresses.$inferSelect;
export type AddressInsert = typeof customerAddresses.$inferInsert;

export async function deleteCustomer(db: Queryable, id: number, brandId: number): Promise<boolean> {
  const rows = await db
    .delete(customers)
    .where(and(eq(customers.id, id), eq(customers.brandId, brandId)))
    .returning({ id: customers.id });
  return rows.length === 1;
}

export async function listAddresses(db: Queryable, customerId: number): Promise<AddressRow[]> {
  return db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(customerAddresses.id);
}

export async function countAddresses(db: Queryable, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId));
  return row?.n ?? 0;
}

export async function insertAddress(db: Queryable, row: AddressInsert): Promise<AddressRow> {
  const [created] = await db.insert(customerAddresses).values(row).returning();
  if (!created) throw new Error('address insert returned nothing');
  return created;
}

/** Updates the address only when it belongs to this customer (anyone else's id finds nothing). */
export async function updateAddress(
  db: Queryable,
  id: number,
  customerId: number,
  values: Partial<AddressInsert>,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .update(customerAddresses)
    .set(values)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, customerId)))
    .returning();
  return row;
}

export async function deleteAddress(db: Queryable, id: number, customerId: number): Promise<boolean> {
  const rows = await db
    .delete(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, customerId)))
    .returning({ id: customerAddresses.id });
  return rows.length === 1;
}

export async function listFavouriteItemIds(db: Queryable, customerId: number): Promise<number[]> {
  const rows = await db
    .select({ itemId: customerFavourites.menuItemId })
    .from(customerFavourites)
    .where(eq(customerFavourites.customerId, customerId))
    .orderBy(asc(customerFavourites.createdAt), asc(customerFavourites.menuItemId));
  return rows.map((r) => r.itemId);
}

export async function countFavourites(db: Queryable, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(customerFavourites)
    .where(eq(customerFavourites.customerId, customerId));
  return row?.n ?? 0;
}

/** Whether the dish is on this brand's menu (another brand's item id is as good as a missing one). */
export async function brandHasItem(db: Queryable, brandId: number, itemId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(and(eq(menuItems.id, itemId), eq(menuItems.brandId, brandId)));
  return row !== undefined;
}

/** Adds the favourite; true when it was new (already there: nothing changes). */
export async function insertFavourite(
  db: Queryable,
  customerId: number,
  itemId: number,
  createdAt: Date,
): Promise<boolean> {
  const rows = await db
    .insert(customerFavourites)
    .values({ customerId, menuItemId: itemId, createdAt })
    .onConflictDoNothing()
    .returning({ itemId: customerFavourites.menuItemId });
  return rows.length === 1;
}

export async function deleteFavourite(db: Queryable, customerId: number, itemId: number): Promise<void> {
  await db
    .delete(customerFavourites)
    .where(and(eq(customerFavourites.customerId, customerId), eq(customerFavourites.menuItemId, itemId)));
}

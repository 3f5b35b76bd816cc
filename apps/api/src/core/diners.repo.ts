import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { customers } from '../db/schema/customers.ts';

/**
 * The diner's record (one per phone per brand): what sign-in, sessions and the modules that credit a diner read
 * and write. The diner's own data (addresses, favourites) stays in the customers module.
 */
export type CustomerRow = typeof customers.$inferSelect;
export type CustomerInsert = typeof customers.$inferInsert;
export async function findCustomer(db: Queryable, id: number, brandId: number): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.brandId, brandId)));
  return row;
}

export async function findCustomerByPhone(
  db: Queryable,
  brandId: number,
  phone: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.brandId, brandId), eq(customers.phone, phone)));
  return row;
}

/** Inserts unless (brand, phone) exists already (a concurrent registration): then undefined. */
export async function insertCustomer(db: Queryable, row: CustomerInsert): Promise<CustomerRow | undefined> {
  const [created] = await db
    .insert(customers)
    .values(row)
    .onConflictDoNothing({ target: [customers.brandId, customers.phone] })
    .returning();
  return created;
}

export async function updateCustomer(
  db: Queryable,
  id: number,
  brandId: number,
  values: Partial<CustomerInsert>,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(customers)
    .set(values)
    .where(and(eq(customers.id, id), eq(customers.brandId, brandId)))
    .returning();
  return row;
}

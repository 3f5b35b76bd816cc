import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { brands } from '../../db/schema/brands.ts';
import { customers } from '../../db/schema/customers.ts';
import { smsOutbox, smsTemplates } from '../../db/schema/sms.ts';

export type SmsTemplateRow = typeof smsTemplates.$inferSelect;

/** Who a diner text goes to: phone, language, opt-out (null when the customer is not the brand's). */
export async function findDinerForSms(db: Queryable, customerId: number, brandId: number) {
  const [row] = await db
    .select({ phone: customers.phone, language: customers.language, smsOptOut: customers.smsOptOut })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.brandId, brandId)));
  return row ?? null;
}

export async function findBrandAndBranchNames(db: Queryable, brandId: number, branchId: number) {
  const [row] = await db
    .select({ brandAr: brands.nameAr, brandEn: brands.nameEn, branchAr: branches.nameAr, branchEn: branches.nameEn })
    .from(brands)
    .leftJoin(branches, and(eq(branches.id, branchId), eq(branches.brandId, brands.id)))
    .where(eq(brands.id, brandId));
  return row ?? null;
}

export async function findTemplate(db: Queryable, brandId: number, kind: string) {
  const [row] = await db
    .select()
    .from(smsTemplates)
    .where(and(eq(smsTemplates.brandId, brandId), eq(smsTemplates.kind, kind)));
  return row ?? null;
}

export async function listTemplates(db: Queryable, brandId: number) {
  return db.select().from(smsTemplates).where(eq(smsTemplates.brandId, brandId));
}

/** Locks the brand's template of a kind for a versioned save (null: none saved yet). */
export async function lockTemplate(db: Queryable, brandId: number, kind: string) {
  const [row] = await db
    .select()
    .from(smsTemplates)
    .where(and(eq(smsTemplates.brandId, brandId), eq(smsTemplates.kind, kind)))
    .for('update');
  return row ?? null;
}

/** Writes the first saved version (1) or the next; false when another save made it first (the stale check). */
export async function saveTemplate(
  db: Queryable,
  row: { brandId: number; kind: string; bodyAr: string; bodyEn: string; version: number; at: Date },
): Promise<boolean> {
  const written = await db
    .insert(smsTemplates)
    .values({
      brandId: row.brandId,
      kind: row.kind,
      bodyAr: row.bodyAr,
      bodyEn: row.bodyEn,
      version: row.version + 1,
      updatedAt: row.at,
    })
    .onConflictDoUpdate({
      target: [smsTemplates.brandId, smsTemplates.kind],
      set: { bodyAr: row.bodyAr, bodyEn: row.bodyEn, version: row.version + 1, updatedAt: row.at },
      setWhere: eq(smsTemplates.version, row.version),
    })
    .returning({ version: smsTemplates.version });
  return written.length === 1;
}

/** A diner text, once per dedupe key (a repeated fact writes nothing); true when this call wrote it. */
export async function insertDinerSms(
  db: Queryable,
  row: { brandId: number; toPhone: string; body: string; kind: string; dedupeKey: string; now: Date },
): Promise<boolean> {
  const written = await db
    .insert(smsOutbox)
    .values({
      brandId: row.brandId,
      toPhone: row.toPhone,
      body: row.body,
      kind: row.kind,
      dedupeKey: row.dedupeKey,
      nextAttemptAt: row.now,
      createdAt: row.now,
    })
    .onConflictDoNothing({
      target: [smsOutbox.brandId, smsOutbox.dedupeKey],
      where: sql`${smsOutbox.dedupeKey} is not null`,
    })
    .returning({ id: smsOutbox.id });
  return written.length === 1;
}

export async function setSmsOptOut(db: Queryable, customerId: number, brandId: number, optOut: boolean, at: Date) {
  const rows = await db
    .update(customers)
    .set({ smsOptOut: optOut, updatedAt: at })
    .where(and(eq(customers.id, customerId), eq(customers.brandId, brandId)))
    .returning({ smsOptOut: customers.smsOptOut });
  return rows[0] ?? null;
}

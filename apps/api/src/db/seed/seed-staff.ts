import { eq } from 'drizzle-orm';
import { hashPassword } from '../../modules/staff/password.service.ts';
import type { Database, Queryable } from '../client.ts';
import { branches } from '../schema/branches.ts';
import { brands } from '../schema/brands.ts';
import { staffUserBranches, staffUsers } from '../schema/staff.ts';
import { need } from './seed-inserts.ts';
import type { SeedBrand } from './seed-types.ts';

/** The brand's seed staff users with their branch links (passwords hashed here). */
export async function seedStaff(db: Queryable, brandId: number, branchIds: Map<string, number>, data: SeedBrand) {
  for (const person of data.staff ?? []) {
    const [user] = await db
      .insert(staffUsers)
      .values({
        brandId,
        email: person.email.toLowerCase(),
        name: person.name,
        role: person.role,
        passwordHash: await hashPassword(person.password),
      })
      .returning({ id: staffUsers.id });
    if (!user) throw new Error('staff insert returned nothing');
    if (person.branches.length > 0) {
      await db
        .insert(staffUserBranches)
        .values(
          person.branches.map((key) => ({ staffUserId: user.id, branchId: need(branchIds, key, 'branch', data.slug) })),
        );
    }
  }
}

/**
 * A database seeded before staff existed (issue 3) gets the brand's seed staff once, when it has none;
 * branches are matched by their English name (seed keys are not stored).
 */
export async function seedStaffIfAbsent(db: Database, data: SeedBrand): Promise<void> {
  if (!data.staff?.length) return;
  await db.transaction(async (tx) => {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.slug, data.slug));
    if (!brand) return;
    const [existing] = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.brandId, brand.id))
      .limit(1);
    if (existing) return;
    const rows = await tx
      .select({ id: branches.id, nameEn: branches.nameEn })
      .from(branches)
      .where(eq(branches.brandId, brand.id));
    const branchIds = new Map<string, number>();
    for (const b of data.branches) {
      const row = rows.find((r) => r.nameEn === b.name.en);
      if (row) branchIds.set(b.key, row.id);
    }
    await seedStaff(tx, brand.id, branchIds, data);
  });
}

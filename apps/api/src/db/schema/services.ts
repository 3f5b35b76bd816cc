import { SERVICES } from '@sufra/shared/services';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { brands } from './brands.ts';

/**
 * Management's service switches. A missing row means "on". `branchId` null = the whole brand.
 * A service is on for a branch when neither the brand row nor the branch row switches it off.
 */
export const serviceSwitches = pgTable(
  'service_switches',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    branchId: integer().references(() => branches.id, { onDelete: 'cascade' }),
    service: text().notNull(),
    isActive: boolean().notNull(),
  },
  (t) => [
    unique('service_switches_scope_uq').on(t.brandId, t.branchId, t.service).nullsNotDistinct(),
    index('service_switches_branch_idx').on(t.branchId),
    check('service_switches_service_check', sql.raw(`"service" in (${SERVICES.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

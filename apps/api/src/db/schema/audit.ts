import { AUDIT_ACTIONS } from '@sufra/shared/audit';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { brands } from './brands.ts';
import { staffUsers } from './staff.ts';

/**
 * The audit log (DESIGN §8: "an append-only audit log of every write"): one row per staff change, written by the
 * change's own transaction, so a change that fails leaves none and a row never names a change that did not happen.
 * The app has no update or delete of it (modules/audit holds the one insert). Generic on purpose: the management
 * console records every write here, each object by its type and id with its fields before and after.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** The branch the change is about, when it is one branch's (filters a branch's history); null: brand-wide. */
    branchId: integer().references(() => branches.id, { onDelete: 'set null' }),
    /** Who: kept as an id (the row outlives the user, without the link). */
    staffUserId: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
    at: timestamp({ withTimezone: true }).notNull(),
    /** From which address (the request's client address, as the trusted proxies report it). */
    ip: text(),
    /** What: a type ('service_switch', 'branch', later 'menu_item', 'coupon' …) and its id in that type. */
    objectType: text().notNull(),
    objectId: text().notNull(),
    action: text().notNull(),
    /** The object's fields the change touched, before and after (null before a create, after a delete). */
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_object_idx').on(t.brandId, t.objectType, t.objectId, t.at),
    index('audit_log_brand_at_idx').on(t.brandId, t.at),
    check('audit_log_action_check', sql.raw(`"action" in (${AUDIT_ACTIONS.map((a) => `'${a}'`).join(', ')})`)),
    check(
      'audit_log_object_check',
      sql`length(${t.objectType}) between 1 and 60 and length(${t.objectId}) between 1 and 200`,
    ),
  ],
);

/*
 * Custom migration 0033_audit_log_append_only (regenerate with `drizzle-kit generate --custom` if migrations are
 * regenerated):
 *
 * -- The audit log is append-only (issue 26 item 10): no UPDATE or DELETE of a row, whoever tries (the app, a script,
 * -- psql). Only what the foreign keys themselves do is let through: a brand's deletion takes its rows with it (the
 * -- brand is already gone when its rows go), and a deleted staff user or branch leaves the row with a null link and
 * -- nothing else changed. The same SQL is in apps/api/src/db/schema/audit.ts's comment.
 * CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
 * BEGIN
 *   IF TG_OP = 'DELETE' THEN
 *     IF NOT EXISTS (SELECT 1 FROM brands WHERE id = OLD.brand_id) THEN
 *       RETURN OLD;
 *     END IF;
 *   ELSIF (to_jsonb(NEW) - 'staff_user_id' - 'branch_id') = (to_jsonb(OLD) - 'staff_user_id' - 'branch_id')
 *     AND (NEW.staff_user_id IS NOT DISTINCT FROM OLD.staff_user_id OR NEW.staff_user_id IS NULL)
 *     AND (NEW.branch_id IS NOT DISTINCT FROM OLD.branch_id OR NEW.branch_id IS NULL) THEN
 *     RETURN NEW;
 *   END IF;
 *   RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
 * END;
 * $$;
 * --> statement-breakpoint
 * CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW
 *   EXECUTE FUNCTION audit_log_append_only();
 */

import { STAFF_ROLES } from '@sufra/shared/schemas/staff';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { brands } from './brands.ts';

/** A staff user of one brand. An owner sees every branch; others see the branches linked below. */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** Lower-case; the sign-in name, so unique across brands. */
    email: text().notNull().unique(),
    name: text().notNull(),
    role: text().notNull(),
    /** scrypt$N$r$p$salt$hash (base64); see staff/password.ts. */
    passwordHash: text().notNull(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Moves on every console edit of the account (role, branches, active); a stale save answers 409 with both. */
    version: integer().notNull().default(1),
  },
  (t) => [
    index('staff_users_brand_idx').on(t.brandId),
    check('staff_users_role_check', sql`${t.role} in (${sql.raw(STAFF_ROLES.map((r) => `'${r}'`).join(', '))})`),
    check('staff_users_email_check', sql`${t.email} = lower(${t.email})`),
  ],
);

export const staffUserBranches = pgTable(
  'staff_user_branches',
  {
    staffUserId: integer()
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.staffUserId, t.branchId] })],
);

/** Every staff sign-in attempt: the rate limit counts recent failures per email and per IP (shared by instances). */
export const staffLoginAttempts = pgTable(
  'staff_login_attempts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    ip: text().notNull(),
    success: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('staff_login_attempts_email_idx').on(t.email, t.createdAt),
    index('staff_login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * A one-time link that sets a staff user's password (issue 26 item 9): an owner's or manager's invitation of a new
 * staff user, or a password reset. Only the token's SHA-256 is kept; it works once (used_at) and until expires_at.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    staffUserId: integer()
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    purpose: text().notNull(),
    /** SHA-256 of the token, hex. */
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('staff_invitations_user_idx').on(t.staffUserId),
    check('staff_invitations_purpose_check', sql`${t.purpose} in ('invite', 'reset')`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';
import { customers } from './customers.ts';

/**
 * One verification code sent: the row is the code (hashed), its counters and the send-rate record.
 * The per-phone and per-IP limits count these rows, so they hold across API instances.
 */
export const otpRequests = pgTable(
  'otp_requests',
  {
    /** The requestId the client sends back with the code. */
    id: uuid().primaryKey(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    phone: text().notNull(),
    purpose: text().notNull(),
    /** change_phone: the signed-in customer whose number changes. */
    customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256(secret, requestId:code), hex. */
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    wrongTries: integer().notNull().default(0),
    consumedAt: timestamp({ withTimezone: true }),
    ip: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('otp_requests_phone_idx').on(t.phone, t.createdAt),
    index('otp_requests_ip_idx').on(t.ip, t.createdAt),
    check('otp_requests_purpose_check', sql`${t.purpose} in ('sign_in', 'change_phone')`),
    check('otp_requests_tries_check', sql`${t.wrongTries} between 0 and 5`),
    check('otp_requests_customer_check', sql`(${t.purpose} = 'change_phone') = (${t.customerId} is not null)`),
  ],
);

/**
 * Every check of a verification code against its request, right or wrong, with the client address it came from. The
 * sign-in throttles count the wrong ones per address and per address + phone, and the per-phone ceiling counts them
 * since the phone's last right code (docs/adr/0024-sign-in-throttling.md); rows, so every instance shares them.
 */
export const otpVerifyAttempts = pgTable(
  'otp_verify_attempts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    phone: text().notNull(),
    ip: text().notNull(),
    success: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('otp_verify_attempts_phone_idx').on(t.phone, t.createdAt),
    index('otp_verify_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Refresh tokens (hashed), one row per issued token. Rotation marks the old row replaced; a family is
 * every token descended from one sign-in, so presenting a spent token revokes them all.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    familyId: uuid().notNull(),
    subjectKind: text().notNull(),
    subjectId: integer().notNull(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** SHA-256 of the refresh token, hex. */
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    replacedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** The client that signed in or refreshed this token (staff's "my sessions"); null where not recorded. */
    userAgent: text(),
    ip: text(),
  },
  (t) => [
    index('auth_sessions_family_idx').on(t.familyId),
    index('auth_sessions_subject_idx').on(t.subjectKind, t.subjectId),
    check('auth_sessions_kind_check', sql`${t.subjectKind} in ('customer', 'staff')`),
  ],
);

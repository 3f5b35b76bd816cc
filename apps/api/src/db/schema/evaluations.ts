import { MAX_PHOTO_BYTES, QUESTION_KINDS } from '@sufra/shared/evaluation/answers';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { brands } from './brands.ts';
import { customers } from './customers.ts';
import { customerRewards, rewards } from './loyalty.ts';
import { orders } from './orders.ts';
import { staffUsers } from './staff.ts';

/**
 * A brand's evaluation form (issue 17): what diners answer about an order, the points a submission earns, and the
 * average at or below which a submission is "low" and reaches the branch's managers live (the brand's setting for
 * its form; DEFAULT_LOW_RATING_THRESHOLD in shared).
 */
export const evaluationForms = pgTable(
  'evaluation_forms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    nameAr: text().notNull(),
    nameEn: text().notNull(),
    isActive: boolean().notNull().default(true),
    pointsReward: integer().notNull().default(0),
    lowRatingThreshold: integer().notNull().default(2),
    /** The reward a manager's apology for a low rating on this form starts on (the staff app's default choice). */
    apologyRewardId: integer().references(() => rewards.id, { onDelete: 'set null' }),
    /** Offered on a completed order's "Rate your visit" (issue 27 item 5). */
    forOrders: boolean().notNull().default(true),
    /** Offered at the table QR, for a visit rated without an app order. */
    forVisits: boolean().notNull().default(true),
    /** Every branch of the brand; false: only those in evaluation_form_branches. */
    allBranches: boolean().notNull().default(true),
    /** Moved by every console edit: a save names the version it read (a stale one is 409 with both values). */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('evaluation_forms_brand_idx').on(t.brandId),
    check(
      'evaluation_forms_figures_check',
      sql`${t.pointsReward} between 0 and 100000 and ${t.lowRatingThreshold} between 0 and 5`,
    ),
  ],
);

/** A question on a form; a choice question's options are in `options` (ids stable within the question). */
export const evaluationQuestions = pgTable(
  'evaluation_questions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    formId: integer()
      .notNull()
      .references(() => evaluationForms.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    labelAr: text().notNull(),
    labelEn: text().notNull(),
    /** [{ id, ar, en }] for single and multiple choice; [] otherwise. */
    options: jsonb().$type<{ id: number; ar: string; en: string }[]>().notNull().default([]),
    position: integer().notNull().default(0),
    /** An optional question may be left unanswered ("One or more question left unanswered" is about the others). */
    isRequired: boolean().notNull().default(true),
    /**
     * Retired (issue 27 item 5): taken off the form once answered instead of deleted, so the answers already given
     * stay readable with their question and options; diners no longer see it.
     */
    retiredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('evaluation_questions_form_idx').on(t.formId, t.position),
    check('evaluation_questions_kind_check', sql.raw(`"kind" in (${QUESTION_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    check(
      'evaluation_questions_options_check',
      sql`jsonb_typeof(${t.options}) = 'array' and (case when ${t.kind} in ('single', 'multiple')
        then jsonb_array_length(${t.options}) >= 2 else jsonb_array_length(${t.options}) = 0 end)`,
    ),
  ],
);

/** The branches a form is offered at when it is not for all of the brand's (evaluation_forms.all_branches false). */
export const evaluationFormBranches = pgTable(
  'evaluation_form_branches',
  {
    formId: integer()
      .notNull()
      .references(() => evaluationForms.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.formId, t.branchId] }), index('evaluation_form_branches_branch_idx').on(t.branchId)],
);

/**
 * A diner's answers about one order: one per order, whatever retries or races do (the unique index); or about a
 * visit without an app order (rated from the table's QR, `orderId` null): one per diner, branch and the branch's
 * local day (`visitDay`, the partial unique index); the answers
 * as checked by shared/evaluation/answers, their star average in hundredths, and the manager's apology when one
 * was sent (the owned reward it granted).
 */
export const evaluationSubmissions = pgTable(
  'evaluation_submissions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    formId: integer()
      .notNull()
      .references(() => evaluationForms.id, { onDelete: 'restrict' }),
    brandId: integer()
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Null: a visit rated from the table's QR without an order in the app. */
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    /** The branch's local date of a visit rated without an order (null for an order's rating). */
    visitDay: date({ mode: 'string' }),
    answers: jsonb().notNull(),
    /** 100–500, or null when the form asks for no stars. */
    averageRatingHundredths: integer(),
    isLow: boolean().notNull(),
    pointsAwarded: integer().notNull().default(0),
    apologyCustomerRewardId: integer().references(() => customerRewards.id, { onDelete: 'set null' }),
    apologyByStaffId: integer().references(() => staffUsers.id, { onDelete: 'set null' }),
    apologizedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('evaluation_submissions_order_uq').on(t.orderId),
    uniqueIndex('evaluation_submissions_visit_uq')
      .on(t.customerId, t.branchId, t.visitDay)
      .where(sql`${t.orderId} is null`),
    check(
      'evaluation_submissions_subject_check',
      sql`(${t.orderId} is not null and ${t.visitDay} is null) or (${t.orderId} is null and ${t.visitDay} is not null)`,
    ),
    index('evaluation_submissions_branch_idx').on(t.brandId, t.branchId, t.createdAt),
    check(
      'evaluation_submissions_figures_check',
      sql`(${t.averageRatingHundredths} is null or ${t.averageRatingHundredths} between 100 and 500)
        and ${t.pointsAwarded} >= 0 and jsonb_typeof(${t.answers}) = 'array'`,
    ),
    check(
      'evaluation_submissions_apology_check',
      sql`${t.apologizedAt} is not null or (${t.apologyCustomerRewardId} is null and ${t.apologyByStaffId} is null)`,
    ),
  ],
);

/** A photo sent with a submission: re-encoded and stripped of metadata before it was stored under `storageKey`. */
export const evaluationPhotos = pgTable(
  'evaluation_photos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    submissionId: integer()
      .notNull()
      .references(() => evaluationSubmissions.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    storageKey: text().notNull(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
  },
  (t) => [
    // Positions 0 and 1 only (the check): the database holds the two-photo limit too.
    uniqueIndex('evaluation_photos_position_uq').on(t.submissionId, t.position),
    uniqueIndex('evaluation_photos_key_uq').on(t.storageKey),
    check(
      'evaluation_photos_figures_check',
      sql.raw(
        `"position" between 0 and 1 and "size_bytes" between 1 and ${MAX_PHOTO_BYTES} and "width" > 0 and "height" > 0 and "content_type" in ('image/jpeg')`,
      ),
    ),
  ],
);

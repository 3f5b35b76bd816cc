import { and, asc, desc, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import { customers } from '../../db/schema/customers.ts';
import {
  evaluationFormBranches,
  evaluationForms,
  evaluationPhotos,
  evaluationQuestions,
  evaluationSubmissions,
} from '../../db/schema/evaluations.ts';
import { rewards } from '../../db/schema/loyalty.ts';
import { orders } from '../../db/schema/orders.ts';

export type EvaluationFormRow = typeof evaluationForms.$inferSelect;
export type EvaluationQuestionRow = typeof evaluationQuestions.$inferSelect;
export type EvaluationSubmissionRow = typeof evaluationSubmissions.$inferSelect;
export type EvaluationPhotoRow = typeof evaluationPhotos.$inferSelect;

export async function findForm(db: Queryable, formId: number, brandId: number): Promise<EvaluationFormRow | undefined> {
  const [row] = await db
    .select()
    .from(evaluationForms)
    .where(
      and(eq(evaluationForms.id, formId), eq(evaluationForms.brandId, brandId), eq(evaluationForms.isActive, true)),
    );
  return row;
}

/** Where a form is offered: after an order, or for a visit rated at the table QR (issue 27 item 5). */
export type FormChannel = 'orders' | 'visits';

/** The form is offered at this branch: for every branch, or the branch is one of its own. */
function offeredAt(branchId: number) {
  return or(
    eq(evaluationForms.allBranches, true),
    exists(
      sql`(select 1 from ${evaluationFormBranches} where ${evaluationFormBranches.formId} = ${evaluationForms.id}
        and ${evaluationFormBranches.branchId} = ${branchId})`,
    ),
  );
}

const channelColumn = (channel: FormChannel) =>
  channel === 'orders' ? evaluationForms.forOrders : evaluationForms.forVisits;

/** The brand's active form offered at the branch for this channel (the newest when there are several). */
export async function findActiveForm(
  db: Queryable,
  brandId: number,
  branchId: number,
  channel: FormChannel,
): Promise<EvaluationFormRow | undefined> {
  const [row] = await db
    .select()
    .from(evaluationForms)
    .where(
      and(
        eq(evaluationForms.brandId, brandId),
        eq(evaluationForms.isActive, true),
        eq(channelColumn(channel), true),
        offeredAt(branchId),
      ),
    )
    .orderBy(desc(evaluationForms.id))
    .limit(1);
  return row;
}

/** Whether the brand's form is offered at the branch for this channel. */
export async function isFormOffered(
  db: Queryable,
  formId: number,
  branchId: number,
  channel: FormChannel,
): Promise<boolean> {
  const [row] = await db
    .select({ id: evaluationForms.id })
    .from(evaluationForms)
    .where(and(eq(evaluationForms.id, formId), eq(channelColumn(channel), true), offeredAt(branchId)));
  return row !== undefined;
}

/**
 * The questions of these forms in their order; `live`: without the retired ones (what diners see and answer).
 * The staff's reading of old answers takes them all.
 */
export async function listQuestions(
  db: Queryable,
  formIds: number[],
  options: { live?: boolean } = {},
): Promise<EvaluationQuestionRow[]> {
  if (formIds.length === 0) return [];
  return db
    .select()
    .from(evaluationQuestions)
    .where(
      and(
        inArray(evaluationQuestions.formId, formIds),
        options.live ? isNull(evaluationQuestions.retiredAt) : undefined,
      ),
    )
    .orderBy(asc(evaluationQuestions.position), asc(evaluationQuestions.id));
}

/** The customer's order in the brand (undefined for anyone else's). */
export async function findCustomerOrder(db: Queryable, orderId: number, customerId: number, brandId: number) {
  const [row] = await db
    .select({ id: orders.id, branchId: orders.branchId, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId), eq(orders.brandId, brandId)));
  return row;
}

export async function hasSubmission(db: Queryable, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: evaluationSubmissions.id })
    .from(evaluationSubmissions)
    .where(eq(evaluationSubmissions.orderId, orderId));
  return row !== undefined;
}

/** Whether the diner rated a visit (without an order) to the branch on that local day. */
export async function hasVisitSubmission(
  db: Queryable,
  customerId: number,
  branchId: number,
  visitDay: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: evaluationSubmissions.id })
    .from(evaluationSubmissions)
    .where(
      and(
        eq(evaluationSubmissions.customerId, customerId),
        eq(evaluationSubmissions.branchId, branchId),
        eq(evaluationSubmissions.visitDay, visitDay),
        isNull(evaluationSubmissions.orderId),
      ),
    );
  return row !== undefined;
}

/**
 * Inserts the submission, or nothing when the order (or, without an order, the diner's visit to the branch that
 * day) already has one: the unique indexes decide between concurrent submissions, exactly one insert wins, the
 * others get undefined.
 */
export async function insertSubmission(
  db: Queryable,
  values: typeof evaluationSubmissions.$inferInsert,
): Promise<EvaluationSubmissionRow | undefined> {
  const [row] = await db.insert(evaluationSubmissions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function insertPhotos(db: Queryable, values: (typeof evaluationPhotos.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await db.insert(evaluationPhotos).values(values);
}

export async function setPointsAwarded(db: Queryable, submissionId: number, points: number): Promise<void> {
  await db
    .update(evaluationSubmissions)
    .set({ pointsAwarded: points })
    .where(eq(evaluationSubmissions.id, submissionId));
}

/** A photo with the brand, branch and customer of its submission (who may see it). */
export async function findPhoto(db: Queryable, photoId: number) {
  const [row] = await db
    .select({
      photo: evaluationPhotos,
      brandId: evaluationSubmissions.brandId,
      branchId: evaluationSubmissions.branchId,
      customerId: evaluationSubmissions.customerId,
    })
    .from(evaluationPhotos)
    .innerJoin(evaluationSubmissions, eq(evaluationSubmissions.id, evaluationPhotos.submissionId))
    .where(eq(evaluationPhotos.id, photoId));
  return row;
}

const staffSelection = {
  submission: evaluationSubmissions,
  orderNumber: orders.number,
  branchNameAr: branches.nameAr,
  branchNameEn: branches.nameEn,
  customerName: customers.fullName,
  customerPhone: customers.phone,
  apologyRewardId: evaluationForms.apologyRewardId,
};

export type StaffEvaluationRow = {
  submission: EvaluationSubmissionRow;
  orderNumber: number | null;
  branchNameAr: string;
  branchNameEn: string;
  customerName: string;
  customerPhone: string;
  apologyRewardId: number | null;
};

function staffQuery(db: Queryable) {
  return db
    .select(staffSelection)
    .from(evaluationSubmissions)
    .leftJoin(orders, eq(orders.id, evaluationSubmissions.orderId))
    .innerJoin(branches, eq(branches.id, evaluationSubmissions.branchId))
    .innerJoin(customers, eq(customers.id, evaluationSubmissions.customerId))
    .innerJoin(evaluationForms, eq(evaluationForms.id, evaluationSubmissions.formId));
}

export async function findStaffEvaluation(
  db: Queryable,
  id: number,
  brandId: number,
): Promise<StaffEvaluationRow | undefined> {
  const [row] = await staffQuery(db).where(
    and(eq(evaluationSubmissions.id, id), eq(evaluationSubmissions.brandId, brandId)),
  );
  return row;
}

export async function listStaffEvaluations(
  db: Queryable,
  brandId: number,
  branchIds: number[],
  limit: number,
): Promise<StaffEvaluationRow[]> {
  if (branchIds.length === 0) return [];
  return staffQuery(db)
    .where(and(eq(evaluationSubmissions.brandId, brandId), inArray(evaluationSubmissions.branchId, branchIds)))
    .orderBy(desc(evaluationSubmissions.createdAt), desc(evaluationSubmissions.id))
    .limit(limit);
}

/** Per branch: how many evaluations, the average of their averages (hundredths, rounded), and how many were low. */
export async function branchAverages(db: Queryable, brandId: number, branchIds: number[]) {
  if (branchIds.length === 0) return [];
  return db
    .select({
      branchId: branches.id,
      nameAr: branches.nameAr,
      nameEn: branches.nameEn,
      count: sql<number>`count(${evaluationSubmissions.id})::int`,
      average: sql<number | null>`round(avg(${evaluationSubmissions.averageRatingHundredths}))::int`,
      low: sql<number>`count(${evaluationSubmissions.id}) filter (where ${evaluationSubmissions.isLow})::int`,
    })
    .from(branches)
    .leftJoin(evaluationSubmissions, eq(evaluationSubmissions.branchId, branches.id))
    .where(and(eq(branches.brandId, brandId), inArray(branches.id, branchIds)))
    .groupBy(branches.id)
    .orderBy(asc(branches.id));
}

/** Low ratings of these branches no apology has answered yet. */
export async function countUnansweredLow(db: Queryable, brandId: number, branchIds: number[]): Promise<number> {
  if (branchIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(evaluationSubmissions)
    .where(
      and(
        eq(evaluationSubmissions.brandId, brandId),
        inArray(evaluationSubmissions.branchId, branchIds),
        eq(evaluationSubmissions.isLow, true),
        isNull(evaluationSubmissions.apologizedAt),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function listPhotosOf(db: Queryable, submissionIds: number[]): Promise<EvaluationPhotoRow[]> {
  if (submissionIds.length === 0) return [];
  return db
    .select()
    .from(evaluationPhotos)
    .where(inArray(evaluationPhotos.submissionId, submissionIds))
    .orderBy(asc(evaluationPhotos.position));
}

/** Marks the apology sent, once: a second (a double tap, another manager) finds it set and gets undefined. */
export async function markApologized(
  db: Queryable,
  id: number,
  values: { customerRewardId: number; staffId: number; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(evaluationSubmissions)
    .set({
      apologyCustomerRewardId: values.customerRewardId,
      apologyByStaffId: values.staffId,
      apologizedAt: values.at,
    })
    .where(and(eq(evaluationSubmissions.id, id), isNull(evaluationSubmissions.apologizedAt)))
    .returning({ id: evaluationSubmissions.id });
  return rows.length === 1;
}

export async function listApologyRewards(db: Queryable, brandId: number) {
  return db
    .select({ id: rewards.id, nameAr: rewards.nameAr, nameEn: rewards.nameEn })
    .from(rewards)
    .where(and(eq(rewards.brandId, brandId), eq(rewards.shop, 'prize'), eq(rewards.isActive, true)))
    .orderBy(asc(rewards.position), asc(rewards.id));
}

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branches } from '../../db/schema/branches.ts';
import {
  evaluationFormBranches,
  evaluationForms,
  evaluationQuestions,
  evaluationSubmissions,
} from '../../db/schema/evaluations.ts';
import { rewards } from '../../db/schema/loyalty.ts';

export type FormRow = typeof evaluationForms.$inferSelect;
export type QuestionRow = typeof evaluationQuestions.$inferSelect;
export type FormValues = Pick<
  typeof evaluationForms.$inferInsert,
  | 'nameAr'
  | 'nameEn'
  | 'isActive'
  | 'pointsReward'
  | 'lowRatingThreshold'
  | 'apologyRewardId'
  | 'forOrders'
  | 'forVisits'
  | 'allBranches'
>;
export type QuestionValues = Pick<
  typeof evaluationQuestions.$inferInsert,
  'kind' | 'labelAr' | 'labelEn' | 'options' | 'position' | 'isRequired'
>;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function listForms(db: Queryable, brandId: number): Promise<FormRow[]> {
  return db.select().from(evaluationForms).where(eq(evaluationForms.brandId, brandId)).orderBy(asc(evaluationForms.id));
}

/** The brand's form, locked for a save when `lock`. */
export async function findForm(db: Queryable, brandId: number, id: number, lock = false): Promise<FormRow | undefined> {
  const query = db
    .select()
    .from(evaluationForms)
    .where(and(eq(evaluationForms.id, id), eq(evaluationForms.brandId, brandId)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Every question of these forms, retired ones too (their answers are read with them). */
export async function listQuestions(db: Queryable, formIds: number[]): Promise<QuestionRow[]> {
  if (formIds.length === 0) return [];
  return db
    .select()
    .from(evaluationQuestions)
    .where(inArray(evaluationQuestions.formId, formIds))
    .orderBy(asc(evaluationQuestions.position), asc(evaluationQuestions.id));
}

export async function listFormBranches(db: Queryable, formIds: number[]) {
  if (formIds.length === 0) return [];
  return db
    .select({ formId: evaluationFormBranches.formId, branchId: evaluationFormBranches.branchId })
    .from(evaluationFormBranches)
    .where(inArray(evaluationFormBranches.formId, formIds))
    .orderBy(asc(evaluationFormBranches.branchId));
}

/** How many submissions answered each question of these forms (answers are kept as [{ questionId, … }]). */
export async function answerCounts(db: Queryable, formIds: number[]): Promise<Map<number, number>> {
  if (formIds.length === 0) return new Map();
  const ids = sql.join(
    formIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select (a.value ->> 'questionId')::int as "questionId", count(*)::int as n
    from ${evaluationSubmissions} s, jsonb_array_elements(s.answers) a
    where s.form_id in (${ids})
    group by 1`);
  const rows = rowsOf<{ questionId: number; n: number }>(result);
  return new Map(rows.map((r) => [Number(r.questionId), Number(r.n)]));
}

export async function submissionCounts(db: Queryable, formIds: number[]): Promise<Map<number, number>> {
  if (formIds.length === 0) return new Map();
  const rows = await db
    .select({ formId: evaluationSubmissions.formId, n: sql<number>`count(*)::int` })
    .from(evaluationSubmissions)
    .where(inArray(evaluationSubmissions.formId, formIds))
    .groupBy(evaluationSubmissions.formId);
  return new Map(rows.map((r) => [r.formId, Number(r.n)]));
}

export async function insertForm(db: Queryable, brandId: number, values: FormValues): Promise<FormRow> {
  const [row] = await db
    .insert(evaluationForms)
    .values({ brandId, ...values })
    .returning();
  if (!row) throw new Error('evaluation form insert returned nothing');
  return row;
}

/** Saves the form at the version read and moves it on; undefined when someone saved since. */
export async function updateForm(
  db: Queryable,
  id: number,
  version: number,
  values: FormValues,
): Promise<FormRow | undefined> {
  const [row] = await db
    .update(evaluationForms)
    .set({ ...values, version: sql`${evaluationForms.version} + 1` })
    .where(and(eq(evaluationForms.id, id), eq(evaluationForms.version, version)))
    .returning();
  return row;
}

export async function replaceFormBranches(db: Queryable, formId: number, branchIds: number[]): Promise<void> {
  await db.delete(evaluationFormBranches).where(eq(evaluationFormBranches.formId, formId));
  if (branchIds.length > 0) {
    await db.insert(evaluationFormBranches).values(branchIds.map((branchId) => ({ formId, branchId })));
  }
}

export async function insertQuestion(db: Queryable, formId: number, values: QuestionValues): Promise<QuestionRow> {
  const [row] = await db
    .insert(evaluationQuestions)
    .values({ formId, ...values })
    .returning();
  if (!row) throw new Error('evaluation question insert returned nothing');
  return row;
}

export async function updateQuestion(db: Queryable, id: number, values: QuestionValues): Promise<void> {
  await db.update(evaluationQuestions).set(values).where(eq(evaluationQuestions.id, id));
}

export async function deleteQuestion(db: Queryable, id: number): Promise<void> {
  await db.delete(evaluationQuestions).where(eq(evaluationQuestions.id, id));
}

export async function retireQuestion(db: Queryable, id: number, at: Date): Promise<void> {
  await db.update(evaluationQuestions).set({ retiredAt: at }).where(eq(evaluationQuestions.id, id));
}

export async function listBrandBranches(db: Queryable, brandId: number) {
  return db
    .select({ id: branches.id, nameAr: branches.nameAr, nameEn: branches.nameEn })
    .from(branches)
    .where(eq(branches.brandId, brandId))
    .orderBy(asc(branches.id));
}

/** The brand's active prizes: what an apology may grant. */
export async function listApologyRewards(db: Queryable, brandId: number) {
  return db
    .select({ id: rewards.id, nameAr: rewards.nameAr, nameEn: rewards.nameEn })
    .from(rewards)
    .where(and(eq(rewards.brandId, brandId), eq(rewards.shop, 'prize'), eq(rewards.isActive, true)))
    .orderBy(asc(rewards.position), asc(rewards.id));
}

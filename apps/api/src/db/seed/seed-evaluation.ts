import { and, eq } from 'drizzle-orm';
import type { Database, Queryable } from '../client.ts';
import { brands } from '../schema/brands.ts';
import { evaluationForms, evaluationQuestions } from '../schema/evaluations.ts';
import { rewards } from '../schema/loyalty.ts';
import type { SeedBrand } from './seed-types.ts';

/** The brand's evaluation form and its questions (issue 17). */
export async function seedEvaluation(db: Queryable, brandId: number, data: SeedBrand) {
  const form = data.evaluation;
  if (!form) return;
  let apologyRewardId: number | null = null;
  if (form.apologyRewardName) {
    const [reward] = await db
      .select({ id: rewards.id })
      .from(rewards)
      .where(and(eq(rewards.brandId, brandId), eq(rewards.nameEn, form.apologyRewardName)));
    if (!reward) throw new Error(`evaluation form: no reward named ${form.apologyRewardName}`);
    apologyRewardId = reward.id;
  }
  const [row] = await db
    .insert(evaluationForms)
    .values({
      brandId,
      nameAr: form.name.ar,
      nameEn: form.name.en,
      pointsReward: form.pointsReward,
      lowRatingThreshold: form.lowRatingThreshold,
      apologyRewardId,
    })
    .returning({ id: evaluationForms.id });
  if (!row) throw new Error('evaluation form insert returned nothing');
  await db.insert(evaluationQuestions).values(
    form.questions.map((q, position) => ({
      formId: row.id,
      kind: q.kind,
      labelAr: q.label.ar,
      labelEn: q.label.en,
      options: (q.options ?? []).map((o, i) => ({ id: i + 1, ar: o.ar, en: o.en })),
      position,
      isRequired: q.required ?? true,
    })),
  );
}

/** A database seeded before evaluations existed gets the brand's form once, when it has none. */
export async function seedEvaluationIfAbsent(db: Database, data: SeedBrand): Promise<void> {
  if (!data.evaluation) return;
  await db.transaction(async (tx) => {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.slug, data.slug));
    if (!brand) return;
    const [existing] = await tx
      .select({ id: evaluationForms.id })
      .from(evaluationForms)
      .where(eq(evaluationForms.brandId, brand.id));
    if (existing) return;
    await seedEvaluation(tx, brand.id, data);
  });
}

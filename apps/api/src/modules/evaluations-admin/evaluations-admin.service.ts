import type { QuestionKind } from '@sufra/shared/evaluation/answers';
import type {
  EvaluationFormBody,
  EvaluationFormUpdateBody,
  ManageEvaluationForm,
  ManageEvaluationForms,
  ManageQuestion,
  QuestionInput,
} from '@sufra/shared/schemas/evaluations-admin';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import {
  answerCounts,
  deleteQuestion,
  type FormRow,
  type FormValues,
  findForm,
  insertForm,
  insertQuestion,
  listApologyRewards,
  listBrandBranches,
  listFormBranches,
  listForms,
  listQuestions,
  type QuestionRow,
  replaceFormBranches,
  retireQuestion,
  submissionCounts,
  updateForm,
  updateQuestion,
} from './evaluations-admin.repo.ts';

/** What one form's view is built from. */
interface FormParts {
  row: FormRow;
  questions: QuestionRow[];
  branchIds: number[];
  answers: Map<number, number>;
  submissions: number;
}

function questionView(q: QuestionRow, answers: Map<number, number>): ManageQuestion {
  return {
    id: q.id,
    kind: q.kind as QuestionKind,
    label: { ar: q.labelAr, en: q.labelEn },
    options: q.options.map((o) => ({ id: o.id, label: { ar: o.ar, en: o.en } })),
    required: q.isRequired,
    answers: answers.get(q.id) ?? 0,
  };
}

/** May this user change a form offered at these branches (null: every branch)? */
function mayEdit(staff: StaffPrincipal, branchIds: number[] | null): boolean {
  if (staff.role === 'owner') return true;
  return branchIds?.every((id) => staff.branchIds.includes(id)) ?? false;
}

function formView(staff: StaffPrincipal, p: FormParts): ManageEvaluationForm {
  const branchIds = p.row.allBranches ? null : p.branchIds;
  return {
    id: p.row.id,
    name: { ar: p.row.nameAr, en: p.row.nameEn },
    active: p.row.isActive,
    pointsReward: p.row.pointsReward,
    lowRatingThreshold: p.row.lowRatingThreshold,
    apologyRewardId: p.row.apologyRewardId,
    forOrders: p.row.forOrders,
    forVisits: p.row.forVisits,
    branchIds,
    questions: p.questions.filter((q) => q.retiredAt === null).map((q) => questionView(q, p.answers)),
    retiredQuestions: p.questions.filter((q) => q.retiredAt !== null).map((q) => questionView(q, p.answers)),
    submissions: p.submissions,
    version: p.row.version,
    editable: mayEdit(staff, branchIds),
  };
}

/** The audit log's picture of a form: everything a save can change, without the counts. */
function logged(view: ManageEvaluationForm) {
  const { editable: _e, submissions: _s, ...rest } = view;
  const strip = (q: ManageQuestion) => {
    const { answers: _a, ...kept } = q;
    return kept;
  };
  return { ...rest, questions: rest.questions.map(strip), retiredQuestions: rest.retiredQuestions.map(strip) };
}

function requireStaff(staff: StaffPrincipal): void {
  if (staff.role === 'cashier') throw new AppError('forbidden');
}

/**
 * Evaluation forms in the management console (issue 27 item 5): a form's questions (rating, single or multiple
 * choice, text; both languages; required or optional; in order), its low-rating threshold and apology prize, and
 * where it is offered (after orders, at the table QR, at which branches). Owners change any form; a manager the
 * forms of their own branches. Every save is one transaction with its audit row, at the version it read. A question
 * diners answered is retired, never deleted, and keeps its kind and options, so every submission stays readable.
 */
export function createEvaluationsAdminService(ctx: AppContext) {
  const { db } = ctx;

  async function partsOf(q: Queryable, rows: FormRow[]): Promise<FormParts[]> {
    const ids = rows.map((r) => r.id);
    const [questions, links, answers, submissions] = await Promise.all([
      listQuestions(q, ids),
      listFormBranches(q, ids),
      answerCounts(q, ids),
      submissionCounts(q, ids),
    ]);
    return rows.map((row) => ({
      row,
      questions: questions.filter((x) => x.formId === row.id),
      branchIds: links.filter((l) => l.formId === row.id).map((l) => l.branchId),
      answers,
      submissions: submissions.get(row.id) ?? 0,
    }));
  }

  async function loadView(q: Queryable, staff: StaffPrincipal, id: number): Promise<ManageEvaluationForm> {
    const row = await findForm(q, staff.brandId, id);
    if (!row) throw new AppError('evaluation_form_not_found');
    const [parts] = await partsOf(q, [row]);
    return formView(staff, parts as FormParts);
  }

  /** The form's fields as stored, after the checks that need the database: branches and the apology prize. */
  async function checkedValues(
    q: Queryable,
    staff: StaffPrincipal,
    body: EvaluationFormBody,
    current: FormRow | null,
  ): Promise<{ values: FormValues; branchIds: number[] }> {
    if (!body.forOrders && !body.forVisits) throw new AppError('evaluation_form_no_place');
    if (body.branchIds === null) {
      if (staff.role !== 'owner') throw new AppError('evaluation_form_all_branches_owner_only');
    } else {
      const brandBranches = new Set((await listBrandBranches(q, staff.brandId)).map((b) => b.id));
      for (const id of body.branchIds) {
        if (!brandBranches.has(id))
          throw new AppError('branch_not_found', undefined, { branchIds: 'branch_not_found' });
        if (!staff.branchIds.includes(id)) throw new AppError('branch_out_of_scope');
      }
    }
    if (body.apologyRewardId !== null && body.apologyRewardId !== current?.apologyRewardId) {
      const prizes = await listApologyRewards(q, staff.brandId);
      if (!prizes.some((p) => p.id === body.apologyRewardId)) {
        throw new AppError('evaluation_apology_reward_invalid', undefined, {
          apologyRewardId: 'evaluation_apology_reward_invalid',
        });
      }
    }
    return {
      values: {
        nameAr: body.name.ar,
        nameEn: body.name.en,
        isActive: body.active,
        pointsReward: body.pointsReward,
        lowRatingThreshold: body.lowRatingThreshold,
        apologyRewardId: body.apologyRewardId,
        forOrders: body.forOrders,
        forVisits: body.forVisits,
        allBranches: body.branchIds === null,
      },
      branchIds: body.branchIds === null ? [] : [...new Set(body.branchIds)].sort((a, b) => a - b),
    };
  }

  /** A question's options as stored: kept ids stay, new options are numbered after the highest. */
  function optionsOf(input: QuestionInput, current: QuestionRow | undefined, index: number) {
    const known = new Set(current?.options.map((o) => o.id) ?? []);
    let next = Math.max(0, ...known) + 1;
    const seen = new Set<number>();
    return input.options.map((o, i) => {
      if (o.id !== null && (!known.has(o.id) || seen.has(o.id))) {
        throw new AppError('validation_failed', undefined, { [`questions.${index}.options.${i}.id`]: 'field_invalid' });
      }
      const id = o.id ?? next++;
      seen.add(id);
      return { id, ar: o.label.ar, en: o.label.en };
    });
  }

  /**
   * Writes the body's questions in its order: known ones updated, new ones added, live ones left out deleted, or
   * retired when answered. An answered question keeps its kind and every option it had.
   */
  async function saveQuestions(tx: Queryable, formId: number, inputs: QuestionInput[], current: QuestionRow[]) {
    const live = new Map(current.filter((q) => q.retiredAt === null).map((q) => [q.id, q]));
    const answers = await answerCounts(tx, [formId]);
    const kept = new Set<number>();
    for (const input of inputs) {
      if (input.id === null) continue;
      if (!live.has(input.id) || kept.has(input.id)) throw new AppError('evaluation_question_not_found');
      kept.add(input.id);
    }
    for (const [index, input] of inputs.entries()) {
      const was = input.id === null ? undefined : live.get(input.id);
      const options = optionsOf(input, was, index);
      if (was && (answers.get(was.id) ?? 0) > 0) {
        const ids = new Set(options.map((o) => o.id));
        if (was.kind !== input.kind || was.options.some((o) => !ids.has(o.id))) {
          throw new AppError('evaluation_question_answered', undefined, {
            [`questions.${index}`]: 'evaluation_question_answered',
          });
        }
      }
      const values = {
        kind: input.kind,
        labelAr: input.label.ar,
        labelEn: input.label.en,
        options,
        position: index,
        isRequired: input.required,
      };
      if (was) await updateQuestion(tx, was.id, values);
      else await insertQuestion(tx, formId, values);
    }
    const now = ctx.now();
    for (const q of live.values()) {
      if (kept.has(q.id)) continue;
      if ((answers.get(q.id) ?? 0) > 0) await retireQuestion(tx, q.id, now);
      else await deleteQuestion(tx, q.id);
    }
  }

  return {
    async list(staff: StaffPrincipal): Promise<ManageEvaluationForms> {
      requireStaff(staff);
      const [rows, branches, prizes] = await Promise.all([
        listForms(db, staff.brandId),
        listBrandBranches(db, staff.brandId),
        listApologyRewards(db, staff.brandId),
      ]);
      const parts = await partsOf(db, rows);
      return {
        forms: parts.map((p) => formView(staff, p)),
        branches: branches.map((b) => ({
          id: b.id,
          name: { ar: b.nameAr, en: b.nameEn },
          mine: staff.branchIds.includes(b.id),
        })),
        apologyRewards: prizes.map((p) => ({ id: p.id, name: { ar: p.nameAr, en: p.nameEn } })),
        canLinkAllBranches: staff.role === 'owner',
      };
    },

    async get(staff: StaffPrincipal, id: number): Promise<ManageEvaluationForm> {
      requireStaff(staff);
      return loadView(db, staff, id);
    },

    async create(staff: StaffPrincipal, ip: string | null, body: EvaluationFormBody): Promise<ManageEvaluationForm> {
      requireStaff(staff);
      return db.transaction(async (tx) => {
        const { values, branchIds } = await checkedValues(tx, staff, body, null);
        const row = await insertForm(tx, staff.brandId, values);
        await replaceFormBranches(tx, row.id, branchIds);
        await saveQuestions(tx, row.id, body.questions, []);
        const after = await loadView(tx, staff, row.id);
        await recordStaffChange(tx, staff, ip, {
          brandId: staff.brandId,
          branchId: branchIds.length === 1 ? (branchIds[0] as number) : null,
          objectType: 'evaluation_form',
          objectId: row.id,
          action: 'create',
          before: null,
          after: logged(after),
          at: ctx.now(),
        });
        return after;
      });
    },

    async update(
      staff: StaffPrincipal,
      ip: string | null,
      id: number,
      body: EvaluationFormUpdateBody,
    ): Promise<ManageEvaluationForm> {
      requireStaff(staff);
      return db.transaction(async (tx) => {
        const current = await findForm(tx, staff.brandId, id, true);
        if (!current) throw new AppError('evaluation_form_not_found');
        const [parts] = await partsOf(tx, [current]);
        const before = formView(staff, parts as FormParts);
        if (!before.editable) {
          throw new AppError(
            before.branchIds === null ? 'evaluation_form_all_branches_owner_only' : 'branch_out_of_scope',
          );
        }
        if (current.version !== body.version) throw new AppError('edit_conflict', { theirs: before, yours: body });
        const { values, branchIds } = await checkedValues(tx, staff, body, current);
        const written = await updateForm(tx, id, body.version, values);
        if (!written) throw new AppError('edit_conflict', { theirs: before, yours: body });
        await replaceFormBranches(tx, id, branchIds);
        await saveQuestions(tx, id, body.questions, parts?.questions ?? []);
        const after = await loadView(tx, staff, id);
        await recordStaffChange(tx, staff, ip, {
          brandId: staff.brandId,
          branchId: branchIds.length === 1 ? (branchIds[0] as number) : null,
          objectType: 'evaluation_form',
          objectId: id,
          action: 'update',
          before: logged(before),
          after: logged(after),
          at: ctx.now(),
        });
        return after;
      });
    },
  };
}

export type EvaluationsAdminService = ReturnType<typeof createEvaluationsAdminService>;

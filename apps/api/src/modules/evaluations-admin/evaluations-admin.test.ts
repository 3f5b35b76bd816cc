import {
  evaluationFormSchema,
  orderEvaluationSchema,
  staffEvaluationsResponse,
} from '@sufra/shared/schemas/evaluation';
import {
  type EvaluationFormUpdateBody,
  type ManageEvaluationForm,
  manageEvaluationFormSchema,
  manageEvaluationForms,
} from '@sufra/shared/schemas/evaluations-admin';
import { orderSchema } from '@sufra/shared/schemas/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../../test/accounts.ts';
import { brandA, brandB, brandC, STAFF, UUID } from '../../../test/fixture-brands.ts';
import { diner, menuIds, placeOrder } from '../../../test/orders.ts';
import { completeOrder } from '../../../test/punch-cards.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const FORMS = '/api/staff/manage/evaluations/forms/';
/** A manager of brand A's second branch only. */
const CLOSED_MANAGER = { email: 'closed-manager@brand-a.test', password: 'closed-manager-pass' };

/** The body a save sends for a form as read (the client's editor starts from it). */
function bodyOf(form: ManageEvaluationForm): EvaluationFormUpdateBody {
  return {
    name: form.name,
    active: form.active,
    pointsReward: form.pointsReward,
    lowRatingThreshold: form.lowRatingThreshold,
    apologyRewardId: form.apologyRewardId,
    forOrders: form.forOrders,
    forVisits: form.forVisits,
    branchIds: form.branchIds,
    questions: form.questions.map((q) => ({
      id: q.id,
      kind: q.kind,
      label: q.label,
      options: q.options.map((o) => ({ id: o.id, label: o.label })),
      required: q.required,
    })),
    version: form.version,
  };
}

const newForm = (branchIds: number[] | null, change: Record<string, unknown> = {}) => ({
  name: { ar: 'نموذج الفرع', en: 'Branch form' },
  active: true,
  pointsReward: 10,
  lowRatingThreshold: 2,
  apologyRewardId: null,
  forOrders: false,
  forVisits: true,
  branchIds,
  questions: [
    { id: null, kind: 'rating', label: { ar: 'الخدمة', en: 'Service' }, options: [], required: true },
    {
      id: null,
      kind: 'single',
      label: { ar: 'هل ستعود؟', en: 'Will you come back?' },
      options: [
        { id: null, label: { ar: 'نعم', en: 'Yes' } },
        { id: null, label: { ar: 'لا', en: 'No' } },
      ],
      required: false,
    },
  ],
  ...change,
});

describe('evaluation forms in the console (issue 27 item 5)', () => {
  let t: TestApp;
  let owner: Caller;
  let manager: Caller;
  let closedManager: Caller;
  let cashier: Caller;
  let otherBrand: Caller;
  let brandId: number;
  let mainBranch: number;
  let closedBranch: number;
  let foreignBranch: number;
  let seededFormId: number;
  let water: number;

  const one = async <T>(sql: string, params: unknown[] = []) => {
    const [row] = await t.database.query<T>(sql, params);
    if (!row) throw new Error(`nothing for ${sql}`);
    return row;
  };
  const staffCaller = async (who: { email: string; password: string }, language = 'en') => {
    const c = caller(t, { language });
    expect((await c.call('POST', '/api/staff/auth/login/', who)).statusCode).toBe(200);
    return c;
  };
  const read = async (id: number, c: Caller = owner) => {
    const res = await c.call('GET', `${FORMS}${id}/`);
    expect(res.statusCode, res.body).toBe(200);
    return manageEvaluationFormSchema.parse(res.json());
  };
  const save = (id: number, body: unknown, c: Caller = owner) => c.call('PUT', `${FORMS}${id}/`, body);
  const auditRows = (id: number) =>
    t.database.query<{ action: string; before: unknown; after: unknown }>(
      "select action, before, after from audit_log where object_type = 'evaluation_form' and object_id = $1 order by id",
      [id],
    );
  const formCount = async () => (await one<{ n: number }>('select count(*)::int as n from evaluation_forms')).n;
  const dinerForm = async (uuid: string, formId: number, language: string, order?: number) =>
    caller(t, { language }).call('GET', `/api/evaluations/${uuid}/forms/${formId}/${order ? `?order=${order}` : ''}`);
  const completedOrder = async (d: Caller) => {
    const res = await placeOrder(d, UUID.aMain, {
      orderType: 2,
      lines: [{ kind: 'product', itemId: water, quantity: 1 }],
      paymentMethod: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json());
    await completeOrder(cashier, order.id);
    return order;
  };

  beforeAll(async () => {
    t = await createTestApp({
      brands: [
        {
          ...brandA,
          staff: [
            ...(brandA.staff ?? []),
            { ...CLOSED_MANAGER, name: 'Closed Manager', role: 'manager' as const, branches: ['a-closed'] },
          ],
        },
        brandB,
        brandC,
      ],
    });
    brandId = t.seeded.get('test-brand-a')?.brandId as number;
    owner = await staffCaller(STAFF.aOwner);
    manager = await staffCaller(STAFF.aManager);
    closedManager = await staffCaller(CLOSED_MANAGER);
    cashier = await staffCaller(STAFF.aCashier);
    otherBrand = await staffCaller(STAFF.bManager);
    const branchOf = async (uuid: string) =>
      (await one<{ id: number }>('select branch_id as id from qr_codes where uuid = $1', [uuid])).id;
    mainBranch = await branchOf(UUID.aMain);
    closedBranch = await branchOf(UUID.aClosed);
    foreignBranch = await branchOf(UUID.bMain);
    seededFormId = (await one<{ id: number }>('select id from evaluation_forms where brand_id = $1', [brandId])).id;
    water = (await menuIds(t, UUID.aMain)).item('water');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the brand forms with their questions to owners and managers; a cashier and the signed-out are refused', async () => {
    const list = manageEvaluationForms.parse((await owner.call('GET', FORMS)).json());
    const seeded = list.forms.find((f) => f.id === seededFormId);
    expect(seeded).toMatchObject({ branchIds: null, forOrders: true, forVisits: true, version: 1, editable: true });
    expect(seeded?.questions.map((q) => [q.kind, q.required])).toEqual([
      ['rating', true],
      ['single', true],
      ['multiple', false],
      ['text', false],
    ]);
    expect(list.apologyRewards.map((r) => r.name.en)).toContain('Gift');
    expect(list.canLinkAllBranches).toBe(true);

    const asManager = manageEvaluationForms.parse((await manager.call('GET', FORMS)).json());
    expect(asManager.forms.find((f) => f.id === seededFormId)?.editable).toBe(false);
    expect(asManager.canLinkAllBranches).toBe(false);

    expect((await cashier.call('GET', FORMS)).statusCode).toBe(403);
    expect((await cashier.call('GET', `${FORMS}${seededFormId}/`)).statusCode).toBe(403);
    expect((await caller(t).call('GET', FORMS)).statusCode).toBe(401);
    // Another brand's form is not found, to read or to save.
    expect((await otherBrand.call('GET', `${FORMS}${seededFormId}/`)).json().error.code).toBe(
      'evaluation_form_not_found',
    );
    const foreignSave = await save(seededFormId, bodyOf(await read(seededFormId)), otherBrand);
    expect(foreignSave.statusCode).toBe(404);
  });

  it('makes a question optional at the version read; the diner sees it in both languages and the log has both sides', async () => {
    const form = await read(seededFormId);
    const body = bodyOf(form);
    const single = body.questions[1];
    if (!single) throw new Error('no single question');
    single.required = false;
    single.label = { ar: 'هل وصل في الوقت؟', en: 'Was it on time?' };
    const res = await save(seededFormId, body);
    expect(res.statusCode, res.body).toBe(200);
    const saved = manageEvaluationFormSchema.parse(res.json());
    expect(saved.version).toBe(form.version + 1);
    expect(saved.questions[1]).toMatchObject({ id: single.id, required: false });

    for (const language of ['ar', 'en']) {
      const diner = evaluationFormSchema.parse((await dinerForm(UUID.aMain, seededFormId, language)).json());
      expect(diner.questions.find((q) => q.id === single.id)).toMatchObject({
        required: false,
        label: { ar: 'هل وصل في الوقت؟', en: 'Was it on time?' },
      });
    }
    const rows = await auditRows(seededFormId);
    expect(rows.at(-1)).toMatchObject({
      action: 'update',
      before: {
        version: form.version,
        questions: expect.arrayContaining([expect.objectContaining({ required: true })]),
      },
      after: { version: saved.version },
    });

    // The same save again, at the version it read before: 409 with both values, nothing changed.
    const stale = await save(seededFormId, { ...body, name: { ar: 'قديم', en: 'Stale' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      code: 'edit_conflict',
      details: { theirs: { version: saved.version }, yours: { version: form.version } },
    });
    expect((await read(seededFormId)).name.en).not.toBe('Stale');
    expect(await auditRows(seededFormId)).toHaveLength(rows.length);
  });

  it('retires an answered question instead of deleting it: old answers stay readable, diners no longer see it', async () => {
    const d = await diner(t, UUID.aMain, '0597000001');
    const order = await completedOrder(d);
    const form = await read(seededFormId);
    const [rating, single, multiple, text] = form.questions;
    if (!rating || !single || !multiple || !text) throw new Error('seeded form changed');
    const sent = await (async () => {
      const boundary = '----sufraformsadmin';
      const evaluation = JSON.stringify({
        orderId: order.id,
        answers: [
          { questionId: rating.id, rating: 4 },
          { questionId: single.id, optionIds: [single.options[0]?.id] },
          { questionId: text.id, text: 'Lovely bread' },
        ],
      });
      const payload = `--${boundary}\r\ncontent-disposition: form-data; name="evaluation"\r\n\r\n${evaluation}\r\n--${boundary}--\r\n`;
      return d.call('POST', `/api/evaluations/${UUID.aMain}/forms/${seededFormId}/`, payload, {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      });
    })();
    expect(sent.statusCode, sent.body).toBe(201);

    const answered = await read(seededFormId);
    expect(answered.questions.map((q) => q.answers)).toEqual([1, 1, 0, 1]);

    // An answered question keeps its kind and its options, in both languages' words.
    const kindChange = bodyOf(answered);
    (kindChange.questions[3] as { kind: string }).kind = 'rating';
    const refused = await save(seededFormId, kindChange, await staffCaller(STAFF.aOwner, 'ar'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('أجاب العملاء عن هذا السؤال: يبقى نوعه وخياراته (احذفه ليُوقَف)');
    const optionDrop = bodyOf(answered);
    optionDrop.questions[1]?.options.splice(1, 1);
    optionDrop.questions[1]?.options.push({ id: null, label: { ar: 'ربما', en: 'Maybe' } });
    expect((await save(seededFormId, optionDrop)).json().error.code).toBe('evaluation_question_answered');

    // An option may be added; the answered text question and the unanswered multiple one are removed.
    const body = bodyOf(answered);
    body.questions[1]?.options.push({ id: null, label: { ar: 'تقريبًا', en: 'Nearly' } });
    body.questions = [body.questions[0], body.questions[1]].filter((q) => q !== undefined);
    const res = await save(seededFormId, body);
    expect(res.statusCode, res.body).toBe(200);
    const saved = manageEvaluationFormSchema.parse(res.json());
    expect(saved.questions.map((q) => q.id)).toEqual([rating.id, single.id]);
    expect(saved.questions[1]?.options.map((o) => o.label.en)).toEqual(['Yes', 'No', 'Nearly']);
    expect(saved.questions[1]?.options[2]?.id).toBe(3);
    expect(saved.retiredQuestions.map((q) => q.id)).toEqual([text.id]);
    expect(await t.database.query('select 1 from evaluation_questions where id = $1', [multiple.id])).toHaveLength(0);

    const dinerView = evaluationFormSchema.parse((await dinerForm(UUID.aMain, seededFormId, 'en')).json());
    expect(dinerView.questions.map((q) => q.id)).toEqual([rating.id, single.id]);
    // An answer to the retired question is no longer taken.
    const d2 = await diner(t, UUID.aMain, '0597000002');
    const order2 = await completedOrder(d2);
    const boundary = '----sufraformsadmin2';
    const evaluation = JSON.stringify({
      orderId: order2.id,
      answers: [
        { questionId: rating.id, rating: 5 },
        { questionId: text.id, text: 'Retired' },
      ],
    });
    const late = await d2.call(
      'POST',
      `/api/evaluations/${UUID.aMain}/forms/${seededFormId}/`,
      `--${boundary}\r\ncontent-disposition: form-data; name="evaluation"\r\n\r\n${evaluation}\r\n--${boundary}--\r\n`,
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
    );
    expect(late.json().error.code).toBe('evaluation_answer_invalid');

    // The managers still read the first diner's answer to the retired question, with its words.
    const list = staffEvaluationsResponse.parse((await manager.call('GET', '/api/staff/evaluations/')).json());
    const mine = list.evaluations.find((e) => e.orderId === order.id);
    expect(mine?.answers.map((a) => a.question.en)).toEqual(['Food', 'Was it on time?', text.label.en]);
    expect(mine?.answers[2]?.text).toBe('Lovely bread');
  });

  it('links a form to branches and to the table QR only: diners elsewhere and orders do not get it', async () => {
    const res = await owner.call('POST', FORMS, newForm([closedBranch]));
    expect(res.statusCode, res.body).toBe(201);
    const form = manageEvaluationFormSchema.parse(res.json());
    expect(form).toMatchObject({ branchIds: [closedBranch], forOrders: false, forVisits: true, version: 1 });
    expect(form.questions[1]?.options.map((o) => o.id)).toEqual([1, 2]);
    expect(await auditRows(form.id)).toMatchObject([{ action: 'create', before: null }]);

    expect((await dinerForm(UUID.aClosed, form.id, 'en')).statusCode).toBe(200);
    expect((await dinerForm(UUID.aMain, form.id, 'en')).json().error.code).toBe('evaluation_form_not_found');
    // Not offered on orders: an order of the main branch still gets the brand's form for orders.
    const d = await diner(t, UUID.aMain, '0597000003');
    const order = await completedOrder(d);
    expect((await dinerForm(UUID.aMain, form.id, 'en', order.id)).statusCode).toBe(401);
    expect((await d.call('GET', `/api/evaluations/${UUID.aMain}/forms/${form.id}/?order=${order.id}`)).statusCode).toBe(
      404,
    );
    const link = async () =>
      orderEvaluationSchema.parse((await d.call('GET', `/api/evaluations/${UUID.aMain}/orders/${order.id}/`)).json());
    expect((await link()).formId).toBe(seededFormId);

    // The brand's form taken off orders: an order has no form to rate on.
    const seeded = bodyOf(await read(seededFormId));
    expect((await save(seededFormId, { ...seeded, forOrders: false })).statusCode).toBe(200);
    expect((await link()).formId).toBeNull();
    const back = bodyOf(await read(seededFormId));
    expect((await save(seededFormId, { ...back, forOrders: true })).statusCode).toBe(200);
    expect((await link()).formId).toBe(seededFormId);
  });

  it("keeps a manager to their own branches and refuses other brands' branches and prizes, writing nothing", async () => {
    const before = await formCount();
    const expectCode = async (
      res: { statusCode: number; json: () => { error: { code: string } } },
      status: number,
      code: string,
    ) => {
      expect(res.statusCode).toBe(status);
      expect(res.json().error.code).toBe(code);
    };
    await expectCode(await closedManager.call('POST', FORMS, newForm([mainBranch])), 403, 'branch_out_of_scope');
    await expectCode(
      await closedManager.call('POST', FORMS, newForm(null)),
      403,
      'evaluation_form_all_branches_owner_only',
    );
    await expectCode(await owner.call('POST', FORMS, newForm([foreignBranch])), 404, 'branch_not_found');
    await expectCode(
      await owner.call('POST', FORMS, newForm([closedBranch], { forVisits: false })),
      422,
      'evaluation_form_no_place',
    );
    // An active prize of brand B: a real object of another brand, not a missing id.
    const foreignPrize = (
      await one<{ id: number }>(
        "insert into rewards (brand_id, shop, kind, name_ar, name_en) select brand_id, 'prize', 'gift', 'هدية ب', 'Gift B' from branches where id = $1 returning id",
        [foreignBranch],
      )
    ).id;
    await expectCode(
      await owner.call('POST', FORMS, newForm([closedBranch], { apologyRewardId: foreignPrize })),
      422,
      'evaluation_apology_reward_invalid',
    );
    const oneOption = newForm([closedBranch]);
    (oneOption.questions[1] as { options: unknown[] }).options.pop();
    expect((await owner.call('POST', FORMS, oneOption)).statusCode).toBe(400);
    expect((await cashier.call('POST', FORMS, newForm([mainBranch]))).statusCode).toBe(403);
    expect(await formCount()).toBe(before);

    // A manager's own form: theirs to change; the brand-wide form and a form of another branch are not.
    const created = await closedManager.call('POST', FORMS, newForm([closedBranch]));
    expect(created.statusCode, created.body).toBe(201);
    const own = manageEvaluationFormSchema.parse(created.json());
    expect(own.editable).toBe(true);
    const renamed = await save(own.id, { ...bodyOf(own), name: { ar: 'اسم', en: 'Renamed' } }, closedManager);
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expectCode(
      await save(seededFormId, bodyOf(await read(seededFormId)), closedManager),
      403,
      'evaluation_form_all_branches_owner_only',
    );
    const mainForm = manageEvaluationFormSchema.parse((await owner.call('POST', FORMS, newForm([mainBranch]))).json());
    await expectCode(await save(mainForm.id, bodyOf(mainForm), closedManager), 403, 'branch_out_of_scope');
    // Moving their form to a branch that is not theirs, or naming another form's question, is refused.
    const current = await read(own.id);
    await expectCode(
      await save(own.id, { ...bodyOf(current), branchIds: [mainBranch] }, closedManager),
      403,
      'branch_out_of_scope',
    );
    const stolen = bodyOf(current);
    (stolen.questions[0] as { id: number | null }).id = mainForm.questions[0]?.id ?? null;
    await expectCode(await save(own.id, stolen, closedManager), 404, 'evaluation_question_not_found');
    expect((await read(own.id)).version).toBe(current.version);
  });
});

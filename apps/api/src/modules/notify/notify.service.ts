import type { ErrorCode } from '@sufra/shared/messages/errors';
import {
  checkSmsTemplate,
  DEFAULT_SMS_TEMPLATES,
  renderSmsTemplate,
  SMS_KINDS,
  SMS_PLACEHOLDERS,
  type SmsKind,
  type SmsLanguage,
} from '@sufra/shared/notify/sms-templates';
import type { SmsPreferences, SmsTemplate, SmsTemplateBody } from '@sufra/shared/schemas/notify';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import {
  findDinerForSms,
  findTemplate,
  insertDinerSms,
  listTemplates,
  lockTemplate,
  type SmsTemplateRow,
  saveTemplate,
  setSmsOptOut,
} from './notify.repo.ts';

/** A diner text to queue: the fact it tells (one text per `dedupeKey`) and its placeholder values per language. */
export interface DinerSmsRequest {
  brandId: number;
  customerId: number;
  kind: SmsKind;
  dedupeKey: string;
  values: (language: SmsLanguage) => Record<string, string>;
  now: Date;
}

/**
 * Writes a diner text into the SMS outbox in the caller's transaction (the relay sends it after commit, retrying
 * with backoff): in the diner's language, in the brand's wording (or the default), once per fact. Nothing is
 * written for a diner who opted out. Answers whether a text was queued.
 */
export async function queueDinerSms(tx: Queryable, request: DinerSmsRequest): Promise<boolean> {
  const diner = await findDinerForSms(tx, request.customerId, request.brandId);
  if (!diner || diner.smsOptOut) return false;
  const language: SmsLanguage = diner.language === 'en' ? 'en' : 'ar';
  const saved = await findTemplate(tx, request.brandId, request.kind);
  const template = saved
    ? language === 'ar'
      ? saved.bodyAr
      : saved.bodyEn
    : DEFAULT_SMS_TEMPLATES[request.kind][language];
  return insertDinerSms(tx, {
    brandId: request.brandId,
    toPhone: diner.phone,
    body: renderSmsTemplate(template, request.values(language)),
    kind: request.kind,
    dedupeKey: request.dedupeKey,
    now: request.now,
  });
}

const PROBLEM_CODES: Record<NonNullable<ReturnType<typeof checkSmsTemplate>>['problem'], ErrorCode> = {
  empty: 'sms_template_length',
  too_long: 'sms_template_length',
  unknown: 'sms_template_placeholder_unknown',
  missing: 'sms_template_placeholder_missing',
  brace: 'sms_template_brace',
};

function view(kind: SmsKind, row: SmsTemplateRow | null): SmsTemplate {
  const defaults = DEFAULT_SMS_TEMPLATES[kind];
  return {
    kind,
    body: row ? { ar: row.bodyAr, en: row.bodyEn } : { ...defaults },
    defaults: { ...defaults },
    placeholders: { allowed: [...SMS_PLACEHOLDERS[kind].allowed], required: [...SMS_PLACEHOLDERS[kind].required] },
    version: row?.version ?? 0,
    custom: row !== null,
  };
}

/** The console's notification templates and the diner's opt-out (issue 28 item 4). */
export function createNotifyService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async listTemplates(staff: StaffPrincipal): Promise<{ templates: SmsTemplate[] }> {
      if (staff.role === 'cashier') throw new AppError('forbidden');
      const rows = await listTemplates(db, staff.brandId);
      return { templates: SMS_KINDS.map((kind) => view(kind, rows.find((r) => r.kind === kind) ?? null)) };
    },

    /** Saves a kind's wording at the version read (0: the default); placeholders checked; audited in the same transaction. */
    async saveTemplate(staff: StaffPrincipal, ip: string | null, kind: SmsKind, body: SmsTemplateBody) {
      if (staff.role !== 'owner') throw new AppError('forbidden');
      const fields: Record<string, ErrorCode> = {};
      for (const language of ['ar', 'en'] as const) {
        const problem = checkSmsTemplate(kind, body.body[language]);
        if (problem) fields[`body.${language}`] = PROBLEM_CODES[problem.problem];
      }
      const first = Object.values(fields)[0];
      if (first) throw new AppError(first, undefined, fields);
      return db.transaction(async (tx) => {
        const current = await lockTemplate(tx, staff.brandId, kind);
        const before = view(kind, current);
        const yours = { body: body.body, version: body.version };
        if (before.version !== body.version) throw new AppError('edit_conflict', { theirs: before, yours });
        const at = ctx.now();
        const written = await saveTemplate(tx, {
          brandId: staff.brandId,
          kind,
          bodyAr: body.body.ar,
          bodyEn: body.body.en,
          version: body.version,
          at,
        });
        if (!written) throw new AppError('edit_conflict', { theirs: before, yours });
        const after = await findTemplate(tx, staff.brandId, kind);
        await recordStaffChange(tx, staff, ip, {
          brandId: staff.brandId,
          branchId: null,
          objectType: 'sms_template',
          objectId: kind,
          action: current ? 'update' : 'create',
          before: current ? { kind, body: before.body } : null,
          after: { kind, body: body.body },
          at,
        });
        return view(kind, after);
      });
    },

    async preferences(customer: CustomerPrincipal): Promise<SmsPreferences> {
      const diner = await findDinerForSms(db, customer.id, customer.brandId);
      if (!diner) throw new AppError('not_found');
      return { smsOptOut: diner.smsOptOut };
    },

    async setPreferences(customer: CustomerPrincipal, body: SmsPreferences): Promise<SmsPreferences> {
      const row = await setSmsOptOut(db, customer.id, customer.brandId, body.smsOptOut, ctx.now());
      if (!row) throw new AppError('not_found');
      return { smsOptOut: row.smsOptOut };
    },
  };
}

export type NotifyService = ReturnType<typeof createNotifyService>;

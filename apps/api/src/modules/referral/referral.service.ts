import { randomBytes } from 'node:crypto';
import {
  isReferralCodeShape,
  normalizeReferralCode,
  REFERRAL_CODE_LENGTH,
  referralCodeFrom,
} from '@sufra/shared/engagement/referral';
import { parsePhone } from '@sufra/shared/phone/phone-number';
import type { PhoneInputBody } from '@sufra/shared/schemas/auth';
import type { Lead, ReferenceResponse, ReferralResponse } from '@sufra/shared/schemas/referral';
import type { AppContext } from '../../app-context.ts';
import { assertServiceOn, toBrand } from '../../core/branch-context.service.ts';
import { findCustomer } from '../../core/diners.repo.ts';
import type { QrService } from '../../core/qr-context.service.ts';
import type { Queryable } from '../../db/client.ts';
import type { CustomerPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { phoneError } from '../auth/otp.service.ts';
import {
  findBrandEntryQr,
  findCodeOf,
  findCodeOwner,
  findReferralRules,
  insertCode,
  insertLead,
  joinLead,
  type LeadRow,
  leadsMadeSince,
  listLeads,
  lockFriendPhone,
  lockReferrer,
  type ReferralRulesRow,
} from './referral.repo.ts';

/** A fresh code clashes with an existing one about once in 31^8 / codes: a few draws are always enough. */
const CODE_DRAWS = 5;

/** +966 5• ••• ••67: the country code and the last two digits, enough to tell one's friends apart. */
export function maskPhone(e164: string): string {
  if (e164.length <= 6) return e164;
  return `${e164.slice(0, 5)}${'•'.repeat(e164.length - 7)}${e164.slice(-2)}`;
}

function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

function toRules(rules: ReferralRulesRow) {
  return {
    referrerPoints: rules.referrerPoints,
    friendPoints: rules.friendPoints,
    refundWindowDays: rules.refundWindowDays,
  };
}

function toLead(lead: LeadRow & { friendName: string | null }): Lead {
  return {
    id: lead.id,
    phoneMasked: maskPhone(lead.friendPhone),
    friendName: lead.friendName ? firstName(lead.friendName) : null,
    status: lead.status as Lead['status'],
    createdAt: lead.createdAt.toISOString(),
    joinedAt: lead.joinedAt?.toISOString() ?? null,
    convertedAt: lead.convertedAt?.toISOString() ?? null,
    declinedAt: lead.declinedAt?.toISOString() ?? null,
  };
}

/** What the referral operations need: the app (database, clock, config) and the QR service, for the friend's landing. */
export interface ReferralDeps {
  ctx: AppContext;
  qr: QrService;
}

async function rulesOf({ ctx }: ReferralDeps, brandId: number): Promise<ReferralRulesRow> {
  const rules = await findReferralRules(ctx.db, brandId);
  // Switched off in the console (issue 27): no page, no invitation, no landing; leads made before still convert.
  if (!rules?.enabled) throw new AppError('referral_unavailable');
  return rules;
}

/** The diner's code, made on first use (a clash with another's code draws again). */
async function codeOf({ ctx }: ReferralDeps, customer: CustomerPrincipal): Promise<string> {
  for (let draw = 0; draw < CODE_DRAWS; draw++) {
    const existing = await findCodeOf(ctx.db, customer.id);
    if (existing) return existing;
    const code = referralCodeFrom(randomBytes(REFERRAL_CODE_LENGTH));
    if (await insertCode(ctx.db, { customerId: customer.id, brandId: customer.brandId, code })) return code;
  }
  throw new Error('could not draw a free referral code');
}

export async function mine(deps: ReferralDeps, customer: CustomerPrincipal): Promise<ReferralResponse> {
  const rules = await rulesOf(deps, customer.brandId);
  const code = await codeOf(deps, customer);
  const leads = await listLeads(deps.ctx.db, customer.id);
  return { code, rules: toRules(rules), leads: leads.map(toLead) };
}

/**
 * Invitations per diner in a rolling day (issue 24: 60 in a row probed who is a customer): the brand's own cap since
 * issue 27 (referral_rules.invitations_per_day), this by default.
 */
export const LEADS_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60_000;

/**
 * A friend's phone becomes a pending lead: not one's own, not a phone already led. A customer's phone is answered
 * like anyone else's (issue 24: a 409 for customers told who is one); its lead stays Pending, since that friend
 * never registers again. At most the brand's invitations a day per diner (429 with the wait), counted under a lock on the
 * diner so that requests sent at once cannot pass it together. ADR 0181.
 */
export async function addLead(deps: ReferralDeps, customer: CustomerPrincipal, phone: PhoneInputBody): Promise<Lead> {
  const { db } = deps.ctx;
  const { invitationsPerDay } = await rulesOf(deps, customer.brandId);
  const parsed = parsePhone(phone);
  if (!parsed.ok) throw phoneError(parsed.problem);
  const me = await findCustomer(db, customer.id, customer.brandId);
  if (me?.phone === parsed.e164) throw new AppError('referral_self', undefined, { phone: 'referral_self' });
  const now = deps.ctx.now();
  // The diner's lock first, then the friend's phone lock (the registration's join takes only the latter).
  const lead = await db.transaction(async (tx) => {
    await lockReferrer(tx, customer.id);
    const today = await leadsMadeSince(tx, customer.id, new Date(now.getTime() - DAY_MS));
    if (today.count >= invitationsPerDay && today.oldest) {
      const seconds = Math.ceil((today.oldest.getTime() + DAY_MS - now.getTime()) / 1000);
      throw new AppError('referral_leads_limited', { retryAfterSeconds: Math.max(1, seconds) });
    }
    await lockFriendPhone(tx, customer.brandId, parsed.e164);
    return insertLead(tx, {
      brandId: customer.brandId,
      referrerId: customer.id,
      friendPhone: parsed.e164,
      createdAt: now,
    });
  });
  if (!lead) throw new AppError('referral_lead_exists', undefined, { phone: 'referral_lead_exists' });
  return toLead({ ...lead, friendName: null });
}

/** The friend's landing: who invites them, to which brand, and where to go on (the brand's counter QR). */
export async function reference(deps: ReferralDeps, typed: string): Promise<ReferenceResponse> {
  const { db } = deps.ctx;
  const code = normalizeReferralCode(typed);
  const owner = isReferralCodeShape(code) ? await findCodeOwner(db, code) : undefined;
  if (!owner) throw new AppError('referral_code_invalid');
  const qrUuid = await findBrandEntryQr(db, owner.brandId);
  if (!qrUuid) throw new AppError('referral_code_invalid');
  const context = await deps.qr.resolveUsableQr(qrUuid);
  assertServiceOn(context.servicesOff, 'referral');
  const rules = await rulesOf(deps, owner.brandId);
  const brand = toBrand(context.brand, deps.ctx.config.imageHost);
  return {
    code,
    brand: { id: brand.id, name: brand.name, logo: brand.logo },
    referrerName: firstName(owner.fullName),
    qrUuid,
    rules: toRules(rules),
  };
}

/**
 * The referrer a registration names by its code, checked before the registration writes anything (so a typo
 * can be fixed and the verification code used again): undefined when no code was given.
 */
export async function referrerOf(
  { ctx }: ReferralDeps,
  brandId: number,
  typed: string | undefined,
): Promise<number | undefined> {
  if (typed === undefined) return undefined;
  const code = normalizeReferralCode(typed);
  const field = 'referralCode';
  if (code === '') throw new AppError('referral_code_required', undefined, { [field]: 'referral_code_required' });
  const owner = isReferralCodeShape(code) ? await findCodeOwner(ctx.db, code) : undefined;
  if (!owner || owner.brandId !== brandId) {
    throw new AppError('referral_code_invalid', undefined, { [field]: 'referral_code_invalid' });
  }
  return owner.customerId;
}

/** In the registration's transaction: the new customer's lead joins (see referral.repo joinLead). */
export async function joined(
  { ctx }: ReferralDeps,
  tx: Queryable,
  input: { brandId: number; friendId: number; friendPhone: string; referrerId: number | undefined },
): Promise<void> {
  await lockFriendPhone(tx, input.brandId, input.friendPhone);
  await joinLead(tx, { ...input, referrerId: input.referrerId ?? null, at: ctx.now() });
}

/**
 * Referral (issue 17): a diner's code and leads, the friend's landing, and the join at registration. What happens
 * to a lead once its friend orders is in referral-reactions.ts, on the order's lifecycle. The operations are the
 * plain functions above; this binds them to the app so callers say `referral.mine(...)`.
 */
export function createReferralService(ctx: AppContext, services: { qr: QrService }) {
  const deps: ReferralDeps = { ctx, qr: services.qr };
  return {
    mine: mine.bind(null, deps),
    addLead: addLead.bind(null, deps),
    reference: reference.bind(null, deps),
    referrerOf: referrerOf.bind(null, deps),
    joined: joined.bind(null, deps),
  };
}

export type ReferralService = ReturnType<typeof createReferralService>;

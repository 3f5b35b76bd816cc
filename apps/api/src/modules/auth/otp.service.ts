import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Language } from '@sufra/shared/language';
import type { ErrorCode } from '@sufra/shared/messages/errors';
import { parsePhone } from '@sufra/shared/phone/phone-number';
import type { OtpPurpose, OtpRequestResponse, PhoneInputBody } from '@sufra/shared/schemas/auth';
import type { registrationProfile } from '@sufra/shared/schemas/customer';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import {
  type CustomerRow,
  findCustomer,
  findCustomerByPhone,
  insertCustomer,
  updateCustomer,
} from '../../core/diners.repo.ts';
import type { IssuedTokens, SessionsService } from '../../core/sessions.service.ts';
import type { Queryable } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { latestOf, nextTryAt } from '../../lib/failure-backoff.ts';
import { AppError } from '../../plugins/errors.ts';
import { insertSms } from '../../providers/sms/sms-outbox.repo.ts';
import {
  addWrongTry,
  consumeOtp,
  findOtp,
  insertOtp,
  lockPhone,
  type OtpRow,
  recordVerifyAttempt,
  sendsFromIpSince,
  sendsToPhoneSince,
  verifyFailuresSince,
} from './otp.repo.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Issue 3's limits, and issue 13's throttles on wrong codes (docs/adr/0023-otp-codes-and-send-limits.md,
 * docs/adr/0024-sign-in-throttling.md). Every counter is rows (otp_requests, otp_verify_attempts), so several
 * instances share them.
 */
export const OTP_RULES = {
  ttlMs: 5 * MINUTE,
  maxWrongTriesPerCode: 5,
  sendsPerPhonePer10Min: 3,
  /**
   * Past 10 sends to one number in a day, each further send waits 15 minutes after the last one. A delay, never a
   * lock: strangers spending a day's 10 sends in 30 minutes from rotating addresses (issue 24) used to keep the
   * owner from any code for 23.5 h. Each send is a paid SMS: at most 10 + 96 a day per number
   * (docs/adr/0180-account-throttles-delay-never-lock.md).
   */
  sendsPerPhonePerDay: 10,
  slowSendGapMs: 15 * MINUTE,
  /** A gap between two sends to one number, so a double tap doesn't spend a send (the default of OTP_SEND_GAP_SECONDS). */
  minGapMs: 30_000,
  /** Wrong codes from one address for one phone (the guesser's own key), in a day since that pair's last right code. */
  perAddressAndPhone: { free: 5, firstDelayMs: 30_000, maxDelayMs: 60 * MINUTE, windowMs: DAY },
  /** Wrong codes from one address for any phone, in an hour; `free` is SIGN_IN_FAILURES_PER_IP_PER_HOUR. */
  perAddress: { firstDelayMs: 5_000, maxDelayMs: 5 * MINUTE, windowMs: 60 * MINUTE },
  /**
   * Wrong codes for one phone from anywhere since its last right code, looking back 30 days (NIST SP 800-63B rev 4:
   * at most 100 consecutive failures per account; the sends cap a day at 50, so a day's window would never fill). Past
   * it only a code's first try is checked: the owner asks for a new code.
   */
  perPhoneCeiling: 100,
  perPhoneWindowMs: 30 * DAY,
} as const;

/**
 * SMS text in the diner's language (Accept-Language when the code was asked for), signed with the brand's name: the
 * diner signs in to the restaurant, and the platform's name would mean nothing to them (issue 13, item 20).
 */
export function otpSmsBody(code: string, language: Language, brandName: { ar: string; en: string }): string {
  return language === 'ar' ? `رمز التحقق من ${brandName.ar}: ${code}` : `Your ${brandName.en} code: ${code}`;
}

export function phoneError(problem: 'phone_required' | 'phone_invalid' | 'dial_code_unknown'): AppError {
  const field = problem === 'dial_code_unknown' ? 'phone.dial_code' : 'phone.phone_number';
  return new AppError(problem, undefined, { [field]: problem });
}

function limited(code: ErrorCode, until: Date, now: Date): AppError {
  return new AppError(code, { retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) });
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OtpServiceDeps {
  secret: string;
  sessions: SessionsService;
  /** Called after a transaction wrote an SMS to the outbox (the relay sends it now). */
  onSmsQueued: () => void;
  ipSendsPerHour: number;
  /** OTP_SEND_GAP_SECONDS (default OTP_RULES.minGapMs). */
  sendGapMs: number;
  /** SIGN_IN_FAILURES_PER_IP_PER_HOUR: wrong codes one address may make in an hour before its tries are slowed. */
  failuresPerIpPerHour: number;
  /**
   * What a registration tells the referral programme: the code's referrer is checked before anything is written,
   * and the new customer's lead joins inside the registration's transaction (modules/referral).
   */
  referral?: {
    referrerOf(brandId: number, typed: string | undefined): Promise<number | undefined>;
    joined(
      tx: Queryable,
      input: { brandId: number; friendId: number; friendPhone: string; referrerId: number | undefined },
    ): Promise<void>;
  };
}

/** What the codes' operations need: the app, and the service's settings and collaborators. */
export interface OtpDeps extends OtpServiceDeps {
  ctx: AppContext;
}

function hashCode(deps: OtpDeps, requestId: string, code: string) {
  return createHmac('sha256', deps.secret).update(`otp.${requestId}.${code}`).digest();
}

/** When the next send to this phone (and from this ip) is allowed; null when now. */
async function nextSendAllowedAt(deps: OtpDeps, q: Queryable, phone: string, ip: string | null, now: Date) {
  const t = now.getTime();
  const waits: Date[] = [];
  const recent = await sendsToPhoneSince(q, phone, new Date(t - 10 * MINUTE));
  if (recent.count >= OTP_RULES.sendsPerPhonePer10Min && recent.oldest) {
    waits.push(new Date(recent.oldest.getTime() + 10 * MINUTE));
  }
  const gap = await sendsToPhoneSince(q, phone, new Date(t - deps.sendGapMs));
  if (gap.count > 0 && gap.oldest) waits.push(new Date(gap.oldest.getTime() + deps.sendGapMs));
  const day = await sendsToPhoneSince(q, phone, new Date(t - DAY));
  if (day.count >= OTP_RULES.sendsPerPhonePerDay && day.latest) {
    const slow = new Date(day.latest.getTime() + OTP_RULES.slowSendGapMs);
    if (slow > now) waits.push(slow);
  }
  if (ip) {
    const fromIp = await sendsFromIpSince(q, ip, new Date(t - 60 * MINUTE));
    if (fromIp.count >= deps.ipSendsPerHour && fromIp.oldest)
      waits.push(new Date(fromIp.oldest.getTime() + 60 * MINUTE));
  }
  if (waits.length === 0) return null;
  return new Date(Math.max(...waits.map((d) => d.getTime())));
}

/**
 * The throttles on checking a code (docs/adr/0024-sign-in-throttling.md). What slows the one guessing: wrong
 * codes from this address for this phone, and from this address for any phone. What never locks the owner out: the
 * phone's own ceiling (wrong codes from anywhere) only refuses more tries of a code that already had a wrong one, so
 * a fresh code's first try is always checked; the address-wide throttle leaves first tries alone too, since many
 * diners share a venue's address.
 */
async function throttleRefusal(
  deps: OtpDeps,
  q: Queryable,
  row: OtpRow,
  ip: string,
  now: Date,
): Promise<AppError | null> {
  const t = now.getTime();
  const firstTry = row.wrongTries === 0;
  const pairRule = OTP_RULES.perAddressAndPhone;
  const pair = await verifyFailuresSince(q, { phone: row.phone, ip }, new Date(t - pairRule.windowMs), true);
  const waits = [nextTryAt(pairRule, pair, now)];
  if (!firstTry) {
    const ipRule = { ...OTP_RULES.perAddress, free: deps.failuresPerIpPerHour };
    const fromIp = await verifyFailuresSince(q, { ip }, new Date(t - ipRule.windowMs), false);
    waits.push(nextTryAt(ipRule, fromIp, now));
  }
  const wait = latestOf(waits);
  if (wait) return limited('sign_in_throttled', wait, now);
  if (firstTry) return null;
  const phoneSince = new Date(t - OTP_RULES.perPhoneWindowMs);
  const forPhone = await verifyFailuresSince(q, { phone: row.phone }, phoneSince, true);
  if (forPhone.count < OTP_RULES.perPhoneCeiling) return null;
  const resend = await nextSendAllowedAt(deps, q, row.phone, null, now);
  return limited('otp_tries_exceeded', resend ?? new Date(t + 1000), now);
}

/**
 * Sends a code. The answer is the same whether the number belongs to a customer or not, for both purposes, so
 * the endpoint cannot be used to find out who is registered: a change to a number in use is refused only once
 * its code is verified (verifyPhoneChange), which proves the caller holds that phone.
 */
export async function requestOtp(
  deps: OtpDeps,
  input: {
    brandId: number;
    brandName: { ar: string; en: string };
    phone: PhoneInputBody;
    purpose: OtpPurpose;
    customerId: number | null;
    ip: string;
    language: Language;
  },
): Promise<OtpRequestResponse> {
  const { ctx } = deps;
  const { db } = ctx;
  const parsed = parsePhone(input.phone);
  if (!parsed.ok) throw phoneError(parsed.problem);
  const phone = parsed.e164;
  const now = ctx.now();
  const requestId = randomUUID();
  const code = String(randomInt(0, 10_000)).padStart(4, '0');
  const expiresAt = new Date(now.getTime() + OTP_RULES.ttlMs);

  await db.transaction(async (tx) => {
    await lockPhone(tx, phone);
    const wait = await nextSendAllowedAt(deps, tx, phone, input.ip, now);
    if (wait) throw limited('otp_send_limited', wait, now);
    await insertOtp(tx, {
      id: requestId,
      brandId: input.brandId,
      phone,
      purpose: input.purpose,
      customerId: input.purpose === 'change_phone' ? input.customerId : null,
      codeHash: hashCode(deps, requestId, code).toString('hex'),
      expiresAt,
      ip: input.ip,
      createdAt: now,
    });
    await insertSms(tx, {
      brandId: input.brandId,
      toPhone: phone,
      body: otpSmsBody(code, input.language, input.brandName),
      now,
    });
  });
  deps.onSmsQueued();

  const resendAt = (await nextSendAllowedAt(deps, db, phone, null, now)) ?? now;
  return {
    requestId,
    phone,
    expiresAt: expiresAt.toISOString(),
    resendAt: resendAt.toISOString(),
    codeLength: 4,
  };
}

/**
 * Checks a code against its request, from the client address `ip`. Refusals, in order: unknown or spent or
 * expired code; too many wrong tries on this code (refused even with the right code); the throttles
 * (throttleRefusal); wrong code (counted on the code and as the address's failure).
 *
 * The check runs with the code's row locked (FOR UPDATE), so simultaneous guesses at one code are checked one
 * after another and never more than five are compared; the lock is held for a few short statements.
 */
export async function checkCode(
  deps: OtpDeps,
  input: { brandId: number; requestId: string; code: string; purpose: OtpPurpose; ip: string },
) {
  const { ctx } = deps;
  const { db } = ctx;
  const now = ctx.now();
  if (!UUID_RE.test(input.requestId)) throw new AppError('otp_expired');
  // Refusals are returned, not thrown, so the transaction commits what they counted.
  const outcome = await db.transaction(async (tx): Promise<{ row: OtpRow } | { refusal: AppError }> => {
    const row = await findOtp(tx, input.requestId.toLowerCase(), input.brandId, { lock: true });
    if (!row || row.purpose !== input.purpose) return { refusal: new AppError('otp_expired') };
    if (row.consumedAt || row.expiresAt <= now) return { refusal: new AppError('otp_expired') };
    if (row.wrongTries >= OTP_RULES.maxWrongTriesPerCode) {
      const wait = await nextSendAllowedAt(deps, tx, row.phone, null, now);
      return { refusal: limited('otp_tries_exceeded', wait ?? new Date(now.getTime() + 1000), now) };
    }
    const throttled = await throttleRefusal(deps, tx, row, input.ip, now);
    if (throttled) return { refusal: throttled };
    const right = timingSafeEqual(hashCode(deps, row.id, input.code), Buffer.from(row.codeHash, 'hex'));
    await recordVerifyAttempt(tx, { phone: row.phone, ip: input.ip, success: right, at: now });
    if (right) return { row };
    const tries = await addWrongTry(tx, row.id, OTP_RULES.maxWrongTriesPerCode);
    const triesLeft = Math.max(0, OTP_RULES.maxWrongTriesPerCode - (tries ?? OTP_RULES.maxWrongTriesPerCode));
    return { refusal: new AppError('otp_incorrect', { triesLeft }, { code: 'otp_incorrect' }) };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.row;
}

/**
 * Registers the verified number's diner with their profile, inside the sign-in's transaction; the referral's lead
 * joins there too. A concurrent registration of the same number wins quietly: this signs in to that customer.
 */
async function register(
  deps: OtpDeps,
  tx: Queryable,
  input: { brandId: number; profile: z.infer<typeof registrationProfile> | undefined; language: Language },
  at: { phone: string; referrerId: number | undefined; now: Date },
): Promise<{ customer: CustomerRow; created: boolean }> {
  const { phone, referrerId, now } = at;
  const profile = input.profile;
  if (!profile) throw new AppError('registration_required');
  const inserted = await insertCustomer(tx, {
    brandId: input.brandId,
    phone,
    fullName: profile.fullName,
    email: profile.email ?? null,
    ageGroup: profile.ageGroup ?? null,
    gender: profile.gender ?? null,
    city: profile.city ? profile.city : null,
    language: input.language,
    createdAt: now,
    updatedAt: now,
  });
  // A concurrent registration of the same number won: sign in to that customer.
  if (inserted) {
    const friend = { brandId: input.brandId, friendId: inserted.id, friendPhone: phone, referrerId };
    await deps.referral?.joined(tx, friend);
    return { customer: inserted, created: true };
  }
  const customer = await findCustomerByPhone(tx, input.brandId, phone);
  if (!customer) throw new Error('customer vanished during registration');
  return { customer, created: false };
}

/**
 * Verifies a sign-in code: signs in the customer of this number, or registers them with the profile.
 * Spending the code, creating the customer and the session are one transaction.
 */
export async function verifySignIn(
  deps: OtpDeps,
  input: {
    brandId: number;
    requestId: string;
    code: string;
    profile: z.infer<typeof registrationProfile> | undefined;
    referralCode?: string | undefined;
    language: Language;
    ip: string;
  },
): Promise<{ customer: CustomerRow; tokens: IssuedTokens; created: boolean }> {
  const { ctx } = deps;
  const { db } = ctx;
  const row = await checkCode(deps, { ...input, purpose: 'sign_in' });
  const existing = await findCustomerByPhone(db, input.brandId, row.phone);
  // Unknown number without a profile: the code stays usable for the registration call.
  if (!existing && !input.profile) throw new AppError('registration_required');
  // A bad referral code is refused before the code is spent, so the diner can fix it and send again.
  const referrerId = existing ? undefined : await deps.referral?.referrerOf(input.brandId, input.referralCode);
  const now = ctx.now();
  return db.transaction(async (tx) => {
    if (!(await consumeOtp(tx, row.id, now, OTP_RULES.maxWrongTriesPerCode))) throw new AppError('otp_expired');
    const customer = existing ?? (await findCustomerByPhone(tx, input.brandId, row.phone));
    const registered = customer
      ? { customer, created: false }
      : await register(deps, tx, input, { phone: row.phone, referrerId, now });
    const tokens = await deps.sessions.issue(tx, {
      kind: 'customer',
      id: registered.customer.id,
      brandId: input.brandId,
    });
    return { customer: registered.customer, tokens, created: registered.created };
  });
}

/** Moves the signed-in customer to the number a change_phone code was sent to. */
export async function verifyPhoneChange(
  deps: OtpDeps,
  input: {
    brandId: number;
    customerId: number;
    requestId: string;
    code: string;
    ip: string;
  },
) {
  const { ctx } = deps;
  const { db } = ctx;
  const row = await checkCode(deps, { ...input, purpose: 'change_phone' });
  if (row.customerId !== input.customerId) throw new AppError('otp_expired');
  const now = ctx.now();
  const inUse = () => new AppError('phone_in_use', undefined, { 'phone.phone_number': 'phone_in_use' });
  try {
    return await db.transaction(async (tx) => {
      if (!(await consumeOtp(tx, row.id, now, OTP_RULES.maxWrongTriesPerCode))) throw new AppError('otp_expired');
      if (await findCustomerByPhone(tx, input.brandId, row.phone)) throw inUse();
      const customer = await updateCustomer(tx, input.customerId, input.brandId, {
        phone: row.phone,
        updatedAt: now,
      });
      if (!customer) throw new AppError('session_expired');
      return customer;
    });
  } catch (error) {
    // Someone registered the number between our check and the update: the UNIQUE constraint said no.
    if (isUniqueViolation(error)) throw inUse();
    throw error;
  }
}

/** Sign-in codes: sending them (throttled), checking them, and what a verified code does. Binds the functions above. */
export function createOtpService(ctx: AppContext, options: OtpServiceDeps) {
  const deps: OtpDeps = { ...options, ctx };
  return {
    requestOtp: requestOtp.bind(null, deps),
    checkCode: checkCode.bind(null, deps),
    verifySignIn: verifySignIn.bind(null, deps),
    verifyPhoneChange: verifyPhoneChange.bind(null, deps),
    findCustomer: (id: number, brandId: number) => findCustomer(ctx.db, id, brandId),
  };
}

export type OtpService = ReturnType<typeof createOtpService>;

import type { SmsOutboxEntry, StaffRole, StaffUser } from '@sufra/shared/schemas/staff';
import type { AppContext } from '../../app-context.ts';
import { branchStatus } from '../../core/branch-context.service.ts';
import type { IssuedTokens, SessionsService } from '../../core/sessions.service.ts';
import { latestOf, nextTryAt } from '../../lib/failure-backoff.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { listBrandSms } from '../../providers/sms/sms-outbox.repo.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import { invalidateMenu } from '../menu/menu.service.ts';
import { DUMMY_HASH_PROMISE, verifyPassword } from './password.service.ts';
import {
  failedLoginsSince,
  findBrand,
  findLiveStaffPrincipal,
  findStaffByEmail,
  findStaffById,
  linkedBranchIds,
  listBrandBranches,
  listBrandStaff,
  lockBranchOpen,
  recordLoginAttempt,
  type StaffUserRow,
  signedInFromSince,
  setBranchOpen as writeBranchOpen,
} from './staff.repo.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Sign-in throttles (issue 13; docs/adr/0024-sign-in-throttling.md), counted from staff_login_attempts rows so
 * every instance shares them. Wrong passwords slow the one making them; the account's own ceiling is far higher and
 * never applies at an address where the account signed in lately.
 */
export const STAFF_LOGIN_RULES = {
  /** Wrong passwords from one address for one email, in a day since that pair's last success. */
  perAddressAndEmail: { free: 5, firstDelayMs: 30_000, maxDelayMs: 60 * MINUTE, windowMs: DAY },
  /** Wrong passwords from one address for any email, in an hour; `free` is SIGN_IN_FAILURES_PER_IP_PER_HOUR. */
  perAddress: { firstDelayMs: 5_000, maxDelayMs: 5 * MINUTE, windowMs: 60 * MINUTE },
  /**
   * Wrong passwords for one email from anywhere, in a day since its last success: past 20, every try from an address
   * the account has not signed in from waits after the last failure, 1 s doubling to 5 minutes. A growing wait, never
   * a lock: strangers spreading guesses over many addresses (105 over 21, issue 24) used to lock the owner out for a
   * day at a new address; now the owner waits at most 5 minutes (docs/adr/0180-account-throttles-delay-never-lock.md).
   */
  perEmail: { free: 20, firstDelayMs: 1_000, maxDelayMs: 5 * MINUTE, windowMs: DAY },
  /** An address the account signed in from this recently is its owner's: not slowed by others' failures. */
  knownAddressMs: 30 * DAY,
} as const;

export const MANAGERS: readonly StaffRole[] = ['owner', 'manager'];

/** What the staff operations need: the app, the sessions (a login issues one) and the sign-in throttle's setting. */
export interface StaffDeps {
  ctx: AppContext;
  sessions: SessionsService;
  failuresPerIpPerHour: number;
}

/**
 * Refuses (429 sign_in_throttled, with the wait) a sign-in for this email from this address that comes too soon
 * after failures. What slows the one guessing: wrong passwords from this address for this email, and from this address for any email. What keeps the
 * owner in: the address-wide throttle and the account's ceiling leave alone an address it signed in from lately.
 */
async function throttleCheck(deps: StaffDeps, email: string, ip: string, now: Date): Promise<void> {
  const { db } = deps.ctx;
  const t = now.getTime();
  const R = STAFF_LOGIN_RULES;
  const [pair, known] = await Promise.all([
    failedLoginsSince(db, { email, ip }, new Date(t - R.perAddressAndEmail.windowMs), true),
    signedInFromSince(db, email, ip, new Date(t - R.knownAddressMs)),
  ]);
  const waits = [nextTryAt(R.perAddressAndEmail, pair, now)];
  if (!known) {
    const ipRule = { ...R.perAddress, free: deps.failuresPerIpPerHour };
    const [fromIp, forEmail] = await Promise.all([
      failedLoginsSince(db, { ip }, new Date(t - ipRule.windowMs), false),
      failedLoginsSince(db, { email }, new Date(t - R.perEmail.windowMs), true),
    ]);
    waits.push(nextTryAt(ipRule, fromIp, now), nextTryAt(R.perEmail, forEmail, now));
  }
  const wait = latestOf(waits);
  if (wait) {
    throw new AppError('sign_in_throttled', { retryAfterSeconds: Math.max(1, Math.ceil((wait.getTime() - t) / 1000)) });
  }
}

/** The branch ids a user works at: an owner every branch of the brand, others their linked ones. */
async function scope(deps: StaffDeps, user: StaffUserRow): Promise<number[]> {
  const { db } = deps.ctx;
  if (user.role === 'owner') return (await listBrandBranches(db, user.brandId)).map((b) => b.id);
  return (await linkedBranchIds(db, [user.id])).map((l) => l.branchId);
}

async function toStaffUser(deps: StaffDeps, user: StaffUserRow): Promise<StaffUser> {
  const { db } = deps.ctx;
  const [brand, all, ids] = await Promise.all([
    findBrand(db, user.brandId),
    listBrandBranches(db, user.brandId),
    scope(deps, user),
  ]);
  if (!brand) throw new AppError('session_expired');
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role as StaffRole,
    brand: { id: brand.id, name: { ar: brand.nameAr, en: brand.nameEn } },
    branches: all
      .filter((b) => ids.includes(b.id))
      .map((b) => ({ id: b.id, name: { ar: b.nameAr, en: b.nameEn }, timeZone: b.timeZone })),
  };
}

/** The principal for plugins/auth.ts: undefined when the user is gone or disabled. */
/** The staff guard's principal: loadPrincipal's, only while the session family is live, in one query. */
export async function loadLivePrincipal(
  deps: StaffDeps,
  id: number,
  familyId: string,
): Promise<Omit<StaffPrincipal, 'familyId' | 'accessExpiresAt'> | undefined> {
  const { ctx } = deps;
  const { db } = ctx;
  const row = await findLiveStaffPrincipal(db, { id, familyId, now: ctx.now() });
  return row && { id: row.id, brandId: row.brandId, role: row.role as StaffRole, branchIds: row.branchIds };
}

export async function loadPrincipal(
  deps: StaffDeps,
  id: number,
): Promise<Omit<StaffPrincipal, 'familyId' | 'accessExpiresAt'> | undefined> {
  const { db } = deps.ctx;
  const user = await findStaffById(db, id);
  if (!user?.active) return undefined;
  return { id: user.id, brandId: user.brandId, role: user.role as StaffRole, branchIds: await scope(deps, user) };
}

/**
 * Email + password. Unknown email, wrong password and disabled user answer alike (401 staff_login_failed)
 * and take as long (a dummy hash is checked). Throttled (throttleCheck): 429 sign_in_throttled with Retry-After.
 */
export async function login(
  deps: StaffDeps,
  input: {
    email: string;
    password: string;
    ip: string;
    userAgent?: string | null;
  },
): Promise<{ user: StaffUser; tokens: IssuedTokens }> {
  const { ctx } = deps;
  const { db } = ctx;
  const now = ctx.now();
  await throttleCheck(deps, input.email, input.ip, now);
  const user = await findStaffByEmail(db, input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
  if (!user || !ok || !user.active) {
    await recordLoginAttempt(db, { email: input.email, ip: input.ip, success: false, at: now });
    throw new AppError('staff_login_failed');
  }
  const tokens = await db.transaction(async (tx) => {
    await recordLoginAttempt(tx, { email: input.email, ip: input.ip, success: true, at: now });
    const client = { ip: input.ip, userAgent: input.userAgent ?? null };
    return deps.sessions.issue(tx, { kind: 'staff', id: user.id, brandId: user.brandId, client });
  });
  return { user: await toStaffUser(deps, user), tokens };
}

export async function me(deps: StaffDeps, id: number): Promise<StaffUser> {
  const { db } = deps.ctx;
  const user = await findStaffById(db, id);
  if (!user) throw new AppError('session_expired');
  return toStaffUser(deps, user);
}

export async function branches(deps: StaffDeps, principal: StaffPrincipal) {
  const { ctx } = deps;
  const { db } = ctx;
  const now = ctx.now();
  return (await listBrandBranches(db, principal.brandId))
    .filter((b) => principal.branchIds.includes(b.id))
    .map((b) => ({
      id: b.id,
      name: { ar: b.nameAr, en: b.nameEn },
      status: branchStatus(b, now),
      isOpen: b.isOpen,
    }));
}

/** The manual open switch; a branch outside the user's scope (or brand) answers 404 as if absent. */
export async function setBranchOpen(
  deps: StaffDeps,
  principal: StaffPrincipal,
  branchId: number,
  isOpen: boolean,
  ip: string | null = null,
) {
  const { ctx } = deps;
  const { db } = ctx;
  if (!principal.branchIds.includes(branchId)) throw new AppError('branch_not_found');
  const row = await db.transaction(async (tx) => {
    // What it was, under the row's lock: the audit row records the change as it happened (issue 24 item 12).
    const before = await lockBranchOpen(tx, branchId, principal.brandId);
    if (before === undefined) throw new AppError('branch_not_found');
    const updated = await writeBranchOpen(tx, branchId, principal.brandId, isOpen);
    if (!updated) throw new AppError('branch_not_found');
    if (before !== isOpen) {
      await recordStaffChange(tx, principal, ip, {
        brandId: principal.brandId,
        branchId,
        objectType: 'branch',
        objectId: branchId,
        action: 'update',
        before: { isOpen: before },
        after: { isOpen },
        at: ctx.now(),
      });
    }
    // The cached menu and QR data carry the branch's status: make every instance rebuild them.
    await invalidateMenu(tx, principal.brandId);
    return updated;
  });
  return {
    id: row.id,
    name: { ar: row.nameAr, en: row.nameEn },
    status: branchStatus(row, ctx.now()),
    isOpen: row.isOpen,
  };
}

export async function users(deps: StaffDeps, principal: StaffPrincipal) {
  const { db } = deps.ctx;
  const [rows, all] = await Promise.all([
    listBrandStaff(db, principal.brandId),
    listBrandBranches(db, principal.brandId),
  ]);
  const links = await linkedBranchIds(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((u) => {
    const ids =
      u.role === 'owner' ? all.map((b) => b.id) : links.filter((l) => l.userId === u.id).map((l) => l.branchId);
    return {
      id: u.id,
      name: u.name,
      email: u.email,
      role: u.role as StaffRole,
      branches: all
        .filter((b) => ids.includes(b.id))
        .map((b) => ({ id: b.id, name: { ar: b.nameAr, en: b.nameEn }, timeZone: b.timeZone })),
    };
  });
}

export async function smsOutbox(deps: StaffDeps, principal: StaffPrincipal): Promise<SmsOutboxEntry[]> {
  const { db } = deps.ctx;
  const rows = await listBrandSms(db, principal.brandId, 50);
  return rows.map((r) => ({
    id: r.id,
    to: r.toPhone,
    body: r.body,
    // 'discarded' (an owner dropped a dead letter, the queues page) shows as what it is to the diner: not sent.
    status: (r.status === 'discarded' ? 'failed' : r.status) as SmsOutboxEntry['status'],
    attempts: r.attempts,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt ? r.sentAt.toISOString() : null,
  }));
}

/** Staff: sign-in, who they are, their branches and users. Binds the functions above to the app. */
export function createStaffService(
  ctx: AppContext,
  sessions: SessionsService,
  options: { failuresPerIpPerHour: number },
) {
  const deps = { ctx, sessions, ...options } satisfies StaffDeps;
  return {
    loadLivePrincipal: loadLivePrincipal.bind(null, deps),
    loadPrincipal: loadPrincipal.bind(null, deps),
    login: login.bind(null, deps),
    me: me.bind(null, deps),
    branches: branches.bind(null, deps),
    setBranchOpen: setBranchOpen.bind(null, deps),
    users: users.bind(null, deps),
    smsOutbox: smsOutbox.bind(null, deps),
  };
}

export type StaffService = ReturnType<typeof createStaffService>;

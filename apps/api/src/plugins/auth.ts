import cookie from '@fastify/cookie';
import type { StaffRole } from '@sufra/shared/schemas/staff';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../config/env.ts';
import type { SubjectKind } from '../core/session-tokens.service.ts';
import type { CustomerSessionCheck } from '../core/sessions.repo.ts';
import type { IssuedTokens, SessionsService } from '../core/sessions.service.ts';
import { AppError } from './errors.ts';
import { assertRouteReads, markStaffGuard } from './route-auth.ts';

/** The signed-in staff user as routes see it: role, brand and the branch ids in scope. */
export interface StaffPrincipal {
  id: number;
  brandId: number;
  role: StaffRole;
  branchIds: number[];
  familyId: string;
  /** When the access token this request came with expires (ms since the epoch): long-lived streams end there. */
  accessExpiresAt: number;
}

export interface CustomerPrincipal {
  id: number;
  brandId: number;
  familyId: string;
  /** When the access token this request came with expires (ms since the epoch): long-lived streams end there. */
  accessExpiresAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffPrincipal;
  }
}

/**
 * Cookie names. Customer cookies carry the brand id: one origin serves every brand, and a diner signed in at
 * brand A must be neither signed in nor signed out at brand B (docs/adr/0021-per-brand-customer-cookies.md).
 */
export function sessionCookieNames(config: Config, kind: SubjectKind, brandId: number) {
  return kind === 'customer'
    ? { access: `${config.cookies.customerAccess}_${brandId}`, refresh: `${config.cookies.customerRefresh}_${brandId}` }
    : { access: config.cookies.staffAccess, refresh: config.cookies.staffRefresh };
}

/** The refresh cookie only travels to the calls that use it (refresh, logout). */
function refreshPath(kind: SubjectKind) {
  return kind === 'customer' ? '/api/auth' : '/api/staff/auth';
}

export function setSessionCookies(
  reply: FastifyReply,
  request: FastifyRequest,
  config: Config,
  subject: { kind: SubjectKind; brandId: number },
  tokens: IssuedTokens,
  now: Date,
) {
  const names = sessionCookieNames(config, subject.kind, subject.brandId);
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https' };
  reply.setCookie(names.access, tokens.accessToken, {
    ...base,
    path: '/api',
    maxAge: Math.round((tokens.accessExpiresAt.getTime() - now.getTime()) / 1000),
  });
  reply.setCookie(names.refresh, tokens.refreshToken, {
    ...base,
    path: refreshPath(subject.kind),
    maxAge: Math.round((tokens.refreshExpiresAt.getTime() - now.getTime()) / 1000),
  });
}

export function clearSessionCookies(
  reply: FastifyReply,
  request: FastifyRequest,
  config: Config,
  subject: { kind: SubjectKind; brandId: number },
) {
  const names = sessionCookieNames(config, subject.kind, subject.brandId);
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https' };
  reply.clearCookie(names.access, { ...base, path: '/api' });
  reply.clearCookie(names.refresh, { ...base, path: refreshPath(subject.kind) });
}

export async function registerCookies(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
}

export interface AuthGuardDeps {
  config: Config;
  sessions: SessionsService;
  /**
   * The active staff user with the branch ids in scope while their session family is signed in, or undefined
   * (disabled, deleted or signed out): one query.
   */
  loadStaff(id: number, familyId: string): Promise<Omit<StaffPrincipal, 'familyId' | 'accessExpiresAt'> | undefined>;
}

/** A staff token's claims, once its signature is checked. */
type StaffClaims = NonNullable<ReturnType<SessionsService['readAccess']>>;

/** The signed-in customer of this brand: the token's signature and the session's liveness, checked. */
export async function customer(
  { config, sessions }: AuthGuardDeps,
  request: FastifyRequest,
  brandId: number,
): Promise<CustomerPrincipal> {
  assertRouteReads(config, request, ['diner', 'diner-optional'], 'guards.customer');
  const token = request.cookies[sessionCookieNames(config, 'customer', brandId).access];
  if (!token) throw new AppError('unauthenticated');
  // A token of another brand, a signed-out family or a deleted customer: all refused by one query.
  const claims = await sessions.checkCustomerAccess(token, brandId);
  if (!claims) throw new AppError('session_expired');
  return { id: claims.subjectId, brandId, familyId: claims.familyId, accessExpiresAt: claims.expiresAt };
}

/**
 * The customer a well-signed, unexpired token of this brand names, WITHOUT the database check that the session
 * is still live (not signed out, customer not deleted): `check` must be run by the caller's own statements
 * (order placement folds it into its write, and a card order's first read; orders.service placeOrder). Every
 * other route uses customer().
 */
export function customerPendingSessionCheck(
  { config, sessions }: AuthGuardDeps,
  request: FastifyRequest,
  brandId: number,
): { customer: CustomerPrincipal; check: Omit<CustomerSessionCheck, 'now'> } {
  assertRouteReads(config, request, ['diner', 'diner-optional'], 'guards.customerPendingSessionCheck');
  const token = request.cookies[sessionCookieNames(config, 'customer', brandId).access];
  if (!token) throw new AppError('unauthenticated');
  const claims = sessions.readCustomerAccess(token, brandId);
  if (!claims) throw new AppError('session_expired');
  return {
    customer: { id: claims.subjectId, brandId, familyId: claims.familyId, accessExpiresAt: claims.expiresAt },
    check: { familyId: claims.familyId, customerId: claims.subjectId, brandId },
  };
}

/** Optional variant: the signed-in customer, or null (no cookie or an invalid one). */
export async function optionalCustomer(
  deps: AuthGuardDeps,
  request: FastifyRequest,
  brandId: number,
): Promise<CustomerPrincipal | null> {
  assertRouteReads(deps.config, request, ['diner', 'diner-optional'], 'guards.optionalCustomer');
  try {
    return await customer(deps, request, brandId);
  } catch {
    return null;
  }
}

/** The staff token's claims (signature and expiry checked here, nothing in the database). */
function staffClaims({ config, sessions }: AuthGuardDeps, request: FastifyRequest): StaffClaims {
  const token = request.cookies[config.cookies.staffAccess];
  if (!token) throw new AppError('unauthenticated');
  const claims = sessions.readAccess(token, 'staff');
  if (!claims) throw new AppError('session_expired');
  return claims;
}

/** The staff user the claims name, while active, in the token's brand and their session family signed in: one query. */
async function loadStaffPrincipal(deps: AuthGuardDeps, claims: StaffClaims): Promise<StaffPrincipal> {
  const user = await deps.loadStaff(claims.subjectId, claims.familyId);
  if (!user || user.brandId !== claims.brandId) throw new AppError('session_expired');
  return { ...user, familyId: claims.familyId, accessExpiresAt: claims.expiresAt };
}

/** preHandler: a signed-in, active staff user, optionally with one of these roles (else 403). */
export function staff(deps: AuthGuardDeps, roles?: readonly StaffRole[]): preHandlerAsyncHookHandler {
  // Marked so the OpenAPI document derives the route's security requirement and roles from it (route-auth.ts).
  return markStaffGuard<preHandlerAsyncHookHandler>(async (request) => {
    // The token's signature here; the session's liveness rides on the user's query (one round trip for both).
    const principal = await loadStaffPrincipal(deps, staffClaims(deps, request));
    if (roles && !roles.includes(principal.role)) throw new AppError('forbidden');
    request.staff = principal;
  }, roles);
}

/**
 * Guards routes use: who is signed in (customer of this brand, staff), and with which role. The guards are the
 * plain functions above; this binds them to the app's config, sessions and staff query.
 */
export function createAuthGuards(deps: AuthGuardDeps) {
  return {
    customer: customer.bind(null, deps),
    customerPendingSessionCheck: customerPendingSessionCheck.bind(null, deps),
    optionalCustomer: optionalCustomer.bind(null, deps),
    staff: staff.bind(null, deps),
  };
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;

/** The staff principal a route behind `guards.staff()` runs with. */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw new AppError('unauthenticated');
  return request.staff;
}

import type { StaffRole } from '@sufra/shared/schemas/staff';
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { Config } from '../config/env.ts';

/**
 * Which session a route reads, for the OpenAPI document's security requirements (docs/adr/0200). Staff routes
 * behind `guards.staff(roles)` need nothing: the guard says it. Every other route declares it in its options,
 * `config: { auth: 'diner' }`, because a diner's brand (so the cookie's name) comes from the path's QR uuid and is
 * checked inside the handler.
 */
export const ROUTE_AUTH = {
  /** No session read. */
  public: [],
  /** The diner's access cookie of the path's brand (401 without it). */
  diner: [{ dinerSession: [] }],
  /** Works signed out; signed in (the diner's access cookie) it answers for the diner. */
  'diner-optional': [{}, { dinerSession: [] }],
  /** The diner's refresh cookie (its path is /api/auth). */
  'diner-refresh': [{ dinerRefresh: [] }],
  /** Sign-out: whichever of the diner's cookies is there (none is fine). */
  'diner-sign-out': [{}, { dinerRefresh: [] }, { dinerSession: [] }],
  /** The staff access cookie (a route with `guards.staff()` as preHandler is this without saying it). */
  staff: [{ staffSession: [] }],
  /** The staff refresh cookie (its path is /api/staff/auth). */
  'staff-refresh': [{ staffRefresh: [] }],
  /** Staff sign-out: whichever staff cookie is there (none is fine). */
  'staff-sign-out': [{}, { staffRefresh: [] }, { staffSession: [] }],
} as const satisfies Record<string, readonly Record<string, readonly string[]>[]>;

export type RouteAuth = keyof typeof ROUTE_AUTH;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The session this route reads (ROUTE_AUTH); staff routes behind guards.staff() may leave it out. */
    auth?: RouteAuth;
  }
}

/** The staff guards made by guards.staff(roles), with their roles (undefined: any signed-in staff user). */
const staffGuards = new WeakMap<object, { roles: readonly StaffRole[] | undefined }>();

export function markStaffGuard<T extends object>(guard: T, roles: readonly StaffRole[] | undefined): T {
  staffGuards.set(guard, { roles });
  return guard;
}

/** The staff guard among a route's preHandlers, if any. */
function staffGuardOf(route: Pick<RouteOptions, 'preHandler'>) {
  const handlers = route.preHandler === undefined ? [] : [route.preHandler].flat();
  for (const handler of handlers) {
    const guard = staffGuards.get(handler);
    if (guard) return guard;
  }
  return undefined;
}

export interface RouteSecurity {
  security: Record<string, string[]>[];
  /** The staff roles allowed (none: every role). */
  roles?: readonly StaffRole[];
}

/** A route's security requirement, from its config.auth or its staff guard; undefined when it says nothing. */
export function routeSecurity(route: Pick<RouteOptions, 'preHandler' | 'config'>): RouteSecurity | undefined {
  const guard = staffGuardOf(route);
  const auth = (route.config as { auth?: RouteAuth } | undefined)?.auth;
  const requirements: readonly Record<string, readonly string[]>[] | undefined = guard
    ? ROUTE_AUTH.staff
    : auth === undefined
      ? undefined
      : ROUTE_AUTH[auth];
  if (!requirements) return undefined;
  // Fresh arrays: the document must not share (or freeze) these constants.
  const security = requirements.map((requirement) =>
    Object.fromEntries(Object.entries(requirement).map(([name, scopes]) => [name, [...scopes]])),
  );
  return { security, ...(guard?.roles ? { roles: guard.roles } : {}) };
}

/** The help a route without a declared session gets (the OpenAPI check and the fuzz test print it). */
export const UNDECLARED_AUTH_HELP =
  "declare the session it reads in its options, config: { auth: 'public' | 'diner' | 'diner-optional' | … } " +
  '(apps/api/src/plugins/route-auth.ts), or guard it with guards.staff() as its preHandler';

/**
 * A guard reading a session the route does not declare is a documentation bug: outside production it fails the
 * request (500, with the fix in the log and the error), so the first test of the route finds it.
 */
export function assertRouteReads(
  config: Config,
  request: FastifyRequest,
  allowed: readonly RouteAuth[],
  guardName: string,
): void {
  const declared = request.routeOptions.config.auth;
  if (declared !== undefined && allowed.includes(declared)) return;
  const message =
    `${request.method} ${request.routeOptions.url} calls ${guardName} but declares config.auth ` +
    `${declared === undefined ? '(nothing)' : `'${declared}'`}: declare one of ${allowed.map((a) => `'${a}'`).join(', ')}`;
  if (config.nodeEnv === 'production') request.log.error(message);
  else throw new Error(message);
}

import type { Service } from '@sufra/shared/services';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { assertServiceOn } from '../core/branch-context.service.ts';
import type { QrContextRow } from '../core/qr-context.repo.ts';
import type { PlacementContext, QrService } from '../core/qr-context.service.ts';
import type { CustomerSessionCheck } from '../core/sessions.repo.ts';
import type { AuthGuards, CustomerPrincipal } from './auth.ts';
import { AppError } from './errors.ts';

/**
 * How a diner route reads the diner's session (docs/adr/0400):
 * - `none`: not read (the route reads no session, or reads its own cookies: refresh, sign-out).
 * - `required`: the signed-in diner of the QR code's brand (401 without, or with a token that no longer works).
 * - `optional`: the signed-in diner, or null (no cookie, or one that no longer works).
 * - `optional-refresh`: null without a cookie; a cookie that no longer works answers 401, so the app refreshes it
 *   and asks again (the game: a signed-in diner must see whether they may spin).
 * - `pending`: the token's claims only, no query: the route's one statement checks the session (placement, a spin,
 *   a points-shop purchase), with `sessionCheck` as its input.
 */
export type DinerSession = 'none' | 'required' | 'optional' | 'optional-refresh' | 'pending';

/** What a route with a QR uuid in its path declares, as `config: { diner: { … } }`. */
export interface DinerRoute {
  /**
   * - `usable` (the default): the QR code read now: 404 unknown, 410 inactive, 403 when its brand is switched off.
   * - `known`: the same without the brand's switch (a diner may refresh or end a session at a switched-off brand).
   * - `kept`: the QR context this process keeps for the one-statement writes (placement, a spin, a purchase), whose
   *   statement checks the brand's context version; a refusal on a kept context is made again on a fresh read.
   * - `own`: none here: the route's service keeps its own lookup (the menu: its per-version key, cached per process).
   */
  context?: 'usable' | 'known' | 'kept' | 'own';
  /** The services (besides the brand's own switch) that must be on: 403 service_deactivated with the one off. */
  services?: readonly Service[] | ((request: FastifyRequest) => readonly Service[]);
  /** How the session is read; by default from config.auth: 'diner' required, 'diner-optional' optional, else none. */
  session?: DinerSession | ((request: FastifyRequest) => DinerSession);
  /** A pending session without a cookie answers this instead of 401 unauthenticated (placement: phone_not_verified). */
  signedOutError?: 'phone_not_verified';
}

/** What the preHandler resolved, once per request: the route reads it from `request.diner`. */
export interface DinerContext {
  /** The QR code with its branch, table, brand and the services switched off. */
  qr: QrContextRow;
  /** A `kept` route's context: whether it came from the process's keep, and how to read it again (checked). */
  kept: PlacementContext | null;
  /** The signed-in diner (`required`, `pending`; `optional` ones may be null). */
  customer: CustomerPrincipal | null;
  /** A `pending` session: what the route's statement must check. */
  sessionCheck: Omit<CustomerSessionCheck, 'now'> | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route with a QR uuid in its path: how its diner context is resolved (plugins/diner-context.ts). */
    diner?: DinerRoute;
  }
  interface FastifyRequest {
    diner?: DinerContext;
  }
}

export interface DinerContextDeps {
  qr: QrService;
  guards: AuthGuards;
}

/** A path with a QR code's uuid: its routes must declare config.diner. */
const QR_PARAM = /\/:uuid(\/|$)/;

export const UNDECLARED_DINER_HELP =
  'has a QR uuid in its path: declare config: { diner: { context, services, session } } (plugins/diner-context.ts)';

function sessionOf(route: DinerRoute, request: FastifyRequest): DinerSession {
  if (typeof route.session === 'function') return route.session(request);
  if (route.session) return route.session;
  const auth = request.routeOptions.config.auth;
  return auth === 'diner' ? 'required' : auth === 'diner-optional' ? 'optional' : 'none';
}

async function readSession(
  { guards }: DinerContextDeps,
  route: DinerRoute,
  request: FastifyRequest,
  brandId: number,
): Promise<Pick<DinerContext, 'customer' | 'sessionCheck'>> {
  switch (sessionOf(route, request)) {
    case 'none':
      return { customer: null, sessionCheck: null };
    case 'required':
      return { customer: await guards.customer(request, brandId), sessionCheck: null };
    case 'optional':
      return { customer: await guards.optionalCustomer(request, brandId), sessionCheck: null };
    case 'optional-refresh': {
      const customer = await guards.customer(request, brandId).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'unauthenticated') return null;
        throw error;
      });
      return { customer, sessionCheck: null };
    }
    case 'pending':
      try {
        const pending = guards.customerPendingSessionCheck(request, brandId);
        return { customer: pending.customer, sessionCheck: pending.check };
      } catch (error) {
        if (route.signedOutError && error instanceof AppError && error.code === 'unauthenticated') {
          throw new AppError(route.signedOutError);
        }
        throw error;
      }
  }
}

/**
 * The preHandler: resolves the path's QR code, its branch and brand, the services the route needs and the diner's
 * session once, in that order (so the refusals keep theirs: 404/410, then 403, then 401), and puts them on
 * `request.diner`.
 */
export async function resolveDiner(deps: DinerContextDeps, request: FastifyRequest): Promise<DinerContext> {
  const route = request.routeOptions.config.diner;
  const uuid = (request.params as { uuid?: unknown }).uuid;
  if (!route || typeof uuid !== 'string')
    throw new Error(`${request.method} ${request.routeOptions.url} ${UNDECLARED_DINER_HELP}`);
  const services = typeof route.services === 'function' ? route.services(request) : (route.services ?? []);
  const check = (row: QrContextRow) => {
    assertServiceOn(row.servicesOff);
    for (const service of services) assertServiceOn(row.servicesOff, service);
  };
  let qr: QrContextRow;
  let kept: PlacementContext | null = null;
  if (route.context === 'known') {
    qr = await deps.qr.resolveQr(uuid);
  } else if (route.context === 'kept') {
    kept = await deps.qr.keptContext(uuid, check);
    qr = kept.row;
  } else {
    qr = await deps.qr.resolveUsableQr(uuid);
    check(qr);
  }
  return { qr, kept, ...(await readSession(deps, route, request, qr.brand.id)) };
}

/** Every preHandler made here, so a route twin (HEAD of a GET) does not get a second one. */
const dinerPreHandlers = new WeakSet<object>();

/** A route with a QR uuid in its path, as registered: whether the preHandler runs on it (not on `own` ones). */
export interface DinerRouteRecord {
  method: string;
  url: string;
  context: NonNullable<DinerRoute['context']>;
  preHandler: boolean;
}

/** The routes each app's registerDinerContext saw (its test compares them with the OpenAPI document's). */
const dinerRoutes = new WeakMap<FastifyInstance, DinerRouteRecord[]>();

export function dinerRoutesOf(app: FastifyInstance): readonly DinerRouteRecord[] {
  return dinerRoutes.get(app) ?? [];
}

/**
 * Puts the diner context's preHandler first on every route with a QR uuid in its path, and refuses (at start-up) such
 * a route that does not say how its context is read: register before the routes.
 */
export function registerDinerContext(app: FastifyInstance, deps: DinerContextDeps): void {
  const preHandler: preHandlerAsyncHookHandler = async (request) => {
    request.diner = await resolveDiner(deps, request);
  };
  dinerPreHandlers.add(preHandler);
  const records: DinerRouteRecord[] = [];
  dinerRoutes.set(app, records);
  app.addHook('onRoute', (route) => {
    if (!QR_PARAM.test(route.url)) return;
    const diner = route.config?.diner;
    if (!diner) throw new Error(`${[route.method].flat().join(',')} ${route.url} ${UNDECLARED_DINER_HELP}`);
    if (diner.context === 'known' && diner.services) {
      throw new Error(`${route.url}: a 'known' context checks no service switch; use 'usable'`);
    }
    const handlers = route.preHandler === undefined ? [] : [route.preHandler].flat();
    if (diner.context !== 'own' && !handlers.some((handler) => dinerPreHandlers.has(handler))) {
      route.preHandler = [preHandler, ...handlers];
    }
    for (const method of [route.method].flat()) {
      records.push({ method, url: route.url, context: diner.context ?? 'usable', preHandler: diner.context !== 'own' });
    }
  });
}

/** The diner context of a route behind the preHandler (a route without it is a wiring bug: 500). */
export function dinerOf(request: FastifyRequest): DinerContext {
  if (!request.diner) throw new Error(`${request.method} ${request.routeOptions.url}: no diner context (config.diner)`);
  return request.diner;
}

/** The diner context of a route whose session is `required` or `pending`: the diner is there. */
export function signedInDiner(request: FastifyRequest): DinerContext & { customer: CustomerPrincipal } {
  const diner = dinerOf(request);
  if (!diner.customer) throw new AppError('unauthenticated');
  return { ...diner, customer: diner.customer };
}

/** The kept context and pending session of a one-statement write (`context: 'kept'`, `session: 'pending'`). */
export function keptDiner(request: FastifyRequest): {
  kept: PlacementContext;
  signedIn: { customer: CustomerPrincipal; check: Omit<CustomerSessionCheck, 'now'> };
} {
  const diner = dinerOf(request);
  if (!diner.kept || !diner.customer || !diner.sessionCheck) {
    throw new Error(`${request.method} ${request.routeOptions.url}: declare context 'kept' and session 'pending'`);
  }
  return { kept: diner.kept, signedIn: { customer: diner.customer, check: diner.sessionCheck } };
}

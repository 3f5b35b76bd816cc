import { Ajv, type ValidateFunction } from 'ajv';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUsers } from '../src/db/schema/staff.ts';
import { type Caller, caller } from './accounts.ts';
import { STAFF, UUID } from './fixture-brands.ts';
import {
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  type OperationRef,
  operationsOf,
} from './openapi-document.ts';
import { expandBig, type FuzzRequest, requestArbitrary, urlOf } from './openapi-fuzz.ts';
import { diner, menuIds, placeOrder } from './orders.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/*
 * Issue 24 item 18: every operation of the generated OpenAPI document, called with requests built from its own
 * schemas (valid, boundary and hostile values; see openapi-fuzz.ts) by a signed-out client, a signed-in diner and
 * staff of each role. No answer may be a 5xx, every status must be one the operation declares, every JSON body must
 * match the declared schema, and a route that needs a session must not answer 2xx without it.
 *
 * Bounded: FUZZ_RUNS requests per operation (default 20; about 4,200 in all, 20–35 CPU-s per database).
 * Shared out over OPENAPI_FUZZ_SHARDS files (openapi-fuzz-<n>.test.ts, each its own app), so the suite's two workers
 * share the operations instead of one file holding a worker for a quarter of the suite (docs/adr/0781).
 * A failure prints the seed; replay it with
 *   FUZZ_SEED=<seed> [FUZZ_OP=<operationId>] npx vitest run --project api apps/api/test/openapi-fuzz
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const BASE_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : (Math.random() * 2 ** 31) | 0;
const ONLY = process.env.FUZZ_OP;
const PRINCIPALS = ['anonymous', 'diner', 'owner', 'manager', 'cashier'] as const;
type Principal = (typeof PRINCIPALS)[number];

/** The seed of one operation: the run's seed mixed with the operation's id, so each replays alone. */
function seedOf(operationId: string): number {
  let hash = BASE_SEED | 0;
  for (const ch of operationId) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return hash;
}

/** The declared answer for a status (exact, then 2XX-style ranges, then default), shared ones resolved. */
function declared(document: OpenApiDocument, operation: Operation, status: number) {
  const { responses } = operation;
  const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  const ref = response?.$ref?.replace('#/components/responses/', '');
  return ref ? document.components?.responses?.[ref] : response;
}

/** Requirements that name a scheme in each alternative: no answer 2xx without a session. */
function needsSession(operation: Operation): boolean {
  const security = operation.security ?? [];
  return security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);
}

/** OpenAPI 3.0 writes exclusive bounds as draft-04 booleans beside minimum/maximum; Ajv reads draft-07 numbers. */
function asDraft7(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asDraft7);
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, asDraft7(value)]),
  );
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (copy[flag] === true) {
      copy[flag] = copy[bound];
      delete copy[bound];
    } else if (copy[flag] === false) delete copy[flag];
  }
  return copy;
}

function schemesOf(operation: Operation): Set<string> {
  return new Set((operation.security ?? []).flatMap((requirement) => Object.keys(requirement)));
}

/** Who calls: every principal, mostly the ones the operation's security names (so requests get past the guard). */
function principalsFor(operation: Operation): fc.Arbitrary<Principal> {
  const schemes = schemesOf(operation);
  const roles = operation['x-staff-roles'];
  const weight = (principal: Principal) => {
    if (principal === 'diner') return schemes.has('dinerSession') || schemes.has('dinerRefresh') ? 8 : 1;
    if (principal === 'anonymous') return 1;
    if (!schemes.has('staffSession') && !schemes.has('staffRefresh')) return 1;
    return !roles || roles.includes(principal) ? 4 : 2;
  };
  return fc.oneof(...PRINCIPALS.map((principal) => ({ weight: weight(principal), arbitrary: fc.constant(principal) })));
}

/** The files the operations are shared out over: openapi-fuzz-1.test.ts … openapi-fuzz-<OPENAPI_FUZZ_SHARDS>.test.ts. */
export const OPENAPI_FUZZ_SHARDS = 3;

/**
 * The operations of shard `shard` (1-based) of `shards`: every `shards`-th operation in the document's order, so each
 * operation is in exactly one shard and the shards stay alike as the document grows.
 */
export function operationsOfShard(operations: OperationRef[], shard: number, shards: number): OperationRef[] {
  return operations.filter((_, index) => index % shards === shard - 1);
}

/** Fuzzes shard `shard` of OPENAPI_FUZZ_SHARDS (one test file each) on its own app. */
export function fuzzOperationsOfShard(shard: number) {
  describe(`every operation of the OpenAPI document, fuzzed from its schemas (shard ${shard} of ${OPENAPI_FUZZ_SHARDS})`, () => {
    let t: TestApp;
    let document: OpenApiDocument;
    const sessions = new Map<Principal, Caller>();
    let phones = 0;
    const known: Record<string, unknown[]> = {};
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
    const validators = new Map<JsonSchema, ValidateFunction>();

    const signInDiner = async () => {
      phones += 1;
      sessions.set('diner', await diner(t, UUID.aMain, `0559${String(100000 + phones).slice(-6)}`));
    };
    const signInStaff = async (who: 'owner' | 'manager' | 'cashier') => {
      const c = caller(t);
      const credentials = { owner: STAFF.aOwner, manager: STAFF.aManager, cashier: STAFF.aCashier }[who];
      const res = await c.call('POST', '/api/staff/auth/login/', credentials);
      if (res.statusCode !== 200) throw new Error(`${who} sign-in ${res.statusCode}: ${res.body}`);
      sessions.set(who, c);
    };

    /** A fuzzed logout, account deletion or refresh ends a session: sign in again so the next operation has one. */
    const keepSessionsAlive = async () => {
      // A fuzzed, valid deactivation (PATCH /api/staff/manage/staff/{id}/) may switch a demo account off: back on.
      await t.db
        .update(staffUsers)
        .set({ active: true })
        .where(inArray(staffUsers.email, [STAFF.aManager.email, STAFF.aCashier.email]));
      // A fuzzed, valid role change (the same PATCH, owners) may promote the cashier or demote the manager: each demo
      // account back in its role (the change ended its sessions, so the check below signs it in again).
      for (const [account, role] of [
        [STAFF.aOwner, 'owner'],
        [STAFF.aManager, 'manager'],
        [STAFF.aCashier, 'cashier'],
      ] as const) {
        await t.db.update(staffUsers).set({ role }).where(eq(staffUsers.email, account.email));
      }
      for (const who of ['owner', 'manager', 'cashier'] as const) {
        const session = sessions.get(who);
        if (!session || (await session.call('GET', '/api/staff/me/')).statusCode !== 200) await signInStaff(who);
      }
      await switchServicesBackOn();
      await reactivateFixtureCodes();
      const dinerSession = sessions.get('diner');
      if (!dinerSession || (await dinerSession.call('GET', `/api/customers/${UUID.aMain}/me/`)).statusCode !== 200) {
        await signInDiner();
      }
    };

    /**
     * A fuzzed, valid deactivation or replacement of a QR code (the console) may stop the fixture's codes that diners
     * sign in and order through: they are put back as seeded.
     */
    const reactivateFixtureCodes = async () => {
      await t.database.query('update qr_codes set active = true, replaced_by = null where uuid = any($1::uuid[])', [
        [UUID.aMain, UUID.aTable, UUID.aClosed, UUID.bMain],
      ]);
    };

    /**
     * A fuzzed, valid service switch may turn the brand (or sign-in's service) off: every later diner request would then
     * answer "deactivated" and say nothing about its own operation. The owner turns every service back on.
     */
    const switchServicesBackOn = async () => {
      const owner = sessions.get('owner') as Caller;
      const res = await owner.call('GET', '/api/staff/services/');
      if (res.statusCode !== 200) throw new Error(`services ${res.statusCode}: ${res.body}`);
      const { services } = res.json() as { services: { service: string; isActive: boolean }[] };
      for (const { service } of services.filter((s) => !s.isActive)) {
        const put = await owner.call('PUT', `/api/staff/services/${service}/`, { isActive: true });
        if (put.statusCode !== 200) throw new Error(`service ${service} back on ${put.statusCode}: ${put.body}`);
      }
    };

    beforeAll(async () => {
      t = await createTestApp({
        env: {
          // Sessions are signed in again after a fuzzed sign-out: the per-address limits must not stop that.
          OTP_SENDS_PER_IP_PER_HOUR: '100000',
          SIGN_IN_FAILURES_PER_IP_PER_HOUR: '100000',
        },
      });
      document = t.app.swagger() as unknown as OpenApiDocument;
      sessions.set('anonymous', caller(t));
      await keepSessionsAlive();
      // Ids that exist, so requests reach the services' rules and the database, not only "not found".
      const ids = await menuIds(t, UUID.aMain);
      const order = await placeOrder(sessions.get('diner') as Caller, UUID.aMain, {
        orderType: 2,
        lines: [{ kind: 'product', itemId: ids.item('water'), quantity: 1 }],
        paymentMethod: 'cash',
      });
      const orderId = order.statusCode === 201 ? [(order.json() as { id: number }).id] : [];
      const brandA = t.seeded.get('test-brand-a');
      const items = Object.values(brandA?.itemIds ?? {}).slice(0, 6);
      const branches = Object.values(brandA?.branchIds ?? {});
      // The diner's brand most (its main QR code thrice as often), then the others: inactive, other tenants, unknown.
      known.uuid = [
        UUID.aMain,
        UUID.aMain,
        UUID.aMain,
        UUID.aTable,
        UUID.aClosed,
        UUID.aInactive,
        UUID.bMain,
        UUID.cMain,
        UUID.unknown,
      ];
      known.id = [...orderId, ...branches, ...items, 1, 2, 3];
      known.itemId = items;
      known.itemIds = items;
      known.branchId = branches;
      known.branchIds = branches;
      known.orderId = orderId;
      known.name = ['water', 'no-such-item'];
      known.code = ['SUFRA226', 'NOPE'];
    }, 120_000);
    afterAll(() => t?.close());

    const send = async (method: string, path: string, operation: Operation, request: FuzzRequest) => {
      const session = sessions.get(request.principal as Principal) as Caller;
      const url = urlOf(path, request);
      const headers: Record<string, string> = { 'accept-language': 'en', 'idempotency-key': `fuzz-${Math.random()}` };
      if (session.jar.cookies.size > 0) headers.cookie = session.jar.header();
      let payload: string | undefined;
      if (request.body.kind === 'json') {
        headers['content-type'] = 'application/json';
        payload = expandBig(JSON.stringify(request.body.value) ?? 'null');
      } else if (request.body.kind === 'raw') {
        headers['content-type'] = request.body.contentType;
        payload = expandBig(request.body.text);
      }
      const streams = Object.keys(operation.responses['200']?.content ?? {}).includes('text/event-stream');
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        headers,
        remoteAddress: '10.9.0.1',
        ...(payload === undefined ? {} : { payload }),
        ...(streams ? { payloadAsStream: true } : {}),
      });
      return { url, res, body: streams ? await streamBody(res) : res.body };
    };

    /** An event stream that opened is closed at once (its headers say enough); any other answer is read whole. */
    async function streamBody(res: LightMyRequestResponse): Promise<string> {
      const stream = res.stream();
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        stream.destroy();
        return '';
      }
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks).toString('utf8');
    }

    /** What is wrong with one answer, or null. */
    function problemWith(operation: Operation, principal: string, status: number, type: string, body: string) {
      if (status >= 500) return `answered ${status}: ${body.slice(0, 300)}`;
      const response = declared(document, operation, status);
      if (!response)
        return `answered ${status}, which the operation does not declare (${Object.keys(operation.responses)})`;
      if (status >= 200 && status < 300) {
        const schemes = schemesOf(operation);
        if (principal === 'anonymous' && needsSession(operation)) return `answered ${status} with no session`;
        if (
          principal === 'diner' &&
          needsSession(operation) &&
          !schemes.has('dinerSession') &&
          !schemes.has('dinerRefresh')
        ) {
          return `answered ${status} to a diner on a staff operation`;
        }
        const roles = operation['x-staff-roles'];
        if (roles && principal !== 'anonymous' && principal !== 'diner' && !roles.includes(principal)) {
          return `answered ${status} to a ${principal}, not one of ${roles.join(', ')}`;
        }
      }
      const schema = response.content?.['application/json']?.schema;
      // No body: 204, 304, and a redirect (its Location is the answer: the Foodics OAuth callback's 302).
      if (!schema || status === 204 || status === 304 || status === 302 || status === 303) return null;
      if (!type.startsWith('application/json')) return `answered ${status} as ${type}, not JSON`;
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return `answered ${status} with a body that is not JSON: ${body.slice(0, 200)}`;
      }
      let validate = validators.get(schema);
      if (!validate) {
        validate = ajv.compile(asDraft7(schema) as object);
        validators.set(schema, validate);
      }
      if (!validate(json)) {
        return `answered ${status} with a body not matching its schema: ${ajv.errorsText(validate.errors)}; ${body.slice(0, 300)}`;
      }
      return null;
    }

    it(`answers every operation without a 5xx and as declared (${RUNS} requests each, seed ${BASE_SEED})`, async () => {
      const failures: string[] = [];
      const all = operationsOf(document);
      // FUZZ_OP replays one operation: it must be in the document; the shard that holds it runs it, the others none.
      if (ONLY) expect(all.map(({ operation }) => operation.operationId)).toContain(ONLY);
      const operations = operationsOfShard(all, shard, OPENAPI_FUZZ_SHARDS).filter(
        ({ operation }) => !ONLY || operation.operationId === ONLY,
      );
      if (!ONLY) expect(operations.length).toBeGreaterThan(0);
      for (const { method, path, operation } of operations) {
        const operationId = operation.operationId ?? `${method} ${path}`;
        const seed = seedOf(operationId);
        let last = '';
        const statuses: Record<number, number> = {};
        // Only a write that was taken (a non-GET answered below 400) can sign a session out, switch a service off or
        // deactivate a code: the upkeep below runs after such an operation only (it cost twice the fuzzing itself).
        let changed = false;
        const property = fc.asyncProperty(
          requestArbitrary(operation, principalsFor(operation), known),
          async (request) => {
            const { url, res, body } = await send(method, path, operation, request);
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            if (method.toLowerCase() !== 'get' && res.statusCode < 400) changed = true;
            const problem = problemWith(
              operation,
              request.principal,
              res.statusCode,
              String(res.headers['content-type'] ?? ''),
              body,
            );
            if (problem) {
              last = `${method.toUpperCase()} ${url.slice(0, 300)} as ${request.principal}: ${problem}`;
              throw new Error(last);
            }
          },
        );
        const details = await fc.check(property, { seed, numRuns: RUNS, endOnFailure: true });
        if (details.failed) {
          const example = JSON.stringify(details.counterexample?.[0])?.slice(0, 600);
          failures.push(
            `${operationId}: ${last || String(details.errorInstance)}\n    request: ${example}\n    replay: FUZZ_SEED=${BASE_SEED} FUZZ_OP=${operationId} (fast-check seed ${seed}, path ${details.counterexamplePath})`,
          );
        }
        // FUZZ_VERBOSE=1: what each operation answered (to see the requests get past validation).
        if (process.env.FUZZ_VERBOSE) console.info(`${operationId} ${JSON.stringify(statuses)}`);
        if (changed || details.failed) await keepSessionsAlive();
      }
      if (failures.length > 0) console.error(`openapi fuzz, seed ${BASE_SEED}:\n${failures.join('\n')}`);
      expect(failures, `seed ${BASE_SEED}`).toEqual([]);
    }, 900_000); // a third of the operations, 20 requests each: 1-2 min on a busy machine
  });
}

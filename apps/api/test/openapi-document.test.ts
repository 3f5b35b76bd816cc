import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertRouteReads, UNDECLARED_AUTH_HELP } from '../src/plugins/route-auth.ts';
import { type OpenApiDocument, operationsOf, unboundedRequestIntegers } from './openapi-document.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// Issue 24 items 17 and 22: what the generated document (the one `npm run openapi` writes) must say of every
// operation, checked on the app as built now, so a new route that misses one fails here with the fix to make.

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    document = t.app.swagger() as unknown as OpenApiDocument;
  });
  afterAll(() => t.close());

  it('bounds every integer a request gives to what a PostgreSQL integer column holds', () => {
    const unbounded = operationsOf(document).flatMap((ref) =>
      unboundedRequestIntegers(ref).map((where) => `${ref.method.toUpperCase()} ${ref.path} ${where}`),
    );
    expect(
      unbounded,
      'use dbId / dbIdParam (or another bound ≤ DB_INT_MAX) from @sufra/shared/schemas/common for these',
    ).toEqual([]);
  });

  it('gives every operation a security requirement derived from its route', () => {
    const undeclared = operationsOf(document)
      .filter(({ operation }) => operation.security === undefined)
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(undeclared, `for each of these routes, ${UNDECLARED_AUTH_HELP}`).toEqual([]);
    const schemes = Object.keys(document.components?.securitySchemes ?? {});
    for (const { operation } of operationsOf(document)) {
      for (const requirement of operation.security ?? []) {
        for (const name of Object.keys(requirement)) expect(schemes).toContain(name);
      }
    }
  });

  it('gives every operation a unique operationId', () => {
    const ids = operationsOf(document).map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => id === undefined)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names the staff roles of routes limited to some roles', () => {
    const coupons = document.paths['/api/staff/coupons/']?.post;
    expect(coupons?.security).toEqual([{ staffSession: [] }]);
    expect(coupons?.['x-staff-roles']).toEqual(['owner', 'manager']);
    expect(document.paths['/api/customers/{uuid}/me/']?.get?.security).toEqual([{ dinerSession: [] }]);
    expect(document.paths['/api/menu/qr/{uuid}/']?.get?.security).toEqual([]);
  });
});

describe('a route reading a session it does not declare', () => {
  it('fails outside production with the route and the fix named, and passes once declared', async () => {
    const t = await createTestApp();
    const app = Fastify();
    const guard = (request: Parameters<typeof assertRouteReads>[1]) => {
      assertRouteReads(t.config, request, ['diner', 'diner-optional'], 'guards.customer');
      return { ok: true };
    };
    app.get('/undeclared/:uuid/', async (request) => guard(request));
    app.get('/declared/:uuid/', { config: { auth: 'diner' } }, async (request) => guard(request));
    try {
      const undeclared = await app.inject('/undeclared/x/');
      expect(undeclared.statusCode).toBe(500);
      expect(undeclared.json().message).toBe(
        "GET /undeclared/:uuid/ calls guards.customer but declares config.auth (nothing): declare one of 'diner', 'diner-optional'",
      );
      expect((await app.inject('/declared/x/')).statusCode).toBe(200);
    } finally {
      await app.close();
      await t.close();
    }
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkApiLayers,
  checkSessionSql,
  type ImportGraph,
  PLACEMENT_EXCEPTIONS,
  readApiImports,
  readApiSources,
  SESSION_LIVENESS_HOME,
} from './api-layers.ts';

const src = join(import.meta.dirname, '..', 'apps', 'api', 'src');

/** A graph of probe files (path → what it imports), paths as under apps/api/src. */
const graph = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe('the API layers check', () => {
  it('finds the API as it stands within its layers', () => {
    expect(checkApiLayers(readApiImports(src))).toEqual([]);
  });

  it('still has each listed placement exception in the code (a fixed one leaves the list)', () => {
    const edges = new Set(
      [...readApiImports(src)].flatMap(([file, targets]) => targets.map((target) => `${file} -> ${target}`)),
    );
    expect(PLACEMENT_EXCEPTIONS.filter((edge) => !edges.has(edge))).toEqual([]);
  });

  it.each([
    [
      'another module’s repo',
      'modules/games/games.service.ts',
      'modules/loyalty/loyalty.repo.ts',
      /another module's repo/,
    ],
    ['another module’s routes', 'modules/staff/staff.routes.ts', 'modules/auth/auth.routes.ts', /\*\.service\.ts only/],
    ['a module from core/', 'core/sessions.service.ts', 'modules/customers/customers.service.ts', /core\/ must not/],
    ['the composition root from core/', 'core/order-lifecycle.service.ts', 'order-reactions.ts', /core\/ must not/],
    ['core/ from lib/', 'lib/relay.ts', 'core/live-notices.repo.ts', /lib\/ imports only lib/],
    ['a subscriber from orders', 'modules/orders/orders.service.ts', 'modules/tables/tables.service.ts', /orders must/],
  ])('refuses an import of %s', (_what, file, target, problem) => {
    const problems = checkApiLayers(graph({ [file]: [target], [target]: [] }), []);
    expect(problems.some((p) => p.startsWith(`${file} -> ${target}`) && problem.test(p))).toBe(true);
  });

  it('refuses two modules importing each other, through their services and a third module', () => {
    const problems = checkApiLayers(
      graph({
        'modules/menu/menu.service.ts': ['modules/ads/ads.service.ts'],
        'modules/ads/ads.service.ts': ['modules/games/games.service.ts'],
        'modules/games/games.service.ts': ['modules/menu/menu.service.ts'],
      }),
      [],
    );
    expect(problems).toEqual(['modules import each other: ads -> games -> menu -> ads']);
  });

  it('refuses a module file that does not say its role', () => {
    expect(checkApiLayers(graph({ 'modules/payments/payment-core.ts': [] }), [])).toEqual([
      'modules/payments/payment-core.ts: name its role (*.routes, *.service, *.repo, *.reactions, *.relay, *.rules, *.view)',
    ]);
  });

  it('allows a module to import core/, lib/, db/, plugins/, its own repo and another module’s service', () => {
    const problems = checkApiLayers(
      graph({
        'modules/games/games.service.ts': [
          'core/qr-context.repo.ts',
          'lib/relay.ts',
          'db/client.ts',
          'plugins/errors.ts',
          'modules/games/games.repo.ts',
          'modules/loyalty/rewards.service.ts',
        ],
        'core/order-lifecycle.service.ts': ['core/order-rows.repo.ts', 'app-context.ts'],
      }),
      [],
    );
    expect(problems).toEqual([]);
  });
});

describe('the live-session rule', () => {
  it('is written once, in core/sessions.repo.ts, and every other statement builds on it', () => {
    const copies = [...readApiImports(src).keys()].filter((file) => {
      const text = readFileSync(join(src, file), 'utf8');
      return file !== 'core/sessions.repo.ts' && /revoked_at is null|gt\(authSessions\.expiresAt/.test(text);
    });
    expect(copies.sort()).toEqual([]);
    expect(checkSessionSql(readApiSources(src))).toEqual([]);
  });

  it.each([
    ['raw SQL', 'select 1 from auth_sessions s where s.revoked_at is null and s.expires_at > now()'],
    ["Drizzle's builder", 'and(isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now))'],
    ['a column in a template', `sql\`\${authSessions.revokedAt} is null\``],
  ])('refuses a liveness condition written by hand in %s, outside core/sessions.repo.ts', (_, text) => {
    const sources = new Map([
      ['modules/staff/staff.repo.ts', text],
      [SESSION_LIVENESS_HOME, text],
      ['db/schema/auth.ts', text],
    ]);
    expect(checkSessionSql(sources)).toEqual([
      expect.stringMatching(/^modules\/staff\/staff\.repo\.ts: .*sessionLiveSql/),
    ]);
  });
});

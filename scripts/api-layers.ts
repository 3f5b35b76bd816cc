// The API's layers (docs/architecture.md), checked on its import graph; `npm run lint` runs it, and
// scripts/api-layers.test.ts shows it refusing each kind of import it must refuse.
// - A feature module (modules/<m>/) imports core/, lib/, db/, plugins/, providers/, shared, its own files, and other
//   modules' *.service.ts only: never another module's repo, routes or inner files.
// - core/ imports no module (and not the composition root: app.ts, app-context.ts is a type it may use).
// - lib/ imports nothing of the app but lib/.
// - orders imports none of the modules that react to its orders: they subscribe to the lifecycle seam
//   (order-reactions.ts) or are handed to it by the composition root (app.ts).
// - No two modules import each other, through any path (module-level cycles; Biome's noImportCycles finds the
//   file-level ones).
// - Every file of a module or of core says its role: *.routes.ts, *.service.ts, *.repo.ts, *.reactions.ts,
//   *.relay.ts, *.rules.ts, *.view.ts, *.test.ts.
// - A session's liveness (neither revoked nor expired) is spelled once, core/sessions.repo.ts sessionLiveSql: no
//   other file writes a `revoked_at is null` condition of its own (checkSessionSql).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** Paths relative to apps/api/src, '/'-separated: each file and the app files it imports. */
export type ImportGraph = Map<string, string[]>;

const ROLE = /\.(routes|service|repo|reactions|relay|rules|view|test)\.ts$/;

/** The modules that react to orders: orders may not import them. */
const ORDER_SUBSCRIBERS = ['payments', 'loyalty', 'coupons', 'kitchen', 'tables', 'referral', 'punch-cards'];

/**
 * The imports still allowed against the rules, edge by edge, each with its reason, so nothing new slips in under
 * their name (a test fails when a listed one is gone: the list only shrinks). Placement's extras (points, coupon,
 * owned reward, kitchen hand-off) are plug-ins registered at the root (checkout-extras.ts) and import orders no more.
 */
export const PLACEMENT_EXCEPTIONS: readonly string[] = [
  // Type only: the port orders asks of payments (OrdersPayments) is written in payments' own signatures.
  'modules/orders/order-placement.service.ts -> modules/payments/payments.service.ts',
  // Type only: the built menu placement prices from (BuiltMenu), menu's wire shape.
  'modules/orders/placement-rules.service.ts -> modules/menu/menu-build.view.ts',
  // A dine-in order's table by its number: a read of tables' service (the table's own state is tables' reaction).
  'modules/orders/placement-rules.service.ts -> modules/tables/tables.service.ts',
];

const moduleOf = (path: string) => (path.startsWith('modules/') ? path.split('/')[1] : undefined);
const tierOf = (path: string) => path.split('/')[0] ?? path;

/** Every rule the graph breaks, one sentence each ([] when it keeps them all). */
export function checkApiLayers(graph: ImportGraph, exceptions: readonly string[] = PLACEMENT_EXCEPTIONS): string[] {
  const excused = new Set(exceptions);
  const problems: string[] = [];
  const moduleEdges = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = moduleOf(file);
    if ((from || tierOf(file) === 'core') && !ROLE.test(file)) {
      problems.push(`${file}: name its role (*.routes, *.service, *.repo, *.reactions, *.relay, *.rules, *.view)`);
    }
    for (const target of targets) {
      const edge = `${file} -> ${target}`;
      const to = moduleOf(target);
      if (tierOf(file) === 'core' && (to || target === 'app.ts' || target === 'order-reactions.ts')) {
        problems.push(`${edge}: core/ must not import modules or the composition root`);
      }
      if (tierOf(file) === 'lib' && tierOf(target) !== 'lib') problems.push(`${edge}: lib/ imports only lib/`);
      if (!from || !to || from === to) continue;
      if (!excused.has(edge)) {
        if (target.endsWith('.repo.ts')) {
          problems.push(`${edge}: another module's repo (call its service, or move what both need to core/)`);
        } else if (!target.endsWith('.service.ts')) {
          problems.push(`${edge}: a module imports another module's *.service.ts only`);
        }
        if (from === 'orders' && ORDER_SUBSCRIBERS.includes(to)) {
          problems.push(`${edge}: orders must not import ${to}, which reacts to orders (lifecycle seam or app.ts)`);
        }
      }
      if (!moduleEdges.has(from)) moduleEdges.set(from, new Set());
      if (!excused.has(edge)) moduleEdges.get(from)?.add(to);
    }
  }
  for (const cycle of moduleCycles(moduleEdges)) problems.push(`modules import each other: ${cycle.join(' -> ')}`);
  return problems;
}

/** Where a session's liveness condition is written; every statement that checks a session builds it from there. */
export const SESSION_LIVENESS_HOME = 'core/sessions.repo.ts';

/**
 * A hand-written liveness condition: the revoked half, in raw SQL or Drizzle's builder (a check without it is no
 * liveness check, so this is what a copy of the rule cannot leave out).
 */
const HAND_WRITTEN_LIVENESS = [
  /\brevoked_at\s+is\s+null/i,
  /\brevokedAt\}?\s+is\s+null/i,
  /isNull\(\s*[\w.]*\.revokedAt\s*\)/,
];

/** Every file (outside the fragment's home and db/) that checks a session without sessionLiveSql, one sentence each. */
export function checkSessionSql(sources: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  for (const [file, text] of sources) {
    if (file === SESSION_LIVENESS_HOME || tierOf(file) === 'db') continue;
    if (HAND_WRITTEN_LIVENESS.some((pattern) => pattern.test(text))) {
      problems.push(
        `${file}: checks a session's liveness by hand (build the condition with ${SESSION_LIVENESS_HOME} sessionLiveSql)`,
      );
    }
  }
  return problems;
}

/** The text of each source file of an API source folder (tests left out), by path as under apps/api/src. */
export function readApiSources(srcDir: string): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        sources.set(relative(srcDir, path).split('\\').join('/'), readFileSync(path, 'utf8'));
      }
    }
  };
  walk(srcDir);
  return sources;
}

/** Each cycle between modules once, as the path that closes it (depth-first from each module in name order). */
function moduleCycles(edges: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const walk = (node: string, path: string[]) => {
    for (const next of [...(edges.get(node) ?? [])].sort()) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const cycle = [...path.slice(at), next];
        const key = [...cycle.slice(0, -1)].sort().join(',');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(cycle);
        }
      } else walk(next, [...path, next]);
    }
  };
  for (const start of [...edges.keys()].sort()) walk(start, [start]);
  return cycles;
}

/** The import graph of an API source folder (tests left out: they may reach anywhere to set up). */
export function readApiImports(srcDir: string): ImportGraph {
  const graph: ImportGraph = new Map();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const file = relative(srcDir, path).split('\\').join('/');
        const targets = ts
          .preProcessFile(readFileSync(path, 'utf8'), true, true)
          .importedFiles.map((i) => i.fileName)
          .filter((spec) => spec.startsWith('.'))
          .map((spec) => posix.normalize(posix.join(posix.dirname(file), spec)))
          .filter((target) => !target.startsWith('..'));
        graph.set(file, targets);
      }
    }
  };
  walk(srcDir);
  return graph;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const src = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'api', 'src');
  const problems = [...checkApiLayers(readApiImports(src)), ...checkSessionSql(readApiSources(src))];
  for (const problem of problems) console.error(`api layers: ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log('api layers: no import against the layers');
}

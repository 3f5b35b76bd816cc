import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The web build's areas (docs/architecture.md, Web): the staff app is one lazy boundary (apps/web/src/app/staff-app.tsx),
 * so no staff module, and none of the libraries the management console will bring (tables, charts, map drawing),
 * reaches a chunk a diner's page can load; and the two first loads keep their budgets. Built in memory with the app's
 * own Vite configuration; sizes are the JavaScript a first visit needs, gzip -9, as `npm run bench` measures them
 * (scripts/bench/bundle.ts: the entry, the boot chunk it imports, their static imports, then the page's chunk and its
 * static imports).
 */
const web = join(import.meta.dirname, '..', 'apps', 'web');

/** KB = 1,024 bytes of gzip -9; the bench's TARGETS (scripts/bench/options.ts) say the same (issue 14; docs/adr/0340). */
const BUDGETS = { menuKb: 100, staffAppKb: 185, consoleKb: 150 };

/** Source modules only the staff app uses: its area, its door, and the two lib/ modules only staff code imports. */
const STAFF_ONLY = [
  /\/src\/staff\//,
  /\/src\/app\/staff-app\.tsx$/,
  /\/src\/app\/console-door\.tsx$/,
  /\/src\/app\/console-boot\.tsx$/,
  /\/src\/lib\/staff-request\.ts$/,
  /\/src\/lib\/low-rating-events\.ts$/,
];

/** The console's kind of libraries, kept out of the diner's chunks: data tables, charts, map drawing. */
const DENIED_PACKAGES = [
  /^@tanstack\/(react-)?table/,
  /^ag-grid/,
  /^@mui\/x-data-grid/,
  /^react-data-grid$/,
  /^material-react-table$/,
  /^chart\.js$/,
  /^react-chartjs-2$/,
  /^recharts$/,
  /^echarts/,
  /^apexcharts$/,
  /^react-apexcharts$/,
  /^uplot$/,
  /^@nivo\//,
  /^victory/,
  /^d3(-|$)/,
  /^leaflet-draw$/,
  /^leaflet-editable$/,
  /^@geoman-io\//,
  /^@mapbox\/mapbox-gl-draw$/,
  /^terra-draw/,
];

/** The npm package a module id comes from (the innermost node_modules folder), or undefined for our own code. */
function packageOf(id: string): string | undefined {
  const match = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id.replaceAll('\\', '/'));
  return match?.[1];
}

const isDenied = (id: string): boolean => {
  const name = packageOf(id);
  return name !== undefined && DENIED_PACKAGES.some((pattern) => pattern.test(name));
};
const isStaffOnly = (id: string): boolean => STAFF_ONLY.some((pattern) => pattern.test(id.replaceAll('\\', '/')));

let outDir = '';
const chunks = new Map<string, Rollup.OutputChunk>();

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'sufra-web-bundle-'));
  // Vitest sets NODE_ENV=test, which would give React's development build: build as `npm run build` does.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({
      root: web,
      configFile: join(web, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { write: false, outDir, emptyOutDir: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  for (const item of outputs.flatMap((o) => o.output)) if (item.type === 'chunk') chunks.set(item.fileName, item);
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

const chunkOf = (source: string): Rollup.OutputChunk => {
  const found = [...chunks.values()].find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(source));
  if (!found) throw new Error(`no chunk for ${source}`);
  return found;
};
const entry = () => {
  const found = [...chunks.values()].find((c) => c.isEntry);
  if (!found) throw new Error('no entry chunk');
  return found;
};

function staticClosure(fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const imported of chunks.get(fileName)?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

/**
 * What a first visit loads before any page: the entry, the boot chunk it imports, and their static imports. The
 * entry imports one of two: the app's (app/boot.tsx) or, on /staff/manage, the console's own (docs/adr/0770).
 */
function firstLoad(boot: 'src/app/boot.tsx' | 'src/app/console-boot.tsx' = 'src/app/boot.tsx'): Set<string> {
  const loaded = staticClosure(entry().fileName);
  staticClosure(chunkOf(boot).fileName, loaded);
  return loaded;
}

/** Every source module in these chunks. */
const modulesOf = (files: Iterable<string>) => [...files].flatMap((file) => chunks.get(file)?.moduleIds ?? []);

const gzipBytes = (files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gzipSync(chunks.get(file)?.code ?? '', { level: 9 }).length, 0);

/** Every chunk a diner's page can load: all the entry reaches, statically or lazily, without entering the staff app. */
function dinerChunks(): Set<string> {
  const doors = new Set(
    ['src/app/staff-app.tsx', 'src/app/console-door.tsx', 'src/app/console-boot.tsx'].map((m) => chunkOf(m).fileName),
  );
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (doors.has(fileName) || seen.has(fileName) || !chunks.has(fileName)) return;
    seen.add(fileName);
    const chunk = chunks.get(fileName);
    for (const next of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) visit(next);
  };
  visit(entry().fileName);
  return seen;
}

describe('the web build keeps the staff app apart', () => {
  it('recognises staff modules and the denied libraries (so the checks below can fail)', () => {
    expect(isStaffOnly('/repo/apps/web/src/staff/board/routes/staff-route.tsx')).toBe(true);
    expect(isStaffOnly('/repo/apps/web/src/diner/menu/routes/menu-route.tsx')).toBe(false);
    expect(isDenied('/repo/node_modules/recharts/es6/index.js')).toBe(true);
    expect(isDenied('/repo/node_modules/@tanstack/table-core/build/lib/index.mjs')).toBe(true);
    expect(isDenied('/repo/node_modules/leaflet-draw/dist/leaflet.draw.js')).toBe(true);
    // Leaflet itself draws the diner's delivery map (a lazy chunk of the address form): allowed.
    expect(isDenied('/repo/node_modules/leaflet/dist/leaflet-src.js')).toBe(false);
    // The staff app's own chunks do hold staff modules: the matcher sees real module ids.
    const staffModules = [...staticClosure(chunkOf('src/app/staff-app.tsx').fileName)].flatMap(
      (file) => chunks.get(file)?.moduleIds ?? [],
    );
    expect(staffModules.filter(isStaffOnly).length).toBeGreaterThan(10);
  });

  it('puts no staff-only module in any chunk a diner page can load', () => {
    const found = [...dinerChunks()].flatMap((file) =>
      (chunks.get(file)?.moduleIds ?? []).filter(isStaffOnly).map((id) => `${file}: ${id}`),
    );
    expect(found).toEqual([]);
  });

  it('puts none of the console libraries (tables, charts, map drawing) in a diner chunk', () => {
    const found = [...dinerChunks()].flatMap((file) =>
      (chunks.get(file)?.moduleIds ?? []).filter(isDenied).map((id) => `${file}: ${id}`),
    );
    expect(found).toEqual([]);
  });

  it('loads every staff section through the one staff app chunk', () => {
    const dinerReach = dinerChunks();
    const staffFacades = [...chunks.values()].filter((c) => c.facadeModuleId && isStaffOnly(c.facadeModuleId));
    expect(staffFacades.length).toBeGreaterThan(0);
    for (const chunk of staffFacades) expect(dinerReach.has(chunk.fileName), chunk.fileName).toBe(false);
  });

  it(`keeps the menu route's initial JavaScript within ${BUDGETS.menuKb} KB gzip`, () => {
    const files = staticClosure(chunkOf('src/diner/menu/routes/menu-route.tsx').fileName, firstLoad());
    expect(gzipBytes(files)).toBeLessThanOrEqual(BUDGETS.menuKb * 1024);
  });

  it(`keeps the staff app's initial JavaScript within ${BUDGETS.staffAppKb} KB gzip`, () => {
    const files = staticClosure(chunkOf('src/app/staff-app.tsx').fileName, firstLoad());
    expect(gzipBytes(files)).toBeLessThanOrEqual(BUDGETS.staffAppKb * 1024);
  });

  it('loads the management console as a chunk of its own, apart from the staff app (docs/adr/0420)', () => {
    const consoleDoor = chunkOf('src/app/console-door.tsx');
    expect(
      consoleDoor.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith('/src/staff/console/console-app.tsx')),
    ).toBe(true);
    // Neither door pulls the other in: the order board is not in the console's first load, nor the console in the staff app's.
    const consoleFiles = staticClosure(consoleDoor.fileName);
    const staffFiles = staticClosure(chunkOf('src/app/staff-app.tsx').fileName);
    expect(consoleFiles.has(chunkOf('src/app/staff-app.tsx').fileName)).toBe(false);
    expect(staffFiles.has(consoleDoor.fileName)).toBe(false);
  });

  // The console's first page (a desktop tool on an office connection) may carry a data table and forms, but not a
  // map or a chart: those load with their own pages (docs/adr/0420, the figure that set this budget).
  it(`keeps the management console's initial JavaScript within ${BUDGETS.consoleKb} KB gzip`, () => {
    const files = staticClosure(chunkOf('src/app/console-door.tsx').fileName, firstLoad('src/app/console-boot.tsx'));
    const bytes = gzipBytes(files);
    console.info(`console initial JS: ${(bytes / 1024).toFixed(1)} KB gzip`);
    expect(bytes).toBeLessThanOrEqual(BUDGETS.consoleKb * 1024);
  });

  // A cold open of /staff/manage/menu evaluates only what the console and its item list need (docs/adr/0770): not the
  // diner's app shell (its store, routes and cart), nor the phone metadata or the zod schemas the list never runs.
  it("opens the console on its item list without the diner's app, the phone metadata or zod", () => {
    const files = staticClosure(
      chunkOf('src/staff/manage-menu/menu-page.tsx').fileName,
      firstLoad('src/app/console-boot.tsx'),
    );
    const modules = modulesOf(files).map((id) => id.replaceAll('\\', '/'));
    const unwanted = modules.filter(
      (id) =>
        /\/src\/app\/(boot|app|store|router)\.tsx?$/.test(id) ||
        /\/src\/stores\//.test(id) ||
        packageOf(id) === 'libphonenumber-js' ||
        packageOf(id) === 'zod' ||
        packageOf(id) === '@reduxjs/toolkit',
    );
    expect(modules.some((id) => id.endsWith('/src/staff/manage-menu/routes/items-page.tsx'))).toBe(true);
    expect(unwanted).toEqual([]);
    console.info(`console on its item list, initial JS: ${(gzipBytes(files) / 1024).toFixed(1)} KB gzip`);
  });
});

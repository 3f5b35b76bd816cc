// Web build sizes: builds apps/web with a Vite manifest into a temp folder, then adds up gzip -9 sizes of
// the JavaScript a first visit to each route needs (entry + the boot chunk it always imports + their static imports
// + the route's lazy chunk + its imports).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { run } from './processes.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteSize {
  route: string;
  chunk: string;
  files: number;
  jsGzipBytes: number;
  /** What the route adds on top of the entry and boot chunks: its lazy chunk and the static imports only it brings. */
  lazyGzipBytes: number;
  /** Whether Leaflet (the map) is among the files the route loads before it renders. */
  leafletUpFront: boolean;
  /** The CSS of those same chunks (the entry's and the route's own stylesheets), gzip -9. */
  cssGzipBytes: number;
}

export interface BundleResult {
  ok: boolean;
  note?: string;
  entryGzipBytes: number;
  routes: RouteSize[];
  cssGzipBytes: number;
  cssFiles: number;
  totalJsGzipBytes: number;
  /** The JavaScript files that carry Leaflet (found by its `leaflet-container` class name). */
  leafletFiles: string[];
}

const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
/** The console's own entry: main.tsx imports it instead of app/boot.tsx on /staff/manage (docs/adr/0770). */
const CONSOLE_BOOT = 'src/app/console-boot.tsx';

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** The manifest keys a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** Which customer route a lazy chunk serves, from its source path (diner/<f>/routes/…, staff/<f>/routes/…, app/routes/…). */
function routeName(key: string, chunk: ManifestChunk): string {
  const source = chunk.src ?? key;
  return source.replace(/^src\//, '').replace(/\.(tsx?|jsx?)$/, '');
}

export async function buildAndMeasure(outDir: string): Promise<BundleResult> {
  const build = await run(
    'npm',
    ['run', 'build', '-w', '@sufra/web', '--', '--manifest', '--outDir', outDir, '--emptyOutDir'],
    {
      quiet: true,
    },
  );
  const empty = { entryGzipBytes: 0, routes: [], cssGzipBytes: 0, cssFiles: 0, totalJsGzipBytes: 0, leafletFiles: [] };
  if (build.code !== 0) {
    return { ok: false, note: `web build failed:\n${build.output.split('\n').slice(-15).join('\n')}`, ...empty };
  }

  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) return { ok: false, note: 'no entry chunk in the Vite manifest', ...empty };

  const sizeOf = (keys: Set<string>) =>
    [...keys].reduce((sum, key) => sum + gzipSize(join(outDir, manifest[key]?.file ?? '')), 0);
  const cssOf = (keys: Set<string>) =>
    [...new Set([...keys].flatMap((key) => manifest[key]?.css ?? []))].reduce(
      (sum, file) => sum + gzipSize(join(outDir, file)),
      0,
    );
  // The entry only paints-then-imports the app (apps/web/src/main.tsx): its own dynamic imports (the boot chunk)
  // load on every visit, so they count as initial JavaScript, with their static imports.
  // The console's own boot (app/console-boot.tsx, docs/adr/0770) loads instead, only on /staff/manage: not counted.
  const entryKeys = staticClosure(manifest, entryKey);
  const boots = manifest[entryKey]?.dynamicImports ?? [];
  for (const boot of boots) if (boot !== CONSOLE_BOOT) staticClosure(manifest, boot, entryKeys);
  const bootKeys = new Set(boots);

  const leafletKeys = new Set(
    Object.entries(manifest)
      .filter(([, chunk]) => chunk.file.endsWith('.js'))
      .filter(([, chunk]) => readFileSync(join(outDir, chunk.file), 'utf8').includes('leaflet-container'))
      .map(([key]) => key),
  );

  const routes: RouteSize[] = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && chunk.file.endsWith('.js') && !bootKeys.has(key))
    .map(([key, chunk]) => {
      const keys = staticClosure(manifest, key, new Set(entryKeys));
      const added = new Set([...keys].filter((k) => !entryKeys.has(k)));
      return {
        route: routeName(key, chunk),
        chunk: chunk.file,
        files: keys.size,
        jsGzipBytes: sizeOf(keys),
        lazyGzipBytes: sizeOf(added),
        leafletUpFront: [...keys].some((k) => leafletKeys.has(k)),
        cssGzipBytes: cssOf(keys),
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));

  const files = listFiles(outDir);
  const css = files.filter((file) => file.endsWith('.css'));
  const js = files.filter((file) => file.endsWith('.js'));
  return {
    ok: true,
    entryGzipBytes: sizeOf(entryKeys),
    routes,
    cssGzipBytes: css.reduce((sum, file) => sum + gzipSize(file), 0),
    cssFiles: css.length,
    totalJsGzipBytes: js.reduce((sum, file) => sum + gzipSize(file), 0),
    leafletFiles: [...leafletKeys].map((k) => manifest[k]?.file ?? k),
  };
}

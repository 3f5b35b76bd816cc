import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One way to load server data (docs/adr/0360-one-way-to-load-server-data.md): components and hooks read through
 * useApiQuery / useApiPages and write through useApiMutation, whose fetchers are the calls in `api/` files; only
 * those files and lib's API client (lib/api-client.ts, where the one `fetch` with credentials, language and timeout
 * lives) may call `fetch` themselves. Biome has no rule that allows a global by folder pattern this precisely, so
 * this scans the web app's source.
 */
const src = join(import.meta.dirname, '..', 'apps', 'web', 'src');

/** `fetch(…)`, `window.fetch(…)`, `globalThis.fetch`, `self.fetch`; not `refetch()` nor `query.fetch()`. */
const FETCH_CALL = /(?<![\w$.])fetch\s*\(|\b(?:window|globalThis|self)\s*\.\s*fetch\b/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Where `fetch` may be called: any file inside an `api/` folder, and lib's API client. */
function mayFetch(path: string): boolean {
  const parts = path.split('/');
  return parts.slice(0, -1).includes('api') || path === 'lib/api-client.ts';
}

/** Drops comments, so a sentence about `fetch(` is not a call. */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

describe('fetch only in api/ files', () => {
  it('finds calls of fetch and nothing else', () => {
    const calls = ["const r = await fetch('/x');", 'window.fetch(url)', 'globalThis.fetch', 'return fetch (url, init)'];
    const notCalls = ['refetch()', 'query.fetch()', 'fetchQuery(key)', 'prefetchRouteData(location)', '// fetch(x)'];
    for (const line of calls) expect(FETCH_CALL.test(withoutComments(line)), line).toBe(true);
    for (const line of notCalls) expect(FETCH_CALL.test(withoutComments(line)), line).toBe(false);
  });

  it('allows api/ folders and lib/api-client.ts, and nowhere else', () => {
    expect(mayFetch('features/ordering/api/create-card-token.ts')).toBe(true);
    expect(mayFetch('diner/ordering/api/create-card-token.ts')).toBe(true);
    expect(mayFetch('lib/api-client.ts')).toBe(true);
    expect(mayFetch('features/ordering/hooks/use-card-payment.ts')).toBe(false);
    expect(mayFetch('features/api-keys.ts')).toBe(false);
    expect(mayFetch('lib/get-menu.ts')).toBe(false);
    expect(mayFetch('components/ui/api.tsx')).toBe(false);
  });

  it('no component, hook or page of the web app calls fetch outside api/ files', () => {
    const offenders = sourceFiles(src)
      .map((path) => relative(src, path).split(sep).join('/'))
      .filter((path) => !mayFetch(path))
      .filter((path) => FETCH_CALL.test(withoutComments(readFileSync(join(src, path), 'utf8'))));
    expect(offenders, 'call the API from a file in an api/ folder, and read it with useApiQuery').toEqual([]);
  });
});

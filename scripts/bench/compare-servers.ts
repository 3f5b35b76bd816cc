// What two servers answer for one page and everything its HTML names: status, encoded bytes, encoding, caching,
// content type and the body itself. The Lighthouse section uses it to show that the production-mode server and the
// app as `npm start` runs it send the same page (or what differs), before their figures are compared.
import { createHash } from 'node:crypto';
import { request } from 'node:http';

interface Answer {
  status: number;
  headers: Record<string, string>;
  bytes: number;
  /** sha256 of the body as sent (still compressed). */
  hash: string;
}

export interface ServerComparison {
  /** How many addresses were compared (the page and what it names). */
  compared: number;
  /** One line per difference; empty when both servers answered alike. */
  differences: string[];
}

/** The headers that matter for how a browser loads and keeps the answer (not dates or request ids). */
const COMPARED_HEADERS = ['content-type', 'content-encoding', 'cache-control', 'vary', 'content-security-policy'];

function get(base: string, path: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(
      new URL(path, base),
      // What Chromium sends; the body is read as it comes (still compressed) so the bytes are the wire's.
      { headers: { 'accept-encoding': 'gzip, deflate, br, zstd', 'accept-language': 'en-US' } },
      (response) => {
        const hash = createHash('sha256');
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          hash.update(chunk);
        });
        response.on('end', () => {
          const headers: Record<string, string> = {};
          for (const name of COMPARED_HEADERS) headers[name] = String(response.headers[name] ?? '');
          done({ status: response.statusCode ?? 0, headers, bytes, hash: hash.digest('hex') });
        });
        response.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end();
  });
}

/** Same-origin addresses the page's HTML names (scripts, preloads, stylesheets, images), in order. */
function namedPaths(html: string): string[] {
  const paths = [...html.matchAll(/\s(?:src|href)="(\/[^"/][^"]*)"/g)].map((m) => m[1] ?? '');
  return [...new Set(paths.filter((p) => /\.\w+$/.test(p.split('?')[0] ?? '') || p.startsWith('/api/')))];
}

async function bodyText(base: string, path: string): Promise<string> {
  const response = await fetch(new URL(path, base));
  return response.text();
}

export async function compareServers(a: string, b: string, pagePath: string): Promise<ServerComparison> {
  const paths = [pagePath, ...namedPaths(await bodyText(a, pagePath))];
  for (const path of namedPaths(await bodyText(b, pagePath))) if (!paths.includes(path)) paths.push(path);
  const differences: string[] = [];
  for (const path of paths) {
    const [one, two] = await Promise.all([get(a, path), get(b, path)]);
    const what: string[] = [];
    if (one.status !== two.status) what.push(`status ${one.status} / ${two.status}`);
    for (const name of COMPARED_HEADERS) {
      if (one.headers[name] !== two.headers[name]) {
        what.push(`${name} "${one.headers[name]}" / "${two.headers[name]}"`);
      }
    }
    if (one.bytes !== two.bytes) what.push(`${one.bytes} / ${two.bytes} bytes`);
    else if (one.hash !== two.hash) what.push('same size, different bytes');
    if (what.length) differences.push(`\`${path}\`: ${what.join('; ')}`);
  }
  return { compared: paths.length, differences };
}

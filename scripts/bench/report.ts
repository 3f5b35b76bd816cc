// The report's shared parts: number formats, section headings, and writing one section into docs/benchmarks.md.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadResult } from './http.ts';
import { ROOT } from './processes.ts';

/** Prints one section and puts it in place of the same section of docs/benchmarks.md (the rest is kept). */
export function updateSection(heading: string, section: string[]) {
  const path = join(ROOT, 'docs/benchmarks.md');
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n';
  writeFileSync(path, replaceSection(current, heading, section));
  console.log(section.join('\n'));
  console.error(`[bench] updated "${heading.slice(3)}" in ${path}`);
}

/** Replaces `## heading` up to the next `## ` (or the end) with `section`; inserts it before `## Web build` if absent. */
export function replaceSection(markdown: string, heading: string, section: string[]): string {
  const lines = markdown.trimEnd().split('\n');
  const start = lines.indexOf(heading);
  const body = [...section, ''];
  if (start >= 0) {
    let end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
    if (end < 0) end = lines.length;
    lines.splice(start, end - start, ...body);
  } else {
    const before = lines.findIndex((line) => line.startsWith('## Web build'));
    const at = before < 0 ? lines.length : before;
    lines.splice(at, 0, ...(at > 0 && lines[at - 1] !== '' ? ['', ...body] : body));
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * A full run's report put into docs/benchmarks.md: its preamble (up to the first `## `) and each of its `## ` sections
 * replace the file's own (replaceSection), and every section it does not write is kept: the hand-written ones (the
 * test run, the earlier figures, notes beside a section) and those only `--only <section>` measures.
 */
export function mergeReport(markdown: string, report: string): string {
  const lines = report.trimEnd().split('\n');
  const starts = lines.flatMap((line, i) => (line.startsWith('## ') ? [i] : []));
  const first = starts[0] ?? lines.length;
  const current = markdown.trimEnd().split('\n');
  const currentFirst = current.findIndex((line) => line.startsWith('## '));
  let merged = [...lines.slice(0, first), ...current.slice(currentFirst < 0 ? current.length : currentFirst)]
    .join('\n')
    .trimEnd();
  starts.forEach((start, n) => {
    const section = lines.slice(start, starts[n + 1] ?? lines.length);
    while (section.length && section[section.length - 1] === '') section.pop();
    merged = replaceSection(merged, section[0] ?? '', section);
  });
  return `${merged.trimEnd()}\n`;
}

export const stamp = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const num = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: digits }) : 'n/a';
export const mark = (ok: boolean) => (ok ? '✅ pass' : '❌ fail');

export function chromiumVersion(): string {
  try {
    const out = execFileSync('/usr/bin/chromium', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.match(/\d+\.\d+\.\d+\.\d+/)?.[0] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function loadRow(r: LoadResult | undefined): string {
  if (!r) return '| – | – | – | – | – | – |';
  const responses = r.problems === 0 ? r.breakdown : `**${r.breakdown}**`;
  return `| ${r.label} | ${num(r.requestsPerSecond)} | ${num(r.p50Ms, 1)} | ${num(r.p99Ms, 1)} | ${num(r.bytesPerResponse)} | ${responses} |`;
}

export const ORDERS_HEADING = '## Order placement (PostgreSQL)';
export const WEB_HEADING = '## Web build (gzip -9)';
export const LIGHTHOUSE_HEADING = '## Lighthouse (mobile, performance)';
export const PAYMENTS_HEADING = '## Card payments (PostgreSQL, test gateway)';
export const LOYALTY_HEADING = '## Loyalty (PostgreSQL)';
export const ENGAGEMENT_HEADING = '## Engagement (PostgreSQL)';
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

// Adds up the JSON reports written by `scripts/test.sh` (vitest json, Playwright json) into one
// "N passed, N failed" line, preceded by one line per failed test (its suite, file, name and the first line of its
// error): a CI log is often read from its tail only, and the reporters print failures far above it.
// Missing reports (a step that crashed before reporting) are listed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

type VitestAssertion = { fullName?: string; title?: string; status: string; failureMessages?: string[] };
type VitestFile = { name: string; status: string; message?: string; assertionResults?: VitestAssertion[] };
type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests?: number;
  testResults?: VitestFile[];
};
type PlaywrightResult = { status?: string; error?: { message?: string } };
type PlaywrightTest = { status?: string; projectName?: string; results?: PlaywrightResult[] };
type PlaywrightSpec = { title: string; file?: string; line?: number; tests?: PlaywrightTest[] };
type PlaywrightSuite = { title: string; file?: string; specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] };
type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
  errors?: { message?: string }[];
};

/** The first non-empty line of an error, without colour codes, cut to a readable length. */
export function firstLine(message: string | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are what it removes
  const plain = (message ?? '').replace(/\x1b\[[0-9;]*m/g, '');
  const line = plain.split('\n').find((text) => text.trim() !== '') ?? '';
  const trimmed = line.trim();
  return trimmed.length > 240 ? `${trimmed.slice(0, 237)}...` : trimmed;
}

/** One line per failed test (or failed file, when it failed outside its tests) of a vitest JSON report. */
export function vitestFailures(suite: string, report: VitestReport, root: string): string[] {
  const lines: string[] = [];
  for (const file of report.testResults ?? []) {
    const path = relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      lines.push(`${suite}: ${path} › ${test.fullName ?? test.title ?? ''} — ${firstLine(test.failureMessages?.[0])}`);
    }
    if (failed.length === 0 && file.status === 'failed') lines.push(`${suite}: ${path} — ${firstLine(file.message)}`);
  }
  return lines;
}

/** One line per test of a Playwright JSON report that ended unexpected (failed in every try). */
export function playwrightFailures(suite: string, report: PlaywrightReport): string[] {
  const lines: string[] = [];
  // The top suites are the files (their title is the file's path, already in the line).
  const walk = (node: PlaywrightSuite, titles: string[], top: boolean) => {
    const here = top ? [] : [...titles, node.title];
    for (const spec of node.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = [...(test.results ?? [])].reverse().find((result) => result.error)?.error?.message;
        const name = [...here, spec.title].filter(Boolean).join(' › ');
        lines.push(`${suite}: ${spec.file ?? node.file ?? ''}:${spec.line ?? ''} › ${name} — ${firstLine(error)}`);
      }
    }
    for (const child of node.suites ?? []) walk(child, here, false);
  };
  for (const file of report.suites ?? []) walk(file, [], true);
  for (const error of report.errors ?? []) lines.push(`${suite}: ${firstLine(error.message)}`);
  return lines;
}

function main(dir: string) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const missing: string[] = [];
  const failures: string[] = [];

  for (const name of ['unit', 'api-pglite', 'api-postgres']) {
    const file = join(dir, `${name}.json`);
    if (!existsSync(file)) {
      missing.push(name);
      continue;
    }
    const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests ?? 0;
    failures.push(...vitestFailures(name, report, process.cwd()));
  }

  // The journeys' shards each write e2e-<shard>.json (scripts/test.sh); a shard without a report crashed.
  const shards = readdirSync(dir).filter((file) => /^e2e-\d+\.log$/.test(file));
  for (const log of shards.length > 0 ? shards : ['e2e-1.log']) {
    const name = log.replace(/\.log$/, '');
    const e2eFile = join(dir, `${name}.json`);
    if (!existsSync(e2eFile)) {
      missing.push(name);
      continue;
    }
    const report = JSON.parse(readFileSync(e2eFile, 'utf8')) as PlaywrightReport;
    const { stats } = report;
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
    failures.push(...playwrightFailures(name, report));
  }

  const shown = failures.slice(0, 30);
  for (const line of shown) console.log(`  FAILED ${line}`);
  if (failures.length > shown.length) console.log(`  … and ${failures.length - shown.length} more failures above`);
  const extra = [skipped ? `${skipped} skipped` : '', missing.length ? `no report from: ${missing.join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
  console.log(`${passed} passed, ${failed} failed${extra ? ` (${extra})` : ''}`);
}

if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: test-summary.ts <results dir>');
  main(dir);
}

// Adds up the JSON reports written by `scripts/test.sh` (vitest json, Playwright json) into one
// "N passed, N failed" line. Missing reports (a step that crashed before reporting) are listed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) throw new Error('usage: test-summary.ts <results dir>');

type VitestReport = { numPassedTests: number; numFailedTests: number; numPendingTests?: number };
type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };

let passed = 0;
let failed = 0;
let skipped = 0;
const missing: string[] = [];

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
}

// The journeys' shards each write e2e-<shard>.json (scripts/test.sh); a shard without a report crashed.
const shards = readdirSync(dir).filter((file) => /^e2e-\d+\.log$/.test(file));
for (const log of shards.length > 0 ? shards : ['e2e-1.log']) {
  const e2eFile = join(dir, log.replace(/\.log$/, '.json'));
  if (!existsSync(e2eFile)) {
    missing.push(log.replace(/\.log$/, ''));
    continue;
  }
  const { stats } = JSON.parse(readFileSync(e2eFile, 'utf8')) as PlaywrightReport;
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
}

const extra = [skipped ? `${skipped} skipped` : '', missing.length ? `no report from: ${missing.join(', ')}` : '']
  .filter(Boolean)
  .join('; ');
console.log(`${passed} passed, ${failed} failed${extra ? ` (${extra})` : ''}`);

import { describe, expect, it } from 'vitest';
import { mergeReport } from './report.ts';

/** A `## ` (or `### `) section as the report writes it: heading, blank line, body, blank line. */
const section = (heading: string, body: string) => [heading, '', body, ''];
const markdown = (...parts: string[][]) => parts.flat().join('\n');

const title = (generated: string) => ['# Benchmarks', '', generated, ''];
const oldMenu = section('## Menu endpoint', 'old menu');
const orders = section('## Order placement (PostgreSQL)', 'orders measured alone');
const oldWeb = section('## Web build (gzip -9)', 'old sizes');
const testRun = section('## Test run', 'written by hand');
const consoleFigures = section('## Menu console (issue 26)', 'console figures');
const file = markdown(title('Generated on day 1.'), oldMenu, orders, oldWeb, testRun, consoleFigures);

describe('mergeReport (a full bench run into docs/benchmarks.md)', () => {
  it('replaces the preamble and the sections the run wrote, and keeps every other section where it was', () => {
    const newMenu = [...section('## Menu endpoint', 'new menu'), ...section('### PGlite', 'sub-section stays with it')];
    const newWeb = section('## Web build (gzip -9)', 'new sizes');
    const report = markdown(title('Generated on day 2.'), newMenu, newWeb);
    expect(mergeReport(file, report)).toBe(
      markdown(title('Generated on day 2.'), newMenu, orders, newWeb, testRun, consoleFigures),
    );
  });

  it('puts a section the file does not have yet before the web build, and starts a missing file', () => {
    const report = markdown(title('Generated.'), section('## Loyalty (PostgreSQL)', 'new loyalty'));
    const merged = mergeReport(file, report);
    expect(merged.indexOf('## Loyalty (PostgreSQL)')).toBeLessThan(merged.indexOf('## Web build (gzip -9)'));
    expect(merged.indexOf('## Loyalty (PostgreSQL)')).toBeGreaterThan(merged.indexOf('## Order placement'));
    expect(merged).toContain('written by hand');
    expect(mergeReport('', report)).toBe(report);
  });
});

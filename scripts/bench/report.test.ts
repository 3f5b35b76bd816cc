import { describe, expect, it } from 'vitest';
import { mergeReport } from './report.ts';

const file = [
  '# Benchmarks',
  '',
  'Generated on day 1.',
  '',
  '## Menu endpoint',
  '',
  'old menu',
  '',
  '## Order placement (PostgreSQL)',
  '',
  'orders measured alone',
  '',
  '## Web build (gzip -9)',
  '',
  'old sizes',
  '',
  '## Test run',
  '',
  'written by hand',
  '',
  '## Menu console (issue 26)',
  '',
  'console figures',
  '',
].join('\n');

describe('mergeReport (a full bench run into docs/benchmarks.md)', () => {
  it('replaces the preamble and the sections the run wrote, and keeps every other section where it was', () => {
    const report = [
      '# Benchmarks',
      '',
      'Generated on day 2.',
      '',
      '## Menu endpoint',
      '',
      'new menu',
      '',
      '### PGlite',
      '',
      'sub-section stays with its section',
      '',
      '## Web build (gzip -9)',
      '',
      'new sizes',
      '',
    ].join('\n');
    expect(mergeReport(file, report)).toBe(
      [
        '# Benchmarks',
        '',
        'Generated on day 2.',
        '',
        '## Menu endpoint',
        '',
        'new menu',
        '',
        '### PGlite',
        '',
        'sub-section stays with its section',
        '',
        '## Order placement (PostgreSQL)',
        '',
        'orders measured alone',
        '',
        '## Web build (gzip -9)',
        '',
        'new sizes',
        '',
        '## Test run',
        '',
        'written by hand',
        '',
        '## Menu console (issue 26)',
        '',
        'console figures',
        '',
      ].join('\n'),
    );
  });

  it('puts a section the file does not have yet before the web build, and starts a missing file', () => {
    const report = '# Benchmarks\n\nGenerated.\n\n## Loyalty (PostgreSQL)\n\nnew loyalty\n';
    const merged = mergeReport(file, report);
    expect(merged.indexOf('## Loyalty (PostgreSQL)')).toBeLessThan(merged.indexOf('## Web build (gzip -9)'));
    expect(merged.indexOf('## Loyalty (PostgreSQL)')).toBeGreaterThan(merged.indexOf('## Order placement'));
    expect(merged).toContain('written by hand');
    expect(mergeReport('', report)).toBe(report);
  });
});

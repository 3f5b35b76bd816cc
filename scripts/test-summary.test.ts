import { describe, expect, it } from 'vitest';
import { firstLine, playwrightFailures, vitestFailures } from './test-summary.ts';

// The reports' shapes below are cut from real ones: vitest 5's json reporter and Playwright 1.6x's.
describe('the test summary names each failure on one line', () => {
  it('takes the first line of an error, without colour codes, cut at 240 characters', () => {
    expect(firstLine('\n\u001b[31mError: one is two\u001b[39m\n\nExpected: 2')).toBe('Error: one is two');
    expect(firstLine(undefined)).toBe('');
    expect(firstLine('x'.repeat(300))).toHaveLength(240);
  });

  it('lists the failed tests of a vitest report, and a file that failed outside its tests', () => {
    const report = {
      numPassedTests: 1,
      numFailedTests: 1,
      testResults: [
        {
          name: '/repo/packages/shared/src/a.test.ts',
          status: 'failed',
          message: '',
          assertionResults: [
            {
              fullName: 'outer fails here',
              status: 'failed',
              failureMessages: ['AssertionError: expected 1 to be 2 // Object.is equality\n    at a.test.ts:2:62'],
            },
            { fullName: 'outer passes', status: 'passed', failureMessages: [] },
          ],
        },
        {
          name: '/repo/apps/api/b.test.ts',
          status: 'failed',
          message: 'Hook timed out in 60000ms.',
          assertionResults: [],
        },
        {
          name: '/repo/apps/api/c.test.ts',
          status: 'passed',
          assertionResults: [{ fullName: 'ok', status: 'passed' }],
        },
      ],
    };
    expect(vitestFailures('api-pglite', report, '/repo')).toEqual([
      'api-pglite: packages/shared/src/a.test.ts › outer fails here — AssertionError: expected 1 to be 2 // Object.is equality',
      'api-pglite: apps/api/b.test.ts — Hook timed out in 60000ms.',
    ]);
  });

  it('lists the unexpected tests of a Playwright report with their describe titles, not the flaky ones', () => {
    const failed = { status: 'failed', error: { message: 'Error: one is two\n\n\u001b[2mexpect(...)' } };
    const report = {
      stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 0 },
      suites: [
        {
          title: 'ordering.spec.ts',
          file: 'ordering.spec.ts',
          suites: [
            {
              title: 'group',
              file: 'ordering.spec.ts',
              specs: [
                {
                  title: 'breaks',
                  file: 'ordering.spec.ts',
                  line: 2,
                  tests: [{ status: 'unexpected', results: [failed, failed] }],
                },
                {
                  title: 'retried',
                  file: 'ordering.spec.ts',
                  line: 3,
                  tests: [{ status: 'flaky', results: [failed, { status: 'passed' }] }],
                },
                {
                  title: 'fine',
                  file: 'ordering.spec.ts',
                  line: 4,
                  tests: [{ status: 'expected', results: [{ status: 'passed' }] }],
                },
              ],
            },
          ],
        },
      ],
      errors: [{ message: 'Error: Timed out waiting 120000ms from config.webServer.' }],
    };
    expect(playwrightFailures('e2e-1', report)).toEqual([
      'e2e-1: ordering.spec.ts:2 › group › breaks — Error: one is two',
      'e2e-1: Error: Timed out waiting 120000ms from config.webServer.',
    ]);
  });
});

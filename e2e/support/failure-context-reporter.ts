/**
 * Prints the page as Playwright saw it when a journey failed (its "error context": the accessibility snapshot of the
 * page), under the failure. CI keeps only the printed log, not .tmp/e2e-results: without this a failure such as
 * "element not found" says nothing about what the page showed instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const LIMIT = 4_000;

export default class FailureContextReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed' || result.status === 'skipped') return;
    for (const attachment of result.attachments) {
      const path = attachment.path;
      if (!path?.endsWith('error-context.md') || !existsSync(path)) continue;
      const whole = readFileSync(path, 'utf8');
      // The page snapshot only: the error itself is already printed above it by the list reporter.
      const heading = whole.indexOf('# Page snapshot');
      const at = heading >= 0 ? heading : whole.indexOf('```yaml');
      const source = whole.indexOf('# Test source', at);
      const text = at >= 0 ? whole.slice(at, source > at ? source : undefined) : whole;
      const shown = text.length > LIMIT ? `${text.slice(0, LIMIT)}\n… (${text.length - LIMIT} more characters)` : text;
      process.stdout.write(`\n--- what the page showed when "${test.title}" failed ---\n${shown}\n---\n`);
    }
  }

  printsToStdio() {
    return false;
  }
}

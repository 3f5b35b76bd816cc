import type { FullResult, Reporter } from '@playwright/test/reporter';
import { lostJourneys } from './language-turns.ts';

/**
 * Fails the run when the language turns (language-turns.ts) left out a journey whose twin did not run: a journey
 * registered in one language only, inside a loop over both. Said before the journeys start, and again at the end.
 */
export default class LanguageTurnsReporter implements Reporter {
  private lost: string[] = [];

  onBegin(): void {
    this.lost = lostJourneys();
    if (this.lost.length > 0) console.error(this.message());
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    if (this.lost.length === 0) return undefined;
    console.error(this.message());
    return { status: result.status === 'interrupted' ? 'interrupted' : 'failed' };
  }

  printsToStdio(): boolean {
    return false;
  }

  private message(): string {
    return [
      'These journeys exist in one language only, inside a loop over both, and the language turns left them out:',
      ...this.lost.map((title) => `  ${title}`),
      'Register each outside the loop, or in both languages (e2e/support/language-turns.ts).',
    ].join('\n');
  }
}

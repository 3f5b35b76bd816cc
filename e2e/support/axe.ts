import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** The rules every journey's accessibility check runs: WCAG 2.1 A and AA, and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** One readable block per violation: rule, impact, help, and the first offending nodes. */
function formatViolations(violations: AxeResults['violations']): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `      - ${n.target.join(' ')}\n        ${n.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
}

/**
 * Waits until no finite animation or transition runs: axe reads colours as drawn, and a button half-way through its
 * 0.15 s colour transition fails a contrast it passes at rest (redeem.spec's "Next customer", 4.48:1, seen twice in
 * three runs on a fast machine). Endless ones (a skeleton's pulse) and the toast's five-second timer bar are not
 * waited for.
 */
async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      if (animation.playState !== 'running') return true;
      if (animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY) return true;
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      return target instanceof Element && target.closest('.Toastify') !== null;
    }),
  );
}

/**
 * No serious or critical axe finding on the page as it stands: the one check the journeys share (five copies before).
 * Reporting violations only (`resultTypes`) was tried: accessibility.spec.ts took 161 / 160 CPU-s against 157 / 166
 * without it (load 4–5), so the default stays.
 */
export async function expectNoSeriousViolations(page: Page, label: string) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `axe: serious/critical violations on ${label}:\n${formatViolations(serious)}`).toEqual([]);
}

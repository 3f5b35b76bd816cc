/**
 * Journeys in both languages, each run in one of them in turn (docs/adr/0814-journeys-in-one-language-in-turn.md).
 *
 * Most journeys are written once and registered for each language (`for (const language of LANGUAGES)`), their
 * describe or test titled `(ar)` / `(en)`. The two twins walk the same code with other strings; in the test command
 * each pair runs once, in the language its title's hash gives it, so both languages keep about half of every file's
 * flows. What differs by language is checked in both everywhere else: every string in both (the web's locales test),
 * every diner page's fit and every console page in both (page-width, console sweeps), messages in the API suite.
 * `E2E_LANGUAGES=both` (and `E2E_SHOTS=1`, which pictures both) runs every twin.
 *
 * It works as the project's `grepInvert`: Playwright asks it about each test's title path once the files are loaded,
 * in the runner. A journey registered in one language only would be lost half the time, so a reporter
 * (language-turns-reporter.ts) fails the run when a journey was left out without its twin running.
 */
import { createHash } from 'node:crypto';

const TOKEN = /\((ar|en)\)/g;

/** The tag of journeys that run in both languages whatever the run: what they check differs by language. */
export const BOTH_LANGUAGES = '@both-languages';

export type Turn = 'ar' | 'en';

/** The language a pair of twins runs in: from its title path with the language left out, the same in every process. */
export function turnOf(normalisedTitle: string): Turn {
  const byte = createHash('sha1').update(normalisedTitle).digest()[0] ?? 0;
  return byte % 2 === 0 ? 'ar' : 'en';
}

/** A title path's language token and the path without it; none for a journey that is not one of twins. */
export function twinOf(title: string): { language: Turn; key: string } | undefined {
  const languages = new Set([...title.matchAll(TOKEN)].map((match) => match[1] as Turn));
  if (languages.size !== 1) return undefined;
  const [language] = languages;
  return language ? { language, key: title.replace(TOKEN, '(·)') } : undefined;
}

/**
 * A RegExp in the shape Playwright's `grepInvert` takes (it calls `test(title)` per test): true for a twin whose
 * turn is the other language. It remembers what it answered, for `assertNoJourneyLost`.
 */
export class OtherLanguageTwins extends RegExp {
  readonly left = new Map<string, string>();
  readonly kept = new Set<string>();

  constructor() {
    super('(?!)');
  }

  override test(title: string): boolean {
    if (title.includes(BOTH_LANGUAGES)) return false;
    const twin = twinOf(title);
    if (!twin) return false;
    if (turnOf(twin.key) === twin.language) {
      this.kept.add(twin.key);
      return false;
    }
    this.left.set(twin.key, title);
    return true;
  }

  /** The journeys left out whose twin did not run: each would be a journey no language runs. */
  lost(): string[] {
    return [...this.left].filter(([key]) => !this.kept.has(key)).map(([, title]) => title);
  }
}

/** The run's filter, or none when every twin runs. */
export const otherLanguageTwins =
  process.env.E2E_LANGUAGES === 'both' || process.env.E2E_SHOTS === '1' ? undefined : new OtherLanguageTwins();

/** The journeys this run's filter left out whose twin did not run (none when every twin runs). */
export function lostJourneys(): string[] {
  return otherLanguageTwins?.lost() ?? [];
}

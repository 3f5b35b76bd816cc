import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Counts the statements (round trips) a piece of work sends to the database: the test app's database reports every
 * statement it sends (db/client.ts onStatement), and the ones sent from inside `statementsOf` (in its async context,
 * so a relay's or another request's statements are not counted) are collected. A transaction counts its begin and
 * commit, on PGlite as on PostgreSQL. Load-independent evidence for the speed work: no timing is asserted.
 */
const collecting = new AsyncLocalStorage<string[]>();

/** The test app's `onStatement`. */
export function recordStatement(sql: string): void {
  collecting.getStore()?.push(sql);
}

/** Runs `work` and answers its result with the statements it sent, in order. */
export async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const result = await collecting.run(statements, work);
  return { result, statements };
}

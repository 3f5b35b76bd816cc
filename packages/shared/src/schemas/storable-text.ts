/**
 * Text PostgreSQL can store (issue 13 item 7). A NUL byte (U+0000) is refused by every text column, and half a
 * surrogate pair has no UTF-8 form: either made the query fail and the request answer 500. Both sides use this
 * one rule: the API checks every string of a request's path, query and body with `findUnstorableText` before
 * any schema or query runs (apps/api/src/plugins/text-guard.ts), naming the field; `storableText` is the same
 * rule for a zod schema (forms).
 */
import { z } from 'zod';

/**
 * A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. The NUL is
 * exactly the control character this rule is about.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is the point.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * The path of the first string (or object key) in `value` that is not storable, as dotted segments
 * ("lines.0.notes"); null when all are. Arrays and plain objects are walked, to a sane depth.
 */
export function findUnstorableText(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findUnstorableText(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, key.replace(UNSTORABLE, '?')];
    const found = findUnstorableText(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** A zod string that refuses what the database can't store (use as `storableText()` in place of `z.string()`). */
export function storableText() {
  return z.string().refine(isStorableText, { message: 'text_invalid_characters' });
}

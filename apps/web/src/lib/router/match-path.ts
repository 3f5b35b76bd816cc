/**
 * Path patterns as react-router writes them: static segments, `:param` segments and a trailing `*` splat.
 * Pure, so the matching rules are unit-tested.
 */
export type Params = Record<string, string | undefined>;

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Params when `pathname` matches `pattern`, else null. Segments are URI-decoded; a trailing slash is ignored. */
export function matchPath(pattern: string, pathname: string): Params | null {
  const want = segments(pattern);
  const have = segments(pathname);
  const params: Params = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i] as string;
    if (part === '*') {
      params['*'] = have.slice(i).map(safeDecode).join('/');
      return params;
    }
    const value = have[i];
    if (value === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = safeDecode(value);
    else if (part !== value) return null;
  }
  return have.length === want.length ? params : null;
}

/** Ranks patterns like react-router: more static segments first, a splat last. */
export function patternScore(pattern: string): number {
  let score = 0;
  for (const part of segments(pattern)) {
    if (part === '*') score -= 2;
    else if (part.startsWith(':')) score += 3;
    else score += 10;
  }
  return score;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

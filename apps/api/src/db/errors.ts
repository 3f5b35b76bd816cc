/**
 * PostgreSQL unique_violation (23505), from pg or PGlite, possibly wrapped by drizzle; with `constraint`, only a
 * violation of that constraint.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const e = current as { code?: unknown; constraint?: unknown };
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The SQLSTATE of a PostgreSQL error from pg or PGlite, possibly wrapped by drizzle; undefined for any other error. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

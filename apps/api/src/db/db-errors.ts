import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * What the database's failures mean to the HTTP layer and to the log (issue 13 items 7 and 8).
 * Only db/ and repos know drizzle; the error handler and the logger ask here.
 */

/** Socket errors of a connection that is gone or never came (a restart, a failover, a closed port). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
/**
 * SQLSTATEs that say "the server is not serving right now", not "your query is wrong": connection exceptions
 * (class 08), admin/crash shutdown and "starting up" (57P01-57P03), too many connections (53300). A database
 * that refuses connections for a moment (55000, ALLOW_CONNECTIONS off) is matched by its message below: 55000
 * also means ordinary misuse.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** pg's own messages when a connection ends under a query or the pool can't get one in time. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
  /is not currently accepting connections/,
];

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let node: unknown = error;
  while (node && chain.length < 8 && !chain.includes(node)) {
    chain.push(node);
    node = (node as { cause?: unknown }).cause;
  }
  return chain;
}

/** True when the query failed because the database could not be reached, so nothing was written. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((node) => {
    if (!(node instanceof Error)) return false;
    const code = (node as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))
    ) {
      return true;
    }
    return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(node.message));
  });
}

/** PostgreSQL puts values in double quotes in its messages ("invalid input syntax for type uuid: "…""). */
function withoutQuotedValues(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"');
}

/** Fields of a PostgreSQL error that name the failing thing without carrying the values (detail, where do). */
const SAFE_PG_FIELDS = ['code', 'severity', 'table', 'column', 'constraint', 'dataType', 'routine'] as const;

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  query?: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

function framesOf(error: Error): string {
  const stack = error.stack ?? '';
  const at = stack.indexOf('\n    at ');
  return at === -1 ? '' : stack.slice(at);
}

/**
 * The logger's `err` serializer. A failed query's error carries the request's values: drizzle's message and
 * `params` (names, notes, session ids), PostgreSQL's `detail` ("Key (phone)=(+9665…) already exists") and quoted
 * values in its message. Those never reach the log: the SQL text (placeholders only), the SQLSTATE and the
 * constraint or column are enough to find the fault. Other errors are logged as usual.
 */
export function serializeErrorForLog(error: unknown): LoggedError {
  return serialize(error, 0);
}

function serialize(error: unknown, depth: number): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const fromDatabase = causes(error).some(
    (node) => node instanceof DrizzleQueryError || (node instanceof Error && 'severity' in node && 'routine' in node),
  );
  const type = error.constructor?.name ?? 'Error';
  if (!fromDatabase) {
    const logged: LoggedError = { type, message: error.message, stack: error.stack ?? '' };
    for (const [key, value] of Object.entries(error)) {
      if (key !== 'cause' && !(key in logged)) logged[key] = value;
    }
    if (error.cause !== undefined && depth < 4) logged.cause = serialize(error.cause, depth + 1);
    return logged;
  }
  const message =
    error instanceof DrizzleQueryError ? `Failed query: ${error.query}` : withoutQuotedValues(error.message);
  const logged: LoggedError = { type, message, stack: `${type}: ${message}${framesOf(error)}` };
  if (error instanceof DrizzleQueryError) logged.query = error.query;
  for (const field of SAFE_PG_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (value !== undefined) logged[field] = value;
  }
  if (error.cause !== undefined && depth < 4) logged.cause = serialize(error.cause, depth + 1);
  return logged;
}

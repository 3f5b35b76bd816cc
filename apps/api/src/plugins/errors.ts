import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { pickLanguage } from '@sufra/shared/language';
import { ERRORS, type ErrorCode, errorMessage } from '@sufra/shared/messages/errors';
import type { ErrorBody } from '@sufra/shared/schemas/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/db-errors.ts';

/** The error services throw: a code from the shared catalogue (which gives the status and both messages). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;
  readonly fields: Record<string, ErrorCode> | undefined;

  constructor(code: ErrorCode, details?: Record<string, unknown>, fields?: Record<string, ErrorCode>) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.details = details;
    this.fields = fields;
  }
}

function languageOf(request: FastifyRequest) {
  return request.language ?? pickLanguage(request.headers['accept-language']);
}

export function errorBodyFor(
  code: ErrorCode,
  request: FastifyRequest,
  extra: { fields?: Record<string, ErrorCode> | undefined; details?: Record<string, unknown> | undefined } = {},
): ErrorBody {
  const language = languageOf(request);
  const body: ErrorBody = { error: { code, message: errorMessage(code, language) } };
  if (extra.fields && Object.keys(extra.fields).length > 0) {
    body.error.fields = Object.fromEntries(
      Object.entries(extra.fields).map(([field, fieldCode]) => [field, errorMessage(fieldCode, language)]),
    );
  }
  if (extra.details) body.error.details = extra.details;
  return body;
}

function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  extra?: Parameters<typeof errorBodyFor>[2],
) {
  // Rate limits and outages say when to come back (HTTP Retry-After, whole seconds).
  const retryAfter = extra?.details?.retryAfterSeconds;
  if (typeof retryAfter === 'number' && (ERRORS[code].status === 429 || ERRORS[code].status === 503)) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfter))));
  }
  return reply
    .code(ERRORS[code].status)
    .type('application/json; charset=utf-8')
    .send(errorBodyFor(code, request, extra));
}

/** Which catalogue code a framework 4xx maps to. */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 403: // e.g. a directory listing refused by the static file server
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 408:
      return 'request_timeout';
    case 413:
      return 'payload_too_large';
    case 414:
      return 'url_too_long';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 431:
      return 'headers_too_large';
    default:
      return 'validation_failed';
  }
}

/**
 * Fields whose problems have their own message (issue 3: the forms show them under each field), by the
 * last segment of the field's path; everything else is field_invalid.
 */
function fieldCode(field: string, keyword: string, value: unknown): ErrorCode {
  const name = field.split('.').at(-1) ?? field;
  const missing = keyword === 'invalid_type' && (value === undefined || value === null);
  switch (name) {
    case 'fullName':
      return missing || keyword === 'too_small' ? 'name_required' : 'field_invalid';
    case 'phone':
    case 'phone_number':
      return missing ? 'phone_required' : 'phone_invalid';
    case 'dial_code':
      return 'dial_code_unknown';
    case 'email':
      return field.startsWith('profile') || field === 'email' ? 'email_invalid' : 'field_invalid';
    case 'code':
      return 'otp_incorrect';
    case 'quantity':
      return missing ? 'field_required' : 'quantity_out_of_range';
    default:
      return missing ? 'field_required' : 'field_invalid';
  }
}

function valueAt(root: unknown, path: string[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * The one error handler (house rule 8): typed AppErrors → their status and localized message;
 * request validation → 400 with per-field messages (a malformed QR uuid → invalid_uuid);
 * framework 4xx → their catalogue code; anything else → 500 `unknown`, logged, never leaked.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(reply, request, error.code, { fields: error.fields, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, ErrorCode> = {};
      const context = error.validationContext;
      const input =
        context === 'body'
          ? request.body
          : context === 'params'
            ? request.params
            : context === 'querystring'
              ? request.query
              : undefined;
      for (const issue of error.validation) {
        const segments = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
        const field = segments.join('.') || context || 'body';
        fields[field] ??= fieldCode(field, issue.keyword, valueAt(input, segments));
      }
      // A malformed QR uuid (path or query) has its own message: the link itself is wrong.
      if (fields.uuid && error.validationContext !== 'body') return sendError(reply, request, 'invalid_uuid');
      return sendError(reply, request, 'validation_failed', { fields });
    }
    // The database is restarting or failing over: the query never ran, so the same request (the web app keeps
    // its idempotency key) can simply come again in a moment.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendError(reply, request, 'service_unavailable', {
        details: { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (error.code === 'FST_ERR_BAD_URL') return sendError(reply, request, 'url_invalid');
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return sendError(reply, request, codeForStatus(status));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, request, 'unknown');
  });
}

/** How long a client should wait after a database outage: a restart or failover takes about a second. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * Errors Fastify's router raises before any hook runs (a bad percent-encoding, a parameter over maxParamLength):
 * our shape, localized, and no echo of the URL. The onRequest language hook has not run for these requests.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) => {
  request.language = pickLanguage(request.headers['accept-language']);
  const code: ErrorCode = error.code === 'FST_ERR_BAD_URL' ? 'url_invalid' : codeForStatus(error.statusCode ?? 400);
  request.log.info({ code: error.code }, 'framework error');
  void sendError(reply, request, code);
};

/**
 * Errors Node's HTTP parser raises on the socket (headers too large, broken framing, a client timeout): there is
 * no request yet, so we write the response ourselves, as Fastify's default handler does, in our shape. The
 * language comes from whatever Accept-Language header made it into the bytes read so far.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const code: ErrorCode = status === 400 ? 'bad_request' : codeForStatus(status);
  const header = /\r\naccept-language:([^\r\n]*)/i.exec(rawPacketText(error))?.[1];
  const language = pickLanguage(header?.trim());
  const body = JSON.stringify({ error: { code, message: errorMessage(code, language) } });
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Node attaches the bytes it had read to a parse error (typed by Fastify as a JSON buffer). */
function rawPacketText(error: Error): string {
  const raw = (error as { rawPacket?: unknown }).rawPacket;
  return Buffer.isBuffer(raw) ? raw.toString('latin1') : '';
}

/**
 * The API's routes by method, as patterns, for 405: Fastify answers a wrong method on a known path with the
 * not-found handler. Collected as routes are added (call before registering any).
 */
export function trackRoutes(app: FastifyInstance): (path: string) => string[] {
  const routes: { methods: string[]; pattern: RegExp }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const source = route.url
      .replace(/\/$/, '')
      .split('/')
      .map((segment) =>
        segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
    routes.push({ methods, pattern: new RegExp(`^${source}/?$`) });
  });
  return (path) => {
    const allowed = new Set<string>();
    for (const route of routes) {
      if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
    }
    return [...allowed];
  };
}

/** JSON 404 for unknown API paths, or 405 with Allow when the path exists for other methods (app.ts's fallback). */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply, allowedMethods: string[] = []) {
  if (allowedMethods.length > 0 && !allowedMethods.includes(request.method)) {
    reply.header('allow', allowedMethods.join(', '));
    return sendError(reply, request, 'method_not_allowed');
  }
  return sendError(reply, request, 'not_found');
}

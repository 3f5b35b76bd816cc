import { pickLanguage } from '@sufra/shared/language';
import { ERRORS, type ErrorCode, errorMessage } from '@sufra/shared/messages/errors';
import type { ErrorBody } from '@sufra/shared/schemas/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

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
  // Rate limits say when to come back (HTTP Retry-After, whole seconds).
  const retryAfter = extra?.details?.retryAfterSeconds;
  if (typeof retryAfter === 'number' && ERRORS[code].status === 429) {
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
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
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
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return sendError(reply, request, codeForStatus(status));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, request, 'unknown');
  });
}

/** JSON 404 for unknown API paths (the web app's own fallback is in app.ts). */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, request, 'not_found');
}

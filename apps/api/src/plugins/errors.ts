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
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
        fields[field] = 'field_invalid';
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

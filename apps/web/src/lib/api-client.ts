import { apiBaseForHost } from '@sufra/shared/host-rule';
import type { Language } from '@sufra/shared/language';
import { env } from '../config/env';

/** Spec §7 and §9: 15 000 ms per call. */
export const HTTP_TIMEOUT_MS = 15_000;

/** Codes the client itself produces when no error body came back. */
export type ClientErrorCode = 'network_error' | 'timeout' | 'unknown';

const CLIENT_MESSAGES: Record<ClientErrorCode, Record<Language, string>> = {
  network_error: { en: 'Network error, check your connection', ar: 'خطأ في الشبكة، تحقق من اتصالك' },
  timeout: { en: 'Network error, check your connection', ar: 'خطأ في الشبكة، تحقق من اتصالك' },
  unknown: { en: 'An unknown error occurred', ar: 'حدث خطأ غير معروف' },
};

export class ApiError extends Error {
  readonly code: string;
  /** HTTP status, or 0 for network errors and timeouts. */
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly details: Record<string, unknown> | undefined;
  /** Seconds from a 429's Retry-After header, when it sent one. */
  readonly retryAfter: number | undefined;

  constructor(init: {
    code: string;
    message: string;
    status: number;
    fields?: Record<string, string> | undefined;
    details?: Record<string, unknown> | undefined;
    retryAfter?: number | undefined;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.fields = init.fields;
    this.details = init.details;
    this.retryAfter = init.retryAfter;
  }
}

export function clientError(code: ClientErrorCode, language: Language, status = 0): ApiError {
  return new ApiError({ code, status, message: CLIENT_MESSAGES[code][language] });
}

let cachedBase: string | undefined;
/** The API base from the spec's host rule; our API lives under /api on that base. */
export function apiBase(): string {
  if (cachedBase === undefined) {
    cachedBase = `${apiBaseForHost(window.location.host, window.location.protocol, {
      defaultApiBase: env.API_BASE,
      hostMap: env.API_HOST_MAP,
    })}/api`;
  }
  return cachedBase;
}

export interface RequestOptions {
  language: Language;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | null | undefined>;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

/** Builds `/api/<path>?query`; paths may be written with or without the leading slash, as in the spec's table. */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  let url = `${apiBase()}${path.startsWith('/') ? '' : '/'}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value != null && value !== '') params.set(key, value);
    const search = params.toString();
    if (search) url += `?${search}`;
  }
  return url;
}

/**
 * One call to the API: credentials included, Accept-Language from the interface language, 15 s timeout.
 * Resolves with the parsed JSON body (null for 204); rejects with an ApiError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions): Promise<T> {
  const { language, method = 'GET', body, query, signal } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, HTTP_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  signal?.addEventListener('abort', onOuterAbort, { once: true });

  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json',
    'Accept-Language': language,
  };
  // FormData (an upload) sets its own multipart Content-Type with the boundary.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? null : isForm ? body : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause; // the caller gave up; not an error to show
    throw clientError(timedOut ? 'timeout' : 'network_error', language);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onOuterAbort);
  }

  if (response.status === 204) return null as T;
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  if (!response.ok) throw toApiError(payload, response.status, language, retryAfterSeconds(response.headers));
  return payload as T;
}

/** Retry-After as seconds (the API sends delta-seconds; an HTTP date is converted). */
function retryAfterSeconds(headers: Headers): number | undefined {
  const raw = headers.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function toApiError(payload: unknown, status: number, language: Language, retryAfter?: number): ApiError {
  const error = (payload as { error?: unknown } | null)?.error;
  if (error && typeof error === 'object') {
    const { code, message, fields, details } = error as Record<string, unknown>;
    if (typeof code === 'string') {
      // The API always localizes its message; the shared catalogue (~4 KB gzip) stays out of the entry for the rare
      // body without one.
      return new ApiError({
        code,
        status,
        message: typeof message === 'string' && message ? message : CLIENT_MESSAGES.unknown[language],
        fields: fields as Record<string, string> | undefined,
        details: details as Record<string, unknown> | undefined,
        retryAfter,
      });
    }
  }
  return new ApiError({ code: 'unknown', status, message: CLIENT_MESSAGES.unknown[language], retryAfter });
}

/** The message to show for any thrown value, in the interface language. */
export function errorText(error: unknown, language: Language): string {
  if (error instanceof ApiError) return error.message;
  return CLIENT_MESSAGES.unknown[language];
}

import type { FoodicsDeliveryUpdate, FoodicsOrderBody, FoodicsOrderState } from './foodics-order.rules.ts';

/**
 * Foodics' v5 API as the hand-off uses it (REFERENCE-foodics-zatca.md §1, §4): `Authorization: Bearer <token>`
 * ("Bearer" as written: Foodics refuses it in lower case), JSON, `{data}` envelopes. Every failure is a
 * FoodicsApiError saying what it means for a retry.
 */
export type FoodicsFailure =
  /** 429: wait `retryAfterMs` (Retry-After), nothing was done. */
  | 'rate_limited'
  /** 4xx other than 401/429: the request itself is wrong (422 names the fields); trying again changes nothing. */
  | 'refused'
  /** 401/403: the token (or its scopes). */
  | 'unauthorized'
  /** 5xx, a timeout or a cut connection: for a create, the order may exist. */
  | 'unknown_outcome';

export class FoodicsApiError extends Error {
  override name = 'FoodicsApiError';
  readonly failure: FoodicsFailure;
  readonly retryAfterMs: number | null;
  constructor(failure: FoodicsFailure, message: string, retryAfterMs: number | null = null) {
    super(message);
    this.failure = failure;
    this.retryAfterMs = retryAfterMs;
  }
}

/** Where a brand's calls get their token: its own (OAuth) or the server's; `refresh` after a 401 (null: none). */
export interface FoodicsAuth {
  token(): Promise<string>;
  refresh(): Promise<string | null>;
}

export interface FoodicsApiOptions {
  apiUrl: string;
  timeoutMs: number;
  auth: FoodicsAuth;
}

export interface FoodicsTokens {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
}

/**
 * Foodics' token endpoint (`POST {api origin}/oauth/token`, JSON: grant_type authorization_code or refresh_token,
 * client_id, client_secret, code + redirect_uri or refresh_token); any failure is FoodicsApiError 'unauthorized'.
 */
export async function requestFoodicsTokens(
  options: { apiUrl: string; timeoutMs: number },
  body: Record<string, string>,
): Promise<FoodicsTokens> {
  let res: Response;
  try {
    res = await fetch(new URL('/oauth/token', options.apiUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch {
    throw new FoodicsApiError('unknown_outcome', 'Foodics POST /oauth/token: no answer');
  }
  const parsed = (await res.json().catch(() => null)) as Partial<FoodicsTokens> | null;
  if (!res.ok || typeof parsed?.access_token !== 'string') {
    throw new FoodicsApiError('unauthorized', `Foodics POST /oauth/token: ${res.status} ${describe(parsed)}`.trim());
  }
  return parsed as FoodicsTokens;
}

export interface FoodicsOrderFound extends FoodicsOrderState {
  reference: number;
  meta?: FoodicsOrderState['meta'] & { '3rd_party_order_number'?: string };
  delete_reason?: string | null;
}

/** Retry-After in seconds (or an HTTP date) → ms; a missing or odd value: a minute. */
function retryAfterMs(header: string | null): number {
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = header ? Date.parse(header) : Number.NaN;
  return Number.isNaN(at) ? 60_000 : Math.max(0, at - Date.now());
}

function describe(body: unknown): string {
  if (body && typeof body === 'object') {
    const { message, errors } = body as { message?: unknown; errors?: unknown };
    const fields = errors && typeof errors === 'object' ? ` ${JSON.stringify(errors)}` : '';
    if (typeof message === 'string') return `${message}${fields}`.slice(0, 400);
  }
  return '';
}

export function createFoodicsApi(options: FoodicsApiOptions) {
  async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
    const token = await options.auth.token();
    let res = await send(method, path, body, token);
    if (res.status === 401) {
      // An OAuth access token expires: refresh once, then ask again (a server-wide token has nothing to refresh).
      const fresh = await options.auth.refresh();
      if (fresh) res = await send(method, path, body, fresh);
    }
    let parsed: unknown = null;
    try {
      parsed = await res.json();
    } catch {
      if (res.ok) throw new FoodicsApiError('unknown_outcome', `Foodics ${method} ${path}: answer cut short`);
    }
    if (res.ok) return parsed as T;
    const what = `Foodics ${method} ${path.split('?')[0]}: ${res.status} ${describe(parsed)}`.trim();
    if (res.status === 429)
      throw new FoodicsApiError('rate_limited', what, retryAfterMs(res.headers.get('retry-after')));
    if (res.status === 401 || res.status === 403) throw new FoodicsApiError('unauthorized', what);
    if (res.status >= 500) throw new FoodicsApiError('unknown_outcome', what);
    throw new FoodicsApiError('refused', what);
  }

  async function send(method: 'GET' | 'POST' | 'PUT', path: string, body: unknown, token: string): Promise<Response> {
    try {
      return await fetch(`${options.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const why = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'no answer';
      throw new FoodicsApiError('unknown_outcome', `Foodics ${method} ${path.split('?')[0]}: ${why}`);
    }
  }

  return {
    async whoami(): Promise<{ id: string; reference: number; name: string }> {
      return (await call<{ data: { business: { id: string; reference: number; name: string } } }>('GET', '/whoami'))
        .data.business;
    },
    /** Customers by phone (9 digits: 5XXXXXXXX). */
    async findCustomer(phone: string): Promise<{ id: string } | undefined> {
      const page = await call<{ data: { id: string; phone?: string }[] }>(
        'GET',
        `/customers?filter[phone]=${encodeURIComponent(phone)}`,
      );
      return page.data.find((c) => c.phone === undefined || c.phone === phone);
    },
    async createCustomer(input: { name: string; phone: string }): Promise<{ id: string }> {
      const created = await call<{ data: { id: string } }>('POST', '/customers', {
        name: input.name,
        dial_code: 966,
        phone: input.phone,
      });
      return created.data;
    },
    async createAddress(input: {
      customerId: string;
      name: string;
      description: string;
      latitude: number;
      longitude: number;
    }): Promise<{ id: string }> {
      const created = await call<{ data: { id: string } }>('POST', '/addresses', {
        customer_id: input.customerId,
        name: input.name,
        description: input.description,
        latitude: input.latitude,
        longitude: input.longitude,
      });
      return created.data;
    },
    /**
     * Every row of a menu list (`/categories`, `/products`, `/modifiers`, `/combos`, `/branches`), page by page (50 a
     * page) while Foodics names a `links.next` (or `meta.last_page` is ahead); our own page numbers, never a URL from
     * the answer. At most 400 pages (20,000 rows): a business's menu is far smaller.
     */
    async listAll<T>(resource: string, include?: string): Promise<T[]> {
      const rows: T[] = [];
      for (let page = 1; page <= 400; page += 1) {
        const query = new URLSearchParams({ page: String(page), per_page: '50' });
        if (include) query.set('include', include);
        const got = await call<{
          data: T[];
          links?: { next?: string | null };
          meta?: { current_page?: number; last_page?: number };
        }>('GET', `/${resource}?${query}`);
        rows.push(...got.data);
        const more = got.links ? Boolean(got.links.next) : (got.meta?.last_page ?? page) > page;
        if (!more || got.data.length === 0) break;
      }
      return rows;
    },
    async createOrder(body: FoodicsOrderBody): Promise<FoodicsOrderFound> {
      return (await call<{ data: FoodicsOrderFound }>('POST', '/orders', body)).data;
    },
    /** A delivery order's delivery status (docs/adr/0690): Foodics' only documented write to an existing order. */
    async updateDelivery(id: string, update: FoodicsDeliveryUpdate): Promise<FoodicsOrderFound> {
      return (await call<{ data: FoodicsOrderFound }>('PUT', `/orders/${encodeURIComponent(id)}`, update)).data;
    },
    async getOrder(id: string): Promise<FoodicsOrderFound> {
      return (await call<{ data: FoodicsOrderFound }>('GET', `/orders/${encodeURIComponent(id)}`)).data;
    },
    /**
     * Our order at Foodics by its reference (meta's 3rd_party_order_number), which Foodics cannot filter on: the
     * branch's orders updated since our first try, newest first, 50 a page, compared here; at most 10 pages (Foodics'
     * cap on `page`). Undefined: not there.
     */
    async findOrderByReference(
      branchId: string,
      reference: string,
      since: Date,
    ): Promise<FoodicsOrderFound | undefined> {
      const after = new Date(since.getTime() - 60_000).toISOString().slice(0, 19).replace('T', ' ');
      for (let page = 1; page <= 10; page += 1) {
        const query = new URLSearchParams({
          'filter[branch_id]': branchId,
          'filter[updated_after]': after,
          sort: '-reference',
          per_page: '50',
          page: String(page),
        });
        const found = await call<{ data: FoodicsOrderFound[]; meta?: { last_page?: number } }>(
          'GET',
          `/orders?${query}`,
        );
        const match = found.data.find((o) => o.meta?.['3rd_party_order_number'] === reference);
        if (match) return match;
        if (found.data.length < 50 || (found.meta?.last_page ?? page) <= page) return undefined;
      }
      return undefined;
    },
  };
}

export type FoodicsApi = ReturnType<typeof createFoodicsApi>;

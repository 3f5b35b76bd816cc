import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { createFakeOAuth } from './fake-foodics-oauth.ts';

/**
 * A local stand-in for Foodics' v5 API (docs: developers.foodics.com; field by field in
 * /work/shared/REFERENCE-foodics-zatca.md §2-§7), for the adapter's API tests and the demo (`npm run fake:foodics`):
 * - `Authorization: Bearer <token>` exactly ("bearer" in lower case is refused, 401), JSON in and out, `{data}` envelopes;
 * - OAuth 2 (authorization code): GET /authorize?client_id&redirect_uri&state on the fake's root (Foodics' console)
 *   approves at once and redirects to redirect_uri?code&state (`oauth.deny`: ?error=access_denied); POST /oauth/token
 *   (JSON) exchanges a code once (600 s) or a refresh token for `{token_type, access_token, refresh_token,
 *   expires_in}`; `expireAccessTokens()` makes every issued access token answer 401 (the refresh path);
 * - GET /v5/whoami; GET /v5/customers?filter[phone]=5XXXXXXXX; POST /v5/customers; POST /v5/addresses;
 * - POST /v5/orders validated (unknown branch, table, product, option, combo, charge, tax or payment ids: 422
 *   `{message, errors}`), answered `status 1` (Pending), `source 2` (API), a monotonic `reference`. **No idempotency**:
 *   the same body twice creates two orders, as Foodics does;
 * - PUT /v5/orders/{id} `{delivery_status, driver_id?, driver_collected_at?}` (a delivery order's delivery status,
 *   the one write Foodics documents for an integrator; refused with 422 for another type or an order not Active [?]);
 * - GET /v5/orders with `filter[branch_id|status|updated_after|reference_after]`, `sort=reference|-reference`,
 *   `per_page` ≤ 50 and the 10-page cap of `page`; GET /v5/orders/{id};
 * - the menu (`menu`): GET /v5/categories, /products, /modifiers, /combos, /branches, paged (`page`, `per_page` ≤ 50,
 *   `links.next`, `meta`), relations only when `include`d, soft-deleted rows listed with `deleted_at`;
 * - the cashier's side (`accept`, `decline`, `ready`, `dispatch`, `deliver`, `close`, `void`), which stamp the order's
 *   times and send `application.order.updated` webhooks (5 s timeout, 3 tries, then dropped); in process, and over
 *   HTTP at POST /__control/orders/{id}/{action} for the demo;
 * - traps, switchable per test: 429 with Retry-After, the answer of a create lost after the order was made, a
 *   "silent" branch whose orders are answered 2xx and never accepted, and webhooks dropped after three tries.
 * The totals check (Σ products and options + charges − discount (+ taxes when prices exclude tax) = total_price) is
 * not documented by Foodics [?]: it keeps our figures honest.
 */
export interface FakeFoodicsOptions {
  token: string;
  business?: { id?: string; reference: number; name: string };
  /** The catalogue the fake knows (Foodics ids); any other id in an order is refused with 422. */
  catalogue: FakeFoodicsCatalogue;
  /** Prices include VAT (the business's setting, which the API does not expose). Default true. */
  taxInclusive?: boolean;
  /** Where its webhooks go (our /api/foodics/webhooks/{secret}); none when absent. */
  webhookUrl?: string | (() => string | null);
  /** The cashier accepts every order (not a silent branch's) this long after it arrives (the demo); default never. */
  autoAcceptMs?: number;
  host?: string;
  port?: number;
  /** Every /v5 answer waits this long first (the bench: Foodics answering in 200 ms). Default none. */
  answerDelayMs?: number;
  /** Called as an order is made (the bench times the hand-off to this moment). */
  onOrderCreated?: (order: FakeFoodicsOrder) => void;
  /** The OAuth app the fake knows (client id and secret); none: /oauth/token refuses everything. */
  oauth?: { clientId: string; clientSecret: string; deny?: boolean };
  /** The business's menu (GET /categories, /products, /modifiers, /combos, /branches); tests change it in place. */
  menu?: FakeFoodicsMenu;
}

/**
 * Foodics' menu as its list endpoints answer it (docs/adr/0680; field names as Foodics documents them, [?] where
 * unconfirmed): `name` (the business's primary language) and `name_localized`, prices in SAR decimals, `deleted_at`
 * set on soft-deleted rows, which Foodics still lists (a documented trap).
 */
export interface FakeFoodicsMenu {
  branches: { id: string; name: string; name_localized?: string | null; deleted_at?: string | null }[];
  categories: { id: string; name: string; name_localized?: string | null; deleted_at?: string | null }[];
  /** `options` appear only with `include=options`. */
  modifiers: {
    id: string;
    name: string;
    name_localized?: string | null;
    deleted_at?: string | null;
    options: {
      id: string;
      name: string;
      name_localized?: string | null;
      price: number;
      calories?: number | null;
      is_active?: boolean;
      deleted_at?: string | null;
    }[];
  }[];
  /** `category`, `modifiers` (pivot: minimum/maximum options) and `branches` (pivot: price, is_active,
   *  is_in_stock [?]) appear only when included. */
  products: {
    id: string;
    sku?: string | null;
    name: string;
    name_localized?: string | null;
    description?: string | null;
    description_localized?: string | null;
    price: number;
    calories?: number | null;
    is_active?: boolean;
    deleted_at?: string | null;
    category: { id: string } | null;
    modifiers: { id: string; pivot: { minimum_options: number; maximum_options: number; index?: number } }[];
    branches: { id: string; pivot: { price: number | null; is_active: boolean; is_in_stock: boolean } }[];
  }[];
  /** `sizes`, `groups.options` (each a product at a size, its price) and `branches` appear only when included. */
  combos: {
    id: string;
    name: string;
    name_localized?: string | null;
    is_active?: boolean;
    deleted_at?: string | null;
    category: { id: string } | null;
    sizes: { id: string; name: string; name_localized?: string | null }[];
    groups: {
      id: string;
      name: string;
      name_localized?: string | null;
      options: { id: string; combo_size_id: string; price: number; product: { id: string } }[];
    }[];
    branches: { id: string; pivot: { price: number | null; is_active: boolean; is_in_stock: boolean } }[];
  }[];
}

/** What a list endpoint keeps of a row when a relation is not in `include` (Foodics sends only what is asked). */
const MENU_RELATIONS: Record<string, string[]> = {
  categories: [],
  branches: [],
  modifiers: ['options'],
  products: ['category', 'modifiers', 'branches'],
  combos: ['category', 'sizes', 'groups', 'branches'],
};

export interface FakeFoodicsCatalogue {
  branches: string[];
  tables?: string[];
  products: string[];
  modifierOptions?: string[];
  comboSizes?: string[];
  comboOptions?: string[];
  charges?: string[];
  taxes?: string[];
  paymentMethods?: string[];
  /** The demo only: any id starting so is known (the demo seed maps every item to `demo-…`). */
  acceptPrefix?: string;
}

export type FakeFoodicsOrder = Record<string, unknown> & {
  id: string;
  reference: number;
  status: number;
  delivery_status: number | null;
  branch: { id: string };
  meta: Record<string, unknown> & { foodics: Record<string, unknown> };
};

export interface FakeFoodicsTraps {
  /** The next `count` requests (to `path` prefix, default any) are answered 429 with `Retry-After: seconds`. */
  rateLimit?: { count: number; retryAfterSeconds: number; path?: string };
  /** The next `count` creates make the order, then the connection is cut before any answer (a timeout to the client). */
  loseCreateAnswer?: number;
  /** The next `count` creates answer 500 without making anything. */
  failCreates?: number;
  /** This share (0-1) of creates, at random, answer 500 without making anything (the bench). */
  failCreateShare?: number;
  /** Orders at these branches are answered 2xx and stay Pending forever (no device receives online orders). */
  silentBranches?: string[];
  /** Every webhook fails: the fake tries three times and drops it (polling must catch up). */
  dropWebhooks?: boolean;
  /** The next `count` menu list requests to `path` (e.g. /v5/products) at `page` (any when absent) answer `status`. */
  failMenu?: { path: string; page?: number; status: number; count: number };
}

export interface FakeFoodics {
  /** The API base, as FOODICS_API_URL: http://127.0.0.1:{port}/v5 */
  url: string;
  requests: { method: string; path: string; auth: string | undefined; body: unknown; status: number }[];
  orders: Map<string, FakeFoodicsOrder>;
  customers: Map<string, Record<string, unknown>>;
  traps: FakeFoodicsTraps;
  /** Webhooks: their body, tries, and how the receiver answered the last (null: no answer / dropped). */
  webhooks: { body: Record<string, unknown>; tries: number; status: number | null; dropped: boolean }[];
  /** The orders made for our reference (meta.3rd_party_order_number). */
  ordersFor(reference: string): FakeFoodicsOrder[];
  /** The cashier's side: mutates the order as Foodics does and sends its webhook. */
  act(id: string, action: FakeFoodicsAction, detail?: { reason?: string }): Promise<FakeFoodicsOrder>;
  /** Waits for the webhooks under way. */
  idle(): Promise<void>;
  /** The fake's root (Foodics' console, for FOODICS_CONSOLE_URL): http://127.0.0.1:{port} */
  root: string;
  /** Every access token issued so far answers 401 from now on (their refresh tokens still work). */
  expireAccessTokens(): void;
  /** Tokens issued by /oauth/token (access → refresh), newest last. */
  issued: { access: string; refresh: string }[];
  close(): Promise<void>;
}

export type FakeFoodicsAction = 'accept' | 'decline' | 'ready' | 'dispatch' | 'deliver' | 'close' | 'void' | 'return';

const money = z.number().min(0).max(10_000_000);
const tax = z.object({ id: z.string(), rate: z.number().min(0).max(100), amount: money });
const option = z.object({
  modifier_option_id: z.string(),
  quantity: z.number().int().min(1),
  unit_price: money,
  total_price: money,
  taxes: z.array(tax).optional(),
});
const product = z.object({
  product_id: z.string(),
  quantity: z.number().int().min(1),
  unit_price: money,
  total_price: money,
  discount_amount: money.optional(),
  kitchen_notes: z.string().max(500).optional(),
  taxes: z.array(tax).optional(),
  options: z.array(option).optional(),
});
const comboProduct = product.extend({ combo_option_id: z.string(), combo_size_id: z.string() });
const orderBody = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  branch_id: z.string(),
  table_id: z.string().optional(),
  guests: z.number().int().min(1).optional(),
  customer_id: z.string().optional(),
  customer_address_id: z.string().optional(),
  due_at: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    .optional(),
  kitchen_notes: z.string().max(500).optional(),
  customer_notes: z.string().max(500).optional(),
  discount_type: z.number().int().min(1).max(5).optional(),
  discount_amount: money.optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
  products: z.array(product).default([]),
  combos: z
    .array(z.object({ combo_size_id: z.string(), quantity: z.number().int().min(1), products: z.array(comboProduct) }))
    .default([]),
  charges: z
    .array(z.object({ charge_id: z.string(), amount: money, tax_exclusive_amount: money, taxes: z.array(tax) }))
    .default([]),
  payments: z
    .array(z.object({ payment_method_id: z.string(), amount: money, tendered: money, tips: money.optional() }))
    .default([]),
  subtotal_price: money,
  rounding_amount: z.number().optional(),
  total_price: money,
});
type OrderBody = z.infer<typeof orderBody>;

/** Foodics' timestamps: "YYYY-MM-DD HH:MM:SS" (UTC). */
export function foodicsTime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

const cents = (n: number) => Math.round(n * 100);

/** What Foodics would refuse in a create: field → messages (empty: valid). */
function checkOrder(body: OrderBody, cat: FakeFoodicsCatalogue, known: FakeFoodics, taxInclusive: boolean) {
  const errors: Record<string, string[]> = {};
  const refuse = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const knownIn = (list: string[] | undefined, id: string) =>
    (list ?? []).includes(id) || (cat.acceptPrefix !== undefined && id.startsWith(cat.acceptPrefix));
  if (!knownIn(cat.branches, body.branch_id)) refuse('branch_id', 'The selected branch id is invalid.');
  if (body.table_id !== undefined && !knownIn(cat.tables, body.table_id))
    refuse('table_id', 'The selected table id is invalid.');
  if (body.customer_id !== undefined && !known.customers.has(body.customer_id))
    refuse('customer_id', 'The selected customer id is invalid.');
  if (body.type === 3 && body.customer_address_id === undefined)
    refuse('customer_address_id', 'The customer address id field is required when type is 3.');
  let sum = 0;
  let taxes = 0;
  const taxesOf = (list: { id: string; amount: number }[] | undefined, field: string) => {
    for (const t of list ?? []) {
      if (!knownIn(cat.taxes, t.id)) refuse(`${field}.taxes`, 'The selected tax id is invalid.');
      taxes += cents(t.amount);
    }
  };
  const checkProduct = (p: z.infer<typeof product>, field: string) => {
    if (!knownIn(cat.products, p.product_id)) refuse(`${field}.product_id`, 'The selected product id is invalid.');
    if (cents(p.unit_price) * p.quantity !== cents(p.total_price))
      refuse(`${field}.total_price`, 'The total price must be the unit price times the quantity.');
    sum += cents(p.total_price) - cents(p.discount_amount ?? 0);
    taxesOf(p.taxes, field);
    for (const [j, o] of (p.options ?? []).entries()) {
      if (!knownIn(cat.modifierOptions, o.modifier_option_id))
        refuse(`${field}.options.${j}.modifier_option_id`, 'The selected modifier option id is invalid.');
      sum += cents(o.total_price);
      taxesOf(o.taxes, `${field}.options.${j}`);
    }
  };
  for (const [i, p] of body.products.entries()) checkProduct(p, `products.${i}`);
  body.combos.forEach((c, i) => {
    if (!knownIn(cat.comboSizes, c.combo_size_id))
      refuse(`combos.${i}.combo_size_id`, 'The selected combo size id is invalid.');
    c.products.forEach((p, j) => {
      if (!knownIn(cat.comboOptions, p.combo_option_id))
        refuse(`combos.${i}.products.${j}.combo_option_id`, 'The selected combo option id is invalid.');
      checkProduct(p, `combos.${i}.products.${j}`);
    });
  });
  if (body.products.length === 0 && body.combos.length === 0) refuse('products', 'The products field is required.');
  body.charges.forEach((c, i) => {
    if (!knownIn(cat.charges, c.charge_id)) refuse(`charges.${i}.charge_id`, 'The selected charge id is invalid.');
    sum += cents(c.amount);
    taxesOf(c.taxes, `charges.${i}`);
  });
  body.payments.forEach((p, i) => {
    if (!knownIn(cat.paymentMethods, p.payment_method_id))
      refuse(`payments.${i}.payment_method_id`, 'The selected payment method id is invalid.');
  });
  sum -= cents(body.discount_amount ?? 0);
  sum += cents(body.rounding_amount ?? 0);
  if (!taxInclusive) sum += taxes;
  if (sum !== cents(body.total_price)) refuse('total_price', `The total price does not add up (${sum / 100}).`);
  return errors;
}

export async function startFakeFoodics(options: FakeFoodicsOptions): Promise<FakeFoodics> {
  const business = { id: options.business?.id ?? randomUUID(), reference: 100001, name: 'Sufra Kitchen' };
  if (options.business) Object.assign(business, options.business);
  const taxInclusive = options.taxInclusive ?? true;
  let nextReference = 1001;
  const pending = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  const oauth = createFakeOAuth(options.oauth, (res, status, body) => send(res, status, body));
  const fake: FakeFoodics = {
    url: '',
    root: '',
    issued: oauth.issued,
    expireAccessTokens: oauth.expire,
    requests: [],
    orders: new Map(),
    customers: new Map(),
    traps: {},
    webhooks: [],
    ordersFor: (reference) => [...fake.orders.values()].filter((o) => o.meta['3rd_party_order_number'] === reference),
    act,
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: async () => {},
  };

  function webhookUrl(): string | null {
    const url = options.webhookUrl;
    return typeof url === 'function' ? url() : (url ?? null);
  }

  /** Foodics' delivery: 5 s timeout, 3 tries in all, then dropped. */
  function sendWebhook(order: FakeFoodicsOrder): void {
    const url = webhookUrl();
    if (!url) return;
    const body = {
      timestamp: Math.floor(Date.now() / 1000),
      event: 'application.order.updated',
      business: { name: business.name, reference: business.reference },
      order: structuredClone(order),
    };
    const record = { body, tries: 0, status: null as number | null, dropped: false };
    fake.webhooks.push(record);
    const run = (async () => {
      while (record.tries < 3) {
        record.tries += 1;
        if (fake.traps.dropWebhooks) continue;
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(5_000),
          });
          record.status = res.status;
          await res.arrayBuffer().catch(() => {});
          if (res.ok) return;
        } catch {
          record.status = null;
        }
      }
      record.dropped = true;
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  async function act(id: string, action: FakeFoodicsAction, detail: { reason?: string } = {}) {
    const order = fake.orders.get(id);
    if (!order) throw new Error(`fake foodics: no order ${id}`);
    const now = foodicsTime(new Date());
    const foodicsMeta = order.meta.foodics;
    switch (action) {
      case 'accept':
        order.status = 2;
        order.accepted_at = now;
        order.delivery_status = order.type === 3 ? 1 : null;
        foodicsMeta.kitchen_received_at = now;
        break;
      case 'ready':
        foodicsMeta.kitchen_done_at = now;
        if (order.type === 3) order.delivery_status = 2;
        break;
      case 'dispatch':
        order.delivery_status = 4;
        order.driver_assigned_at = now;
        order.dispatched_at = now;
        break;
      case 'deliver':
        order.delivery_status = 5;
        order.delivered_at = now;
        break;
      case 'close':
        order.status = 4;
        order.closed_at = now;
        if (order.type === 3) order.delivery_status = 6;
        break;
      case 'decline':
        order.status = 3;
        foodicsMeta.decline_at = now;
        // Foodics keeps the cashier's reason as the order's kitchen notes' neighbour [?]: the fake keeps it here.
        order.delete_reason = detail.reason ?? null;
        break;
      case 'void':
        order.status = 7;
        order.delete_reason = detail.reason ?? null;
        break;
      case 'return':
        order.status = 5;
        break;
    }
    order.updated_at = now;
    sendWebhook(order);
    return order;
  }

  function createOrder(body: OrderBody): FakeFoodicsOrder {
    const now = foodicsTime(new Date());
    const reference = nextReference++;
    const order: FakeFoodicsOrder = {
      id: randomUUID(),
      app_id: 'sufra',
      reference,
      reference_x: `R${reference}`,
      number: reference,
      check_number: reference % 1000,
      type: body.type,
      source: 2,
      status: 1,
      delivery_status: null,
      guests: body.guests ?? null,
      kitchen_notes: body.kitchen_notes ?? null,
      customer_notes: body.customer_notes ?? null,
      business_date: now.slice(0, 10),
      subtotal_price: body.subtotal_price,
      discount_amount: body.discount_amount ?? 0,
      rounding_amount: body.rounding_amount ?? 0,
      total_price: body.total_price,
      delay_in_seconds: null,
      opened_at: now,
      accepted_at: null,
      due_at: body.due_at ?? null,
      driver_assigned_at: null,
      dispatched_at: null,
      driver_collected_at: null,
      delivered_at: null,
      closed_at: null,
      created_at: now,
      updated_at: now,
      meta: {
        ...(body.meta ?? {}),
        foodics: {
          device_id: null,
          kitchen_received_at: null,
          kitchen_done_at: null,
          decline_at: null,
          joined_orders: [],
        },
      },
      branch: { id: body.branch_id },
      table: body.table_id ? { id: body.table_id } : null,
      customer: body.customer_id ? (fake.customers.get(body.customer_id) ?? null) : null,
      customer_address: body.customer_address_id ? { id: body.customer_address_id } : null,
      products: body.products.map((p) => ({ ...p, status: 1, returned_quantity: 0, product: { id: p.product_id } })),
      combos: body.combos,
      charges: body.charges,
      payments: body.payments,
      tags: [],
    };
    fake.orders.set(order.id, order);
    options.onOrderCreated?.(order);
    const silent = fake.traps.silentBranches?.includes(body.branch_id) ?? false;
    if (options.autoAcceptMs !== undefined && !silent) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (order.status === 1) void act(order.id, 'accept');
      }, options.autoAcceptMs);
      timers.add(timer);
    }
    return order;
  }

  function listOrders(query: URLSearchParams, res: ServerResponse): void {
    const perPage = Number(query.get('per_page') ?? 50);
    const page = Number(query.get('page') ?? 1);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 50) {
      send(res, 422, { message: 'The per page may not be greater than 50.', errors: { per_page: ['max 50'] } });
      return;
    }
    let list = [...fake.orders.values()];
    const branch = query.get('filter[branch_id]');
    if (branch) list = list.filter((o) => o.branch.id === branch);
    const status = query.get('filter[status]');
    if (status) list = list.filter((o) => String(o.status) === status);
    const after = query.get('filter[reference_after]');
    if (after) list = list.filter((o) => o.reference > Number(after));
    const updatedAfter = query.get('filter[updated_after]');
    if (updatedAfter) list = list.filter((o) => String(o.updated_at) >= updatedAfter);
    const sort = query.get('sort') ?? 'reference';
    list.sort((a, b) => (sort === '-reference' ? b.reference - a.reference : a.reference - b.reference));
    const total = list.length;
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    // Plain `page` stops after 10 pages (Foodics): page through with reference_after instead.
    const data = page > 10 ? [] : list.slice((page - 1) * perPage, page * perPage);
    send(res, 200, {
      data,
      meta: { current_page: page, last_page: lastPage, per_page: perPage, total, from: null, to: null },
    });
  }

  /**
   * A menu list as Foodics pages it: `page` (from 1) and `per_page` (≤ 50, default 50), `{data, links: {first, last,
   * prev, next}, meta: {current_page, last_page, per_page, total, from, to}}`; relations only when in `include`.
   */
  function listMenu(resource: keyof FakeFoodicsMenu, url: URL, res: ServerResponse): void {
    const perPage = Number(url.searchParams.get('per_page') ?? 50);
    const page = Number(url.searchParams.get('page') ?? 1);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 50 || !Number.isInteger(page) || page < 1) {
      send(res, 422, { message: 'The given data was invalid.', errors: { per_page: ['max 50'] } });
      return;
    }
    const fail = fake.traps.failMenu;
    if (fail && fail.count > 0 && url.pathname === fail.path && (fail.page === undefined || fail.page === page)) {
      fail.count -= 1;
      send(res, fail.status, { message: fail.status === 401 ? 'Unauthenticated.' : 'Server Error' });
      return;
    }
    const included = new Set(
      (url.searchParams.get('include') ?? '')
        .split(',')
        .map((r) => r.trim().split('.')[0])
        .filter(Boolean),
    );
    const rows = (options.menu?.[resource] ?? []) as Record<string, unknown>[];
    const total = rows.length;
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const data = rows.slice((page - 1) * perPage, page * perPage).map((row) => {
      const out = structuredClone(row);
      for (const relation of MENU_RELATIONS[resource] ?? []) if (!included.has(relation)) delete out[relation];
      return out;
    });
    const link = (n: number) => {
      const next = new URL(url.href.replace('http://fake', fake.root));
      next.searchParams.set('page', String(n));
      return next.href;
    };
    send(res, 200, {
      data,
      links: {
        first: link(1),
        last: link(lastPage),
        prev: page > 1 ? link(page - 1) : null,
        next: page < lastPage ? link(page + 1) : null,
      },
      meta: {
        current_page: page,
        last_page: lastPage,
        per_page: perPage,
        total,
        from: data.length > 0 ? (page - 1) * perPage + 1 : null,
        to: data.length > 0 ? (page - 1) * perPage + data.length : null,
      },
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const control = /^\/__control\/orders\/([^/]+)\/([a-z]+)$/.exec(path);
    if (control && req.method === 'POST') {
      try {
        const reason = (body as { reason?: string } | null)?.reason;
        send(res, 200, { data: await act(control[1] ?? '', control[2] as FakeFoodicsAction, { reason }) });
      } catch {
        send(res, 404, { message: 'Not found.' });
      }
      return;
    }
    if (req.method === 'GET' && path === '/authorize') {
      const entry = fake.requests.at(-1);
      if (entry) entry.status = 302;
      return oauth.authorize(url, res);
    }
    if (req.method === 'POST' && path === '/oauth/token') return oauth.token(body, res);
    if (!path.startsWith('/v5/')) return send(res, 404, { message: 'Not found.' });
    if (options.answerDelayMs) await new Promise((resolve) => setTimeout(resolve, options.answerDelayMs));
    // "Bearer" is case-sensitive at Foodics.
    const auth = req.headers.authorization ?? '';
    const bearer = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : null;
    if (bearer !== options.token && !(bearer && oauth.accepts(bearer)))
      return send(res, 401, { message: 'Unauthenticated.' });
    const limit = fake.traps.rateLimit;
    if (limit && limit.count > 0 && path.startsWith(limit.path ?? '/v5/')) {
      limit.count -= 1;
      res.setHeader('retry-after', String(limit.retryAfterSeconds));
      return send(res, 429, { message: 'Too Many Attempts.' });
    }
    const route = `${req.method} ${path.replace(/\/v5\/orders\/[^/]+$/, '/v5/orders/{id}')}`;
    switch (route) {
      case 'GET /v5/whoami':
        return send(res, 200, {
          data: { business: business, user: { name: 'Sufra integration', email: 'pos@sufra.demo' } },
        });
      case 'GET /v5/customers': {
        const phone = url.searchParams.get('filter[phone]');
        const data = [...fake.customers.values()].filter((c) => !phone || c.phone === phone);
        return send(res, 200, { data, meta: { current_page: 1, last_page: 1, per_page: 50, total: data.length } });
      }
      case 'POST /v5/customers': {
        const parsed = z
          .object({
            name: z.string().min(1),
            dial_code: z.literal(966),
            phone: z.string().regex(/^5\d{8}$/),
            email: z.string().optional(),
          })
          .safeParse(body);
        if (!parsed.success) return send(res, 422, invalid(parsed.error));
        const customer = { id: randomUUID(), ...parsed.data };
        fake.customers.set(customer.id, customer);
        return send(res, 200, { data: customer });
      }
      case 'POST /v5/addresses': {
        const parsed = z
          .object({
            customer_id: z.string(),
            name: z.string().min(1),
            description: z.string().min(1),
            latitude: z.number(),
            longitude: z.number(),
            delivery_zone_id: z.string().optional(),
          })
          .safeParse(body);
        if (!parsed.success) return send(res, 422, invalid(parsed.error));
        if (!fake.customers.has(parsed.data.customer_id))
          return send(res, 422, {
            message: 'Invalid.',
            errors: { customer_id: ['The selected customer id is invalid.'] },
          });
        return send(res, 200, { data: { id: randomUUID(), ...parsed.data } });
      }
      case 'POST /v5/orders': {
        if ((fake.traps.failCreates ?? 0) > 0) {
          fake.traps.failCreates = (fake.traps.failCreates ?? 0) - 1;
          return send(res, 500, { message: 'Server Error' });
        }
        if (Math.random() < (fake.traps.failCreateShare ?? 0)) return send(res, 500, { message: 'Server Error' });
        const parsed = orderBody.safeParse(body);
        if (!parsed.success) return send(res, 422, invalid(parsed.error));
        const errors = checkOrder(parsed.data, options.catalogue, fake, taxInclusive);
        if (Object.keys(errors).length > 0) return send(res, 422, { message: 'The given data was invalid.', errors });
        const order = createOrder(parsed.data);
        if ((fake.traps.loseCreateAnswer ?? 0) > 0) {
          fake.traps.loseCreateAnswer = (fake.traps.loseCreateAnswer ?? 0) - 1;
          // Made, and the answer never arrives.
          req.socket.destroy();
          return;
        }
        return send(res, 200, { data: order });
      }
      case 'GET /v5/orders':
        return listOrders(url.searchParams, res);
      case 'GET /v5/categories':
      case 'GET /v5/products':
      case 'GET /v5/modifiers':
      case 'GET /v5/combos':
      case 'GET /v5/branches':
        return listMenu(path.slice('/v5/'.length) as keyof FakeFoodicsMenu, url, res);
      case 'GET /v5/orders/{id}': {
        const order = fake.orders.get(path.slice('/v5/orders/'.length));
        return order ? send(res, 200, { data: order }) : send(res, 404, { message: 'Not found.' });
      }
      case 'PUT /v5/orders/{id}': {
        // An integrator's one documented write to an order: its delivery status (scope orders.limited.deliver).
        const order = fake.orders.get(path.slice('/v5/orders/'.length));
        if (!order) return send(res, 404, { message: 'Not found.' });
        const parsed = z
          .object({
            delivery_status: z.number().int().min(1).max(6),
            driver_id: z.string().optional(),
            driver_collected_at: z
              .string()
              .regex(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
              .optional(),
          })
          .strict()
          .safeParse(body);
        if (!parsed.success) return send(res, 422, invalid(parsed.error));
        // Not documented [?]: the fake refuses a delivery status on a non-delivery order or one not Active.
        if (order.type !== 3 || order.status !== 2)
          return send(res, 422, { message: 'The given data was invalid.', errors: { delivery_status: ['Invalid.'] } });
        const now = foodicsTime(new Date());
        order.delivery_status = parsed.data.delivery_status;
        if (parsed.data.delivery_status === 2) order.meta.foodics.kitchen_done_at ??= now;
        if (parsed.data.delivery_status === 4) {
          order.dispatched_at = now;
          order.driver_collected_at = parsed.data.driver_collected_at ?? now;
        }
        if (parsed.data.delivery_status === 5) order.delivered_at = now;
        order.updated_at = now;
        return send(res, 200, { data: order });
      }
      default:
        return send(res, 404, { message: 'Not found.' });
    }
  }

  function send(res: ServerResponse, status: number, body: unknown): void {
    const entry = fake.requests.at(-1);
    if (entry) entry.status = status;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  function invalid(error: z.ZodError) {
    const errors: Record<string, string[]> = {};
    for (const issue of error.issues) {
      const key = issue.path.join('.') || 'body';
      errors[key] = [...(errors[key] ?? []), issue.message];
    }
    return { message: 'The given data was invalid.', errors };
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: unknown = null;
      const text = Buffer.concat(chunks).toString('utf8');
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          send(res, 400, { message: 'Malformed JSON.' });
          return;
        }
      }
      fake.requests.push({
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        auth: req.headers.authorization,
        body,
        status: 0,
      });
      handle(req, res, body).catch(() => send(res, 500, { message: 'Server Error' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.root = `http://${options.host ?? '127.0.0.1'}:${port}`;
  fake.url = `${fake.root}/v5`;
  fake.close = async () => {
    for (const timer of timers) clearTimeout(timer);
    await fake.idle();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

/** Every route of the app (spec §2), as patterns for the router and builders for links (house rule: one place). */
const enc = encodeURIComponent;

export const paths = {
  qr: { pattern: '/qr/:uuid', build: (uuid: string) => `/qr/${enc(uuid)}` },
  qrBase: { pattern: '/qr/:uuid/*' },
  referral: { pattern: '/referral/:uuid', build: (uuid: string) => `/referral/${enc(uuid)}` },
  registerAndWin: { pattern: '/register-and-win/:uuid', build: (uuid: string) => `/register-and-win/${enc(uuid)}` },
  /** The brand's prize wheel for signed-in diners (our design: the spec names the wheel, not its route). */
  wheel: { pattern: '/wheel/:uuid', build: (uuid: string) => `/wheel/${enc(uuid)}` },
  applyCoupons: { pattern: '/apply-coupons/:uuid', build: (uuid: string) => `/apply-coupons/${enc(uuid)}` },
  evaluate: {
    pattern: '/evaluate/:uuid/:form',
    /** order: the order being rated (the confirmation page and the order history link here with it). */
    build: (uuid: string, form: string, order?: number) =>
      `/evaluate/${enc(uuid)}/${enc(form)}${query({ order: order?.toString() })}`,
  },
  reference: { pattern: '/reference/:code', build: (code: string) => `/reference/${enc(code)}` },
  error: {
    pattern: '/error',
    build: (code?: string) => (code ? `/error?code=${enc(code)}` : '/error'),
  },
  deactivated: {
    pattern: '/deactivated/:uuid',
    /** service: the feature that was found switched off (the page checks that one too, not only the whole brand). */
    build: (uuid: string, service?: string) => `/deactivated/${enc(uuid)}${query({ service })}`,
  },
  cart: { pattern: '/cart/:uuid', build: (uuid: string) => `/cart/${enc(uuid)}` },
  menu: { pattern: '/menu/:uuid', build: (uuid: string) => `/menu/${enc(uuid)}` },
  item: {
    pattern: '/items/:uuid/:id/:name',
    build: (uuid: string, id: number, name: string) => `/items/${enc(uuid)}/${id}/${enc(name)}`,
  },
  itemByName: {
    pattern: '/items/:uuid/:name',
    build: (uuid: string, name: string) => `/items/${enc(uuid)}/${enc(name)}`,
  },
  pointsShop: { pattern: '/points-shop/:uuid', build: (uuid: string) => `/points-shop/${enc(uuid)}` },
  prizeShop: { pattern: '/prize-shop/:uuid', build: (uuid: string) => `/prize-shop/${enc(uuid)}` },
  prize: { pattern: '/prize/:uuid', build: (uuid: string) => `/prize/${enc(uuid)}` },
  myRewards: { pattern: '/my-rewards/:uuid', build: (uuid: string) => `/my-rewards/${enc(uuid)}` },
  checkout: { pattern: '/checkout/:uuid', build: (uuid: string) => `/checkout/${enc(uuid)}` },
  register: {
    pattern: '/register/:uuid',
    /** mode signin asks only the phone; next is where to go after success (a path of ours). */
    build: (uuid: string, options: { mode?: 'signin'; next?: string } = {}) =>
      `/register/${enc(uuid)}${query({ mode: options.mode, next: options.next })}`,
  },
  editProfile: { pattern: '/edit-profile/:uuid', build: (uuid: string) => `/edit-profile/${enc(uuid)}` },
  /** Where the card provider sends the diner back; the order's id is ours, the provider's query is never trusted. */
  payment: {
    pattern: '/payment/:uuid',
    build: (uuid: string, orderId?: number) =>
      `/payment/${enc(uuid)}${query({ order: orderId === undefined ? undefined : String(orderId) })}`,
  },
  /**
   * Our card page (Moyasar only: it has no hosted card page for its payments API). The API answers it as the
   * placement's redirect (apps/api moyasar-provider cardPageOf builds the same URL).
   */
  card: {
    pattern: '/card/:uuid',
    build: (uuid: string, orderId?: number) =>
      `/card/${enc(uuid)}${query({ order: orderId === undefined ? undefined : String(orderId) })}`,
  },
  confirmOrder: {
    pattern: '/confirm-order/:uuid',
    /** The order's id in the query, so the page works on reload (deep link). */
    build: (uuid: string, orderId?: number) =>
      `/confirm-order/${enc(uuid)}${query({ order: orderId === undefined ? undefined : String(orderId) })}`,
  },
  /** The diner's in-app inbox (issue 28 item 4; the spec's `notifications`). */
  notifications: { pattern: '/notifications/:uuid', build: (uuid: string) => `/notifications/${enc(uuid)}` },
  /** An order's receipt (issue 28): printable; the link works on reload for the diner who owns the order. */
  receipt: {
    pattern: '/receipt/:uuid',
    build: (uuid: string, orderId: number) => `/receipt/${enc(uuid)}${query({ order: String(orderId) })}`,
  },
  orderType: { pattern: '/order-type/:uuid', build: (uuid: string) => `/order-type/${enc(uuid)}` },
  orderData: { pattern: '/order-data/:uuid', build: (uuid: string) => `/order-data/${enc(uuid)}` },
  paymentFailed: {
    pattern: '/payment-failed/:uuid',
    /** With the order's id, the page can start a new payment attempt for the same order. */
    build: (uuid: string, orderId?: number) =>
      `/payment-failed/${enc(uuid)}${query({ order: orderId === undefined ? undefined : String(orderId) })}`,
  },
  /** The signed-in diner's past orders (our design, not in the spec's table), linked from the profile. */
  orders: { pattern: '/orders/:uuid', build: (uuid: string) => `/orders/${enc(uuid)}` },
  /** The staff app (our design, not in the spec's table): sign-in, then the signed-in shell. */
  staff: {
    pattern: '/staff',
    /** branch: the order board's branch, so a link (and a reload) opens the same board. */
    build: (options: { branch?: number } = {}) => `/staff${query({ branch: options.branch?.toString() })}`,
  },
  /** The staff app's Redeem section: a cashier's counter tablet opens it directly (a bookmark, a reload). */
  staffRedeem: { pattern: '/staff/redeem', build: () => '/staff/redeem' },
  staffLoyalty: { pattern: '/staff/loyalty', build: () => '/staff/loyalty' },
  /** The brand's service switches and their history (managers and owners; issue 24 item 12). */
  staffServices: { pattern: '/staff/services', build: () => '/staff/services' },
  staffEvaluations: { pattern: '/staff/evaluations', build: () => '/staff/evaluations' },
  /** The managers' punch card programmes (issue 16). */
  staffPunchCards: { pattern: '/staff/punch-cards', build: () => '/staff/punch-cards' },
  staffCoupons: { pattern: '/staff/coupons', build: () => '/staff/coupons' },
  /** The signed-in person's own sessions, every role (a cashier too): see and end them (issue 26 item 9). */
  staffSessions: { pattern: '/staff/sessions', build: () => '/staff/sessions' },
  /** An invitation's one-time link (the API hands it out: `/staff/invitation#<token>`): choose a password. */
  staffInvitation: { pattern: '/staff/invitation', build: () => '/staff/invitation' },
  /**
   * The management console (issue 26): one nested route; its pages' paths are relative to this prefix
   * (staff/console/console-pages.tsx), so `build('/staff')` is `/staff/manage/staff`.
   */
  staffManage: { pattern: '/staff/manage', build: (page = '') => `/staff/manage${page}` },
} as const;

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A return path from the URL, only when it is one of our own pages (never another origin: `//x`, `/\x`). */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

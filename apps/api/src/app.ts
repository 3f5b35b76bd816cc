import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import { checkoutOffers } from './checkout-extras.ts';
import { resolveAuthSecret } from './config/auth-secret.ts';
import { type Config, fastifyTrustProxy } from './config/env.ts';
import { registerConsoleRoutes } from './console-routes.ts';
import { createBranchesService, toBrand } from './core/branch-context.service.ts';
import { createLiveHub, type LiveHub } from './core/live-hub.service.ts';
import { createOrderLifecycle, type OrderLifecycle } from './core/order-lifecycle.service.ts';
import { createQrService, type QrService } from './core/qr-context.service.ts';
import { createSessionsService } from './core/sessions.service.ts';
import { createDatabase, type DatabaseHandle } from './db/client.ts';
import { createMail, registerDevMail } from './mail-wiring.ts';
import { adsRoutes } from './modules/ads/ads.routes.ts';
import { createAdsService } from './modules/ads/ads.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createOtpService } from './modules/auth/otp.service.ts';
import { branchesRoutes } from './modules/branches/branches.routes.ts';
import { couponsRoutes } from './modules/coupons/coupons.routes.ts';
import { createCouponsService } from './modules/coupons/coupons.service.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { createCustomersService } from './modules/customers/customers.service.ts';
import { evaluationsRoutes } from './modules/evaluations/evaluations.routes.ts';
import { createEvaluationsService } from './modules/evaluations/evaluations.service.ts';
import { createFoodicsWithRelay } from './modules/foodics/foodics.relay.ts';
import { foodicsRoutes } from './modules/foodics/foodics.routes.ts';
import type { FoodicsService } from './modules/foodics/foodics.service.ts';
import { foodicsMenuRoutes } from './modules/foodics/foodics-menu.routes.ts';
import { gamesRoutes } from './modules/games/games.routes.ts';
import { createGamesService } from './modules/games/games.service.ts';
import { geocodingRoutes } from './modules/geocoding/geocoding.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { inboxRoutes } from './modules/inbox/inbox.routes.ts';
import { createInboxService } from './modules/inbox/inbox.service.ts';
import { createKitchenRelay } from './modules/kitchen/kitchen.relay.ts';
import { posDestination } from './modules/kitchen/kitchen-destinations.service.ts';
import { loyaltyRoutes } from './modules/loyalty/loyalty.routes.ts';
import { createLoyaltyService, type LoyaltyService } from './modules/loyalty/loyalty.service.ts';
import { createPointsExpiry } from './modules/loyalty/points-expiry.relay.ts';
import { createRewardsService } from './modules/loyalty/rewards.service.ts';
import { menuRoutes } from './modules/menu/menu.routes.ts';
import { createMenuService, type MenuService } from './modules/menu/menu.service.ts';
import { notifyRoutes } from './modules/notify/notify.routes.ts';
import { createNotifyService } from './modules/notify/notify.service.ts';
import { orderEventsRoutes } from './modules/order-events/order-events.routes.ts';
import { createLiveLoaders, createOrderEventsService } from './modules/order-events/order-events.service.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { createPaymentExpiry } from './modules/payments/payment-expiry.relay.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createRefundRelay } from './modules/payments/refund.relay.ts';
import { punchCardsRoutes } from './modules/punch-cards/punch-cards.routes.ts';
import { createPunchCardsService } from './modules/punch-cards/punch-cards.service.ts';
import { qrRoutes } from './modules/qr/qr.routes.ts';
import { queuesAdminRoutes } from './modules/queues-admin/queues-admin.routes.ts';
import { createQueuesAdminService } from './modules/queues-admin/queues-admin.service.ts';
import { receiptsRoutes } from './modules/receipts/receipts.routes.ts';
import { createReceiptsService } from './modules/receipts/receipts.service.ts';
import { referralRoutes } from './modules/referral/referral.routes.ts';
import { createReferralService } from './modules/referral/referral.service.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { registerReportsRollup } from './modules/reports/reports-rollup.relay.ts';
import { servicesRoutes } from './modules/services/services.routes.ts';
import { createServicesService } from './modules/services/services.service.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { createStaffService } from './modules/staff/staff.service.ts';
import { tablesRoutes } from './modules/tables/tables.routes.ts';
import { createTablesService } from './modules/tables/tables.service.ts';
import { subscribeOrderReactions } from './order-reactions.ts';
import { createAuthGuards, registerCookies } from './plugins/auth.ts';
import { registerDinerContext } from './plugins/diner-context.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling, trackRoutes } from './plugins/errors.ts';
import { registerI18n } from './plugins/i18n.ts';
import { loggerOptions } from './plugins/logger-options.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerPaymentProvider } from './plugins/payment-provider.ts';
import { registerRelays } from './plugins/relays.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerTextGuard } from './plugins/text-guard.ts';
import { registerWeb } from './plugins/web.ts';
import { createGeocoder } from './providers/geocoding/geocoding-choice.ts';
import type { PaymentProvider } from './providers/payment/payment-provider.ts';
import { createLogPosProvider } from './providers/pos/log-pos-provider.ts';
import type { PosProvider } from './providers/pos/pos-provider.ts';
import { createLogSmsProvider } from './providers/sms/log-sms-provider.ts';
import type { SmsProvider } from './providers/sms/sms-provider.ts';
import { createSmsRelay } from './providers/sms/sms-relay.ts';
import { createTaqnyatSmsProvider } from './providers/sms/taqnyat-sms-provider.ts';
import { createTwilioSmsProvider } from './providers/sms/twilio-sms-provider.ts';
import { createFileStorage } from './providers/storage/storage-choice.ts';

export interface AppDeps {
  /** The database to use; when absent the app opens one from the config and closes it with the app. */
  database?: DatabaseHandle;
  /** The clock (tests pin it to check opening hours). */
  now?: () => Date;
  /** The SMS gateway; default from the config (log, or Twilio). Tests pass a recording one. */
  smsProvider?: SmsProvider;
  /** The POS for integrated branches; default: the log. Tests pass a recording one. */
  posProvider?: PosProvider;
  /** The card payment provider; default from the config (the built-in test gateway, or Moyasar). */
  paymentProvider?: PaymentProvider;
  /** Where the server log goes instead of stdout (tests read it back, e.g. the PCI scan). */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    services: { menu: MenuService };
    /** This instance's live events: its LISTEN and the event streams connected to it. */
    liveHub: LiveHub;
    /** Points: programme, accounts, adjustments and expiry (tests call expireOnce()). */
    loyalty: LoyaltyService;
    /** Webhooks are acknowledged before their payment is settled: idle() waits for those settles (tests, close). */
    paymentWebhooks: { idle(): Promise<void> };
  }
}

/** Fastify with the app's plugins (errors, i18n, security headers, cookies, compression, the OpenAPI document). */
async function createServer(config: Config, deps: AppDeps, database: DatabaseHandle) {
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // The HTTP layer's own refusals in our error shape (issue 13 item 9).
    frameworkErrors,
    clientErrorHandler,
  });
  if (!deps.database) app.addHook('onClose', () => database.close());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', database);
  registerI18n(app);
  registerErrorHandling(app);
  registerTextGuard(app);
  const allowedMethods = trackRoutes(app);
  registerSecurityHeaders(app, config);
  await registerCookies(app);
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });

  await registerOpenApi(app, config);
  return { app, allowedMethods };
}

/**
 * Card payments and their background work: the refund relay and the sweep of abandoned card orders. Webhooks are
 * acknowledged before their payment is settled: the app's close waits for those settles.
 */
function createPayments(app: FastifyInstance, ctx: AppContext, lifecycle: OrderLifecycle) {
  const { config } = ctx;
  const payments = createPaymentsService(ctx, {
    provider: app.paymentProvider,
    log: app.log,
    onRefundQueued: () => refundRelay.kick(),
    lifecycle,
  });
  const refundRelay = createRefundRelay({
    drain: () => payments.drainRefundsOnce(),
    log: app.log,
    intervalMs: config.kitchen.relayIntervalMs,
  });
  app.decorate('paymentWebhooks', { idle: () => payments.webhooksIdle() });
  app.addHook('onClose', async () => payments.webhooksIdle());
  const paymentExpiry = createPaymentExpiry({
    sweep: () => payments.expireAbandonedOnce(),
    log: app.log,
    intervalMs: config.payments.cardPaymentSweepIntervalMs,
  });
  return { payments, refundRelay, paymentExpiry };
}

/** Everything the API's routes are given. */
interface ApiWiring {
  database: DatabaseHandle;
  config: Config;
  ctx: AppContext;
  qr: QrService;
  branches: ReturnType<typeof createBranchesService>;
  menu: MenuService;
  ads: ReturnType<typeof createAdsService>;
  otp: ReturnType<typeof createOtpService>;
  sessions: ReturnType<typeof createSessionsService>;
  customers: ReturnType<typeof createCustomersService>;
  staff: ReturnType<typeof createStaffService>;
  orders: ReturnType<typeof createOrdersService>;
  payments: ReturnType<typeof createPaymentsService>;
  orderEvents: ReturnType<typeof createOrderEventsService>;
  tables: ReturnType<typeof createTablesService>;
  loyalty: LoyaltyService;
  rewards: ReturnType<typeof createRewardsService>;
  evaluations: ReturnType<typeof createEvaluationsService>;
  referral: ReturnType<typeof createReferralService>;
  guards: ReturnType<typeof createAuthGuards>;
  onSmsQueued: () => void;
  foodics: FoodicsService;
}

/** The API under /api. */
async function registerApiRoutes(app: FastifyInstance, wiring: ApiWiring) {
  const { database, config, ctx, qr, branches, menu, ads, otp, sessions, customers, staff, orders, payments } = wiring;
  const { orderEvents, tables, loyalty, rewards, evaluations, referral, guards, onSmsQueued, foodics } = wiring;
  const reports = createReportsService(ctx);
  const reportsRollup = registerReportsRollup(app, reports, {
    log: app.log,
    intervalMs: config.reports.rollupIntervalMs,
  });
  const queuesAdmin = createQueuesAdminService(ctx, {
    foodics,
    foodicsMaxAttempts: config.foodics?.maxAttempts ?? 8,
    kick: {
      sms: () => app.smsRelay.kick(),
      mail: () => app.mailRelay.kick(),
      refunds: () => app.refundRelay.kick(),
      kitchen: () => app.kitchenRelay.kick(),
    },
    loops: () => ({
      sms: app.smsRelay,
      mail: app.mailRelay,
      refunds: app.refundRelay,
      kitchen: app.kitchenRelay,
      foodics: app.foodicsRelay,
      paymentExpiry: app.paymentExpiry,
      pointsExpiry: app.pointsExpiry,
      reportsRollup,
      gatewayWebhooks: app.testGateway?.webhooks ?? null,
    }),
  });
  // Routes are registered explicitly so the wiring is visible (house rules: no autoload).
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(qrRoutes, { qr });
      await api.register(branchesRoutes, { branches, qr });
      await api.register(menuRoutes, { menu });
      await api.register(adsRoutes, { ads });
      await api.register(authRoutes, { config, otp, sessions, now: ctx.now });
      await api.register(customersRoutes, { config, customers, otp });
      await api.register(staffRoutes, { config, staff, sessions, guards, now: ctx.now });
      await api.register(ordersRoutes, { orders, guards });
      await api.register(paymentsRoutes, { payments });
      await api.register(orderEventsRoutes, { guards, events: orderEvents });
      await api.register(tablesRoutes, { tables, guards });
      await api.register(loyaltyRoutes, { loyalty, rewards, guards });
      await api.register(evaluationsRoutes, { evaluations, guards });
      await api.register(punchCardsRoutes, { punchCards: createPunchCardsService(ctx), guards });
      await api.register(couponsRoutes, { coupons: createCouponsService(ctx, { menu }), guards });
      await api.register(servicesRoutes, { services: createServicesService(ctx), guards });
      await api.register(referralRoutes, { referral });
      await api.register(gamesRoutes, { games: createGamesService(ctx, { onSmsQueued }) });
      await api.register(receiptsRoutes, { receipts: createReceiptsService(ctx), guards });
      await api.register(inboxRoutes, { inbox: createInboxService(ctx) });
      await api.register(notifyRoutes, { notify: createNotifyService(ctx), guards });
      await api.register(geocodingRoutes, { geocoder: createGeocoder(config), now: ctx.now });
      await api.register(foodicsRoutes, { foodics, guards });
      await api.register(foodicsMenuRoutes, { menu: foodics.menu, guards });
      await registerConsoleRoutes(api, { ctx, config, guards, loyalty, rewards, reports });
      await api.register(queuesAdminRoutes, { queuesAdmin, guards });
    },
    { prefix: '/api' },
  );
}

/** The SMS gateway (the configured one, or the log) and the relay that sends the outbox through it. */
function createSms(app: FastifyInstance, ctx: AppContext, deps: AppDeps) {
  const { config } = ctx;
  const smsProvider =
    deps.smsProvider ??
    (config.sms.twilio
      ? createTwilioSmsProvider(config.sms.twilio)
      : config.sms.taqnyat
        ? createTaqnyatSmsProvider(config.sms.taqnyat)
        : createLogSmsProvider(app.log));
  const smsRelay = createSmsRelay({
    db: ctx.db,
    provider: smsProvider,
    now: ctx.now,
    log: app.log,
    intervalMs: config.sms.relayIntervalMs,
  });
  return smsRelay;
}

/** The relays and sweeps that run beside the requests (registerRelays starts and stops them with the app). */
function registerBackgroundWork(
  app: FastifyInstance,
  ctx: AppContext,
  work: {
    database: DatabaseHandle;
    deps: AppDeps;
    smsRelay: ReturnType<typeof createSmsRelay>;
    mailRelay: Awaited<ReturnType<typeof createMail>>;
    refundRelay: ReturnType<typeof createPayments>['refundRelay'];
    paymentExpiry: ReturnType<typeof createPayments>['paymentExpiry'];
    loyalty: LoyaltyService;
    orders: ReturnType<typeof createOrdersService>;
  },
): FoodicsService {
  const { config } = ctx;
  const { database, deps, smsRelay, mailRelay, refundRelay, paymentExpiry, loyalty } = work;
  const { foodics, foodicsRelay } = createFoodicsWithRelay(ctx, {
    database,
    log: app.log,
    moveFromPos: work.orders.moveFromPos,
  });
  const posProvider = deps.posProvider ?? (config.foodics ? foodics.posProvider : createLogPosProvider(app.log));
  const kitchenRelay = createKitchenRelay({
    db: database.db,
    database,
    destinations: [posDestination(posProvider)],
    now: ctx.now,
    log: app.log,
    intervalMs: config.kitchen.relayIntervalMs,
  });
  const pointsExpiry = createPointsExpiry({
    sweep: () => loyalty.expireOnce(),
    log: app.log,
    intervalMs: config.loyalty.pointsExpiryIntervalMs,
  });
  registerRelays(
    app,
    { smsRelay, refundRelay, paymentExpiry, kitchenRelay, pointsExpiry, foodicsRelay, mailRelay },
    app.testGateway?.webhooks ?? null,
  );
  return foodics;
}

/**
 * Builds the configured app (no listen): plugins, the API under /api, images, the web app. Still ~100 lines, on
 * purpose: it is the app's wiring, one statement per service in dependency order, and reads best as one list.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const database = deps.database ?? (await createDatabase(config));
  const { app, allowedMethods } = await createServer(config, deps, database);

  const ctx: AppContext = {
    db: database.db,
    databaseKind: database.kind,
    config,
    now: deps.now ?? (() => new Date()),
  };
  const branches = createBranchesService(ctx);
  const qr = createQrService(ctx);
  const menu = createMenuService(ctx);
  const ads = createAdsService(ctx, branches);
  app.decorate('services', { menu });

  const secret = resolveAuthSecret(config);
  const smsRelay = createSms(app, ctx, deps);
  const mailRelay = await createMail(app, ctx);
  await registerPaymentProvider(app, config, { database, now: ctx.now, provider: deps.paymentProvider });

  const sessions = createSessionsService(ctx, secret);
  const referral = createReferralService(ctx, { qr });
  const otp = createOtpService(ctx, {
    secret,
    sessions,
    referral,
    onSmsQueued: () => smsRelay.kick(),
    ipSendsPerHour: config.otpSendsPerIpPerHour,
    sendGapMs: config.otpSendGapMs,
    failuresPerIpPerHour: config.signInFailuresPerIpPerHour,
  });
  const customers = createCustomersService(ctx, sessions);
  const staff = createStaffService(ctx, sessions, { failuresPerIpPerHour: config.signInFailuresPerIpPerHour });
  // The order lifecycle seam: modules subscribe here, before any order moves (docs/adr/0010-order-lifecycle-seam.md).
  const lifecycle = createOrderLifecycle();
  subscribeOrderReactions(lifecycle, config);
  const { payments, refundRelay, paymentExpiry } = createPayments(app, ctx, lifecycle);
  const orders = createOrdersService(ctx, {
    menu,
    lifecycle,
    offers: checkoutOffers(),
    payments: { ...payments, onRefundQueued: () => refundRelay.kick() },
  });
  const tables = createTablesService(ctx);
  const loyalty = createLoyaltyService(ctx);
  app.decorate('loyalty', loyalty);
  const rewards = createRewardsService(ctx, { secret });
  const evaluations = createEvaluationsService(ctx, { storage: createFileStorage(config), rewards });
  const liveHub = createLiveHub({ database, log: app.log, ...createLiveLoaders(ctx, evaluations) });
  app.decorate('liveHub', liveHub);
  app.addHook('onReady', async () => liveHub.start());
  // After the streams have been ended (their preClose hook) and before the database closes.
  app.addHook('onClose', async () => liveHub.stop());
  const orderEvents = createOrderEventsService({ hub: liveHub, orders });
  const foodics = registerBackgroundWork(app, ctx, {
    database,
    deps,
    smsRelay,
    mailRelay,
    refundRelay,
    paymentExpiry,
    loyalty,
    orders,
  });
  const guards = createAuthGuards({
    config,
    sessions,
    loadStaff: (id, familyId) => staff.loadLivePrincipal(id, familyId),
  });

  // Before the routes: it puts itself on every route with a QR uuid in its path.
  registerDinerContext(app, { qr, guards });
  await registerApiRoutes(app, {
    database,
    config,
    ctx,
    qr,
    branches,
    menu,
    ads,
    otp,
    sessions,
    customers,
    staff,
    orders,
    payments,
    orderEvents,
    tables,
    loyalty,
    rewards,
    evaluations,
    referral,
    guards,
    onSmsQueued: () => smsRelay.kick(),
    foodics,
  });
  await registerDevMail(app);

  await registerWeb(app, config, {
    allowedMethods,
    // The same service calls as the API's own answers (the menu's cached build; getMenu refuses a switched-off
    // menu, which keeps the static shell), so the paint matches them; no branch or zone queries on this path.
    menuPageData: async (uuid, language) => {
      const row = await qr.resolveUsableQr(uuid);
      return { brand: toBrand(row.brand, config.imageHost), menu: (await menu.getMenu(uuid, language)).menu };
    },
  });

  return app;
}

import { z } from 'zod';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

// One schema, kept whole: its order is the order problems are listed in, and each variable reads best where it is.
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where evaluation photos are kept (the local file storage); default: DATA_DIR/uploads. */
  UPLOADS_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** Where uploads are kept: the folder (default) or an S3-compatible object store (S3_* below). */
  UPLOADS_STORAGE: z.enum(['local', 's3']).default('local'),
  /** The store's address, e.g. https://s3.me-central-1.amazonaws.com or a MinIO / R2 endpoint (path-style URLs). */
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().min(1).default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** Key prefix inside the bucket (several apps can share one). */
  S3_PREFIX: z.preprocess(emptyAsUndefined, z.string().default('')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** Server processes sharing the port (node:cluster), e.g. one per CPU; more than 1 needs DATABASE_URL. */
  API_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Where relative image paths are served from; '' = this server (same origin). */
  IMAGE_HOST: z.string().default(''),
  /** The public base URL of this server, used in printed links; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  WEB_DIST: z.string().min(1).default('apps/web/dist'),
  /** Seed the demo brand (published staff passwords) into an empty database at start-up. Default: not in production. */
  DEMO_SEED: z.preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).optional()),
  /**
   * Behind a load balancer: which hops' X-Forwarded-* to believe (client address, host, protocol). A hop count
   * or the proxies' addresses/CIDRs; never "every hop" (the left-most entry is whatever the client wrote).
   */
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Signs access tokens and hashes verification codes. Required in production; see auth-secret.ts. */
  AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  CUSTOMER_ACCESS_COOKIE: cookieName('sufra_at'),
  CUSTOMER_REFRESH_COOKIE: cookieName('sufra_rt'),
  STAFF_ACCESS_COOKIE: cookieName('sufra_staff_at'),
  STAFF_REFRESH_COOKIE: cookieName('sufra_staff_rt'),
  /**
   * log (the server log and the outbox: every code in the log) or twilio. Default: log, except in production, where
   * it must be named, as PAYMENT_PROVIDER must (issue 24).
   */
  SMS_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['log', 'twilio', 'taqnyat']).optional()),
  TWILIO_ACCOUNT_SID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  TWILIO_AUTH_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** Sender: a Twilio number in E.164 or an alphanumeric sender id. */
  TWILIO_FROM: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  TWILIO_API_URL: z.preprocess(emptyAsUndefined, z.url().default('https://api.twilio.com')),
  /** Taqnyat (docs/adr/0600): the bearer token, the approved sender name, and the API (a local fake in the demo). */
  TAQNYAT_BEARER_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  TAQNYAT_SENDER: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  TAQNYAT_API_URL: z.preprocess(emptyAsUndefined, z.url().default('https://api.taqnyat.sa')),
  /** Let managers see the SMS outbox in the staff app (demo, development). Default: not in production. */
  SMS_OUTBOX_VISIBLE: z.preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).optional()),
  /** How often the SMS relay looks for pending messages; 0 = not started (tests drive it by hand). */
  /** Per-IP cap on verification codes sent per hour (many diners share a venue's Wi-Fi address). */
  OTP_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** The least time between two codes sent to one number (a double tap does not spend a send). */
  OTP_SEND_GAP_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  /**
   * Wrong verification codes (and, counted apart, wrong staff passwords) one client address may make in an hour before
   * its further tries are slowed by growing delays (a venue's Wi-Fi can put many diners behind one address).
   */
  SIGN_IN_FAILURES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  SMS_RELAY_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  /**
   * How often the kitchen relay looks for undelivered order events, as a safety net: a new order wakes it at
   * once (NOTIFY). 0 = not started (tests drive it by hand).
   */
  KITCHEN_RELAY_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  /**
   * Foodics (issue 28 item 1, docs/adr/0510): a business's access token (Foodics' personal/API token), serving every
   * connected brand without OAuth tokens of its own (the demo). Set, or FOODICS_CLIENT_ID set: integrated branches of
   * a brand connected in foodics_connections hand their orders to Foodics.
   */
  FOODICS_ACCESS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  FOODICS_API_URL: z.preprocess(emptyAsUndefined, z.url().default('https://api.foodics.com/v5')),
  /** How long one call to Foodics may take before it counts as failed (a create's answer is then unknown). */
  FOODICS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Failed tries (not counting 429s) before an order's hand-off becomes a dead letter staff see. */
  FOODICS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** How often the Foodics relay looks for due hand-offs and polls (a new order wakes it at once); 0 = not started. */
  FOODICS_RELAY_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /** How often an open order is asked about at Foodics when no webhook came (Foodics drops one after 3 tries). */
  FOODICS_POLL_EVERY_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  /** An order still Pending at Foodics this long after it was sent is listed as waiting too long. */
  FOODICS_PENDING_ALERT_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  /**
   * Foodics OAuth 2 (docs/adr/0650): the app's client id and secret from Foodics' developer console; set, owners
   * connect their brand's business from the console. FOODICS_REDIRECT_URI must be the one registered with Foodics
   * (default: PUBLIC_URL + /api/staff/manage/foodics/connection/callback/).
   */
  FOODICS_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  FOODICS_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  FOODICS_REDIRECT_URI: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** Where the owner signs in to Foodics to allow the app (sandbox: https://console-sandbox.foodics.com). */
  FOODICS_CONSOLE_URL: z.preprocess(emptyAsUndefined, z.url().default('https://console.foodics.com')),
  /** 32 bytes (64 hex digits or base64) encrypting the brands' Foodics tokens at rest (AES-256-GCM); needed with OAuth. */
  FOODICS_TOKEN_KEY: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  /**
   * Card payments (issue 5): the built-in test gateway or Moyasar. Default: test, except in production, where it
   * must be chosen (the test gateway's keys are published, so it is on there only when asked for by name).
   */
  PAYMENT_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['test', 'moyasar']).optional()),
  /** A card order still unpaid this long after it was placed is canceled (after asking the provider): payment-expiry.ts. */
  CARD_PAYMENT_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  /** How often each instance looks for card orders past that timeout; 0 = not started (tests drive it by hand). */
  CARD_PAYMENT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** How often each instance writes off expired loyalty points; 0 = not started (tests call expireOnce()). */
  POINTS_EXPIRY_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  /** How often each instance catches the reports' roll-ups up (docs/adr/0610); 0 = not started (tests call it). */
  REPORTS_ROLLUP_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  /** How long we wait for the payment provider's API before giving up (a typed timeout error, nothing hangs). */
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  MOYASAR_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** The publishable key a browser uses to tokenize a card with Moyasar (never the secret key). */
  MOYASAR_PUBLISHABLE_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** The webhook's secret token, set in Moyasar's dashboard; every webhook body carries it. */
  MOYASAR_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  MOYASAR_API_URL: z.preprocess(emptyAsUndefined, z.url().default('https://api.moyasar.com/v1')),
  /** The test gateway's own keys. The defaults are public (development only); set both in production. */
  TEST_GATEWAY_SECRET_KEY: z.preprocess(emptyAsUndefined, z.string().min(16).default('sk_test_sufra_gateway_dev_key')),
  TEST_GATEWAY_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(16).default('whsec_sufra_gateway_dev_secret'),
  ),
  /** Where our server calls the test gateway's API; default: this same process over loopback (its listening port). */
  TEST_GATEWAY_API_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** Where the test gateway posts its signed webhooks; default: this process's /api/payments/webhooks/test/. */
  TEST_GATEWAY_WEBHOOK_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** How often the test gateway retries undelivered webhooks; 0 = not started (tests drive it by hand). */
  TEST_GATEWAY_WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  /** How long the test gateway holds an API answer about a "timeout" test card (longer than PAYMENT_TIMEOUT_MS). */
  TEST_GATEWAY_HOLD_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /**
   * E-mail (issue 28 item 4, issue 26 item 9; docs/adr/0620): an SMTP server as one URL (smtp://user:pass@host:587,
   * smtps://… for TLS on connect) or as SMTP_HOST and the parts below. Unset outside production: the in-process
   * catcher (MAIL_CATCHER). Unset in production: no e-mail is sent, and the receipt page and the console say so.
   */
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  SMTP_HOST: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(587),
  /** true: TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
  SMTP_SECURE: z.preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).optional()),
  SMTP_USER: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  SMTP_PASS: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** The From of every e-mail, e.g. "Sufra <receipts@example.sa>". */
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).default('Sufra <no-reply@sufra.localhost>')),
  /**
   * The local catcher: an SMTP server inside the API process that keeps what it receives (GET /api/dev/mail).
   * Default: on in development when no SMTP server is set; off in tests (they turn it on) and never in production.
   */
  MAIL_CATCHER: z.preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).optional()),
  /** The catcher's SMTP port on 127.0.0.1; 0 = any free port. */
  MAIL_CATCHER_PORT: z.coerce.number().int().min(0).max(65_535).default(1025),
  /** How often the mail relay looks for due e-mails; 0 = not started (tests drive it by hand). */
  MAIL_RELAY_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /** How long one SMTP delivery may take before it counts as failed (and is retried). */
  MAIL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Address search: the bundled Saudi gazetteer (offline, default) or a Nominatim-compatible server at GEOCODING_URL. */
  GEOCODING_PROVIDER: z.enum(['gazetteer', 'nominatim']).default('gazetteer'),
  GEOCODING_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
});

function cookieName(fallback: string) {
  return z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, _ and - only (1-40)')
      .default(fallback),
  );
}

/** The environment as the schema parses it. */
export type Env = z.output<typeof envSchema>;

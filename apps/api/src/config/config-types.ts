/** The validated configuration loadConfig (env.ts) builds, as the app takes it. */
export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  prefix: string;
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute path of the data folder (PGlite files). */
  dataDir: string;
  /** Absolute path of the local file storage's folder (evaluation photos). */
  uploadsDir: string;
  /** null: uploads live in uploadsDir. */
  s3: S3Config | null;
  /** Address search: the offline gazetteer, or a Nominatim-compatible server (its base URL). */
  geocoding: { provider: 'gazetteer' } | { provider: 'nominatim'; url: string };
  /** Set → real PostgreSQL through a pg pool; unset → embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Server processes (node:cluster); 1: this process serves. */
  workers: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  imageHost: string;
  publicUrl: string;
  /** Absolute path of the built web app. */
  webDist: string;
  /** Seed the demo brand into an empty database at start-up (server.ts). */
  demoSeed: boolean;
  /** Fastify's trustProxy: false, a hop count, or the trusted proxies' addresses and CIDRs. */
  trustProxy: false | number | string[];
  /** Absolute path of the API's static images. */
  imagesDir: string;
  /** Unset (allowed except in production): the app keeps one in DATA_DIR (tests: random). */
  authSecret: string | undefined;
  /** Cookie names (the spec's configurable keys). Customer names get `_<brandId>` appended
   * (docs/adr/0021-per-brand-customer-cookies.md). */
  cookies: { customerAccess: string; customerRefresh: string; staffAccess: string; staffRefresh: string };
  sms: {
    provider: 'log' | 'twilio' | 'taqnyat';
    twilio: { accountSid: string; authToken: string; from: string; apiUrl: string } | null;
    taqnyat: { bearerToken: string; sender: string; apiUrl: string } | null;
    outboxVisible: boolean;
    relayIntervalMs: number;
  };
  otpSendsPerIpPerHour: number;
  otpSendGapMs: number;
  /** Free wrong codes / wrong staff passwords per client address per hour before the growing delays. */
  signInFailuresPerIpPerHour: number;
  kitchen: { relayIntervalMs: number };
  /** Foodics: null when neither FOODICS_ACCESS_TOKEN nor FOODICS_CLIENT_ID is set (orders go to the log). */
  foodics: {
    /** The server-wide token (a personal token): brands connected without OAuth tokens use it. */
    accessToken: string | null;
    /** OAuth 2 (owners connect from the console): null when FOODICS_CLIENT_ID is not set. */
    oauth: { clientId: string; clientSecret: string; redirectUri: string; consoleUrl: string; tokenKey: Buffer } | null;
    apiUrl: string;
    timeoutMs: number;
    maxAttempts: number;
    relayIntervalMs: number;
    pollEveryMs: number;
    pendingAlertMs: number;
  } | null;
  payments: PaymentsConfig;
  loyalty: { pointsExpiryIntervalMs: number };
  reports: { rollupIntervalMs: number };
  mail: MailConfig;
}

/**
 * E-mail (docs/adr/0620): `smtp` a configured server, `catcher` the in-process catcher (development, tests),
 * `off` nothing is sent (production without SMTP): receipts and invitations say so.
 */
export interface MailConfig {
  mode: 'smtp' | 'catcher' | 'off';
  /** nodemailer's transport options for `smtp`; null otherwise. */
  smtp:
    | { url: string }
    | { host: string; port: number; secure: boolean; user: string | null; pass: string | null }
    | null;
  catcherPort: number;
  from: string;
  relayIntervalMs: number;
  timeoutMs: number;
}

export interface PaymentsConfig {
  provider: 'test' | 'moyasar';
  timeoutMs: number;
  /** Unpaid card orders expire this long after placement. */
  cardPaymentTimeoutMs: number;
  cardPaymentSweepIntervalMs: number;
  moyasar: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string } | null;
  /** The built-in gateway's settings (mounted at /test-gateway when it is the provider). */
  testGateway: {
    secretKey: string;
    webhookSecret: string;
    /** Base of its API as our server calls it (…/test-gateway); null = this process over loopback, at the port it listens on. */
    apiUrl: string | null;
    /** Base of its pages as a browser reaches them (PUBLIC_URL/test-gateway). */
    publicUrl: string;
    /** Where its webhooks go; null = this process's /api/payments/webhooks/test/ over loopback. */
    webhookUrl: string | null;
    webhookIntervalMs: number;
    holdMs: number;
  };
}

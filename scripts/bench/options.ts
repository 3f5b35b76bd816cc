// `npm run bench`'s flags and targets, read once from the command line (see scripts/bench.ts for the flags).
export const argv = process.argv.slice(2);
export const args = new Set(argv);
export const onlyLighthouse = args.has('--only-lighthouse');
export const onlyAt = argv.indexOf('--only');
export const onlySection =
  argv.find((a) => a.startsWith('--only='))?.slice(7) ?? (onlyAt >= 0 ? argv[onlyAt + 1] : undefined);
if (args.has('--only') || onlySection !== undefined) {
  if (
    onlySection !== 'orders' &&
    onlySection !== 'payments' &&
    onlySection !== 'web' &&
    onlySection !== 'loyalty' &&
    onlySection !== 'engagement' &&
    onlySection !== 'console' &&
    onlySection !== 'sms' &&
    onlySection !== 'foodics' &&
    onlySection !== 'customers' &&
    onlySection !== 'reports'
  ) {
    console.error(
      `[bench] --only takes "orders", "payments", "loyalty", "engagement", "console", "sms", "foodics", "customers", "reports" or "web" (got ${onlySection ?? 'nothing'})`,
    );
    process.exit(2);
  }
}
export const onlyOrders = onlySection === 'orders';
export const onlyPayments = onlySection === 'payments';
export const onlyWeb = onlySection === 'web';
export const onlyLoyalty = onlySection === 'loyalty';
export const onlyEngagement = onlySection === 'engagement';
export const onlyConsole = onlySection === 'console';
export const onlySms = onlySection === 'sms';
export const onlyFoodics = onlySection === 'foodics';
export const onlyCustomers = onlySection === 'customers';
export const onlyReports = onlySection === 'reports';
export const withPostgres =
  (!args.has('--no-postgres') && !onlyLighthouse && !onlyWeb) ||
  onlyOrders ||
  onlyPayments ||
  onlyLoyalty ||
  onlyEngagement ||
  onlyConsole ||
  onlySms ||
  onlyFoodics ||
  onlyCustomers ||
  onlyReports;
export const withLighthouse = !args.has('--no-lighthouse');
export const flagValue = (name: string) => [...args].find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
export const lighthouseRuns = Number(flagValue('runs') ?? 3);
export const reportDir = flagValue('reports');
export const cpuProfileDir = flagValue('cpu-prof');
export const pgStats = args.has('--pg-stats');
export const MAIN_QR = '3f2b8c1e-7a4d-4e8b-9c2a-1d5e6f7a8b9c';

export const TARGETS = {
  menuRatio: 0.5,
  /** Issue 14: the menu route's initial JavaScript (gzip), where the best open-source QR menu measured ships 108. */
  menuJsKb: 100,
  /** Issue 25: the staff app's initial JavaScript (gzip), its one lazy entry (docs/adr/0340-staff-app-lazy-area.md). */
  staffAppJsKb: 185,
  cssKb: 20,
  lighthouseDefault: 98,
  /** The default series' median LCP, besides its score (issue 14). */
  lighthouseLcpMs: 1800,
  lighthouseSlow: 90,
  ordersPerSecond: 1000,
  ordersP99Ms: 150,
  routeChunkKb: 50,
  cardEndToEndMs: 3000,
  cardAddedP99Ms: 20,
};
/**
 * The API's PostgreSQL pool in the order run (the server's DATABASE_POOL_SIZE); --orders-pool=N to try others.
 * With group commit a branch's writes hold one connection between them, not one each while they wait for its
 * counter lock (which made 30 the best of 10 / 20 / 30 / 50 before, session 3), and fewer database processes
 * competing for the 2 CPUs is faster: 10 gave 733 orders/s where 30 gave 674 (session 7, one run each).
 */
export const ORDERS_POOL_SIZE = flagValue('orders-pool') ?? '10';

import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { superviseWorkers } from './cluster.ts';
import { type Config, ConfigError, loadConfig } from './config/env.ts';
import { createDatabase } from './db/client.ts';
import { migrate, STARTUP_LOCK_KEY } from './db/migrate.ts';
import { DEMO_STAFF } from './db/seed/demo-brand.ts';
import { findCustomerQrUuid } from './db/seed/demo-qr.ts';
import { seedDemo } from './db/seed/seed.ts';

/**
 * Starts the server: config → database → migrate → seed the demo when empty (DEMO_SEED) → listen; stops on SIGINT/SIGTERM.
 * With API_WORKERS > 1 this process only supervises that many servers (cluster.ts), each of which runs this.
 */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (config.workers > 1 && cluster.isPrimary) {
    superviseWorkers(config);
    return;
  }

  const database = await createDatabase(config);
  await database.withLock(STARTUP_LOCK_KEY, async () => {
    await migrate(database);
    // The demo's staff passwords are published: production seeds it only when DEMO_SEED says so.
    if (config.demoSeed) await seedDemo(database.db);
  });

  const app = await buildApp(config, { database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // With several workers the first prints the welcome (links, demo accounts); a replacement stays quiet.
  if (cluster.isWorker && cluster.worker?.id !== 1) return;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = config.publicUrl.startsWith('http://localhost:') ? `http://localhost:${port}` : config.publicUrl;
  const uuid = await findCustomerQrUuid(database.db);
  console.log('');
  const processes = config.workers > 1 ? `, ${config.workers} server processes` : '';
  console.log(
    `Sufra is running (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}${processes})`,
  );
  if (uuid) console.log(`Customer app: ${base}/qr/${uuid}`);
  console.log(`Staff app: ${base}/staff`);
  if (config.demoSeed) {
    for (const person of DEMO_STAFF) console.log(`  ${person.role.padEnd(8)} ${person.email}  /  ${person.password}`);
  }
  if (config.sms.outboxVisible) console.log('  (verification codes: the SMS outbox in the staff app, or this log)');
  console.log(`API docs: ${base}/api/docs`);
  if (app.mailCatcher)
    console.log(`E-mail: caught locally (SMTP port ${app.mailCatcher.port()}), read at ${base}/api/dev/mail`);
  else if (config.mail.mode === 'off')
    console.log('E-mail: off (no SMTP_URL or SMTP_HOST): receipts and invitations are not e-mailed');
  console.log('');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

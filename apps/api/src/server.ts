import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { createDatabase } from './db/client.ts';
import { migrate, STARTUP_LOCK_KEY } from './db/migrate.ts';
import { DEMO_STAFF } from './db/seed/demo-brand.ts';
import { findCustomerQrUuid } from './db/seed/demo-qr.ts';
import { seedDemo } from './db/seed/seed.ts';

/** Starts the server: config → database → migrate → seed the demo when empty → listen; stops on SIGINT/SIGTERM. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await createDatabase(config);
  await database.withLock(STARTUP_LOCK_KEY, async () => {
    await migrate(database);
    await seedDemo(database.db);
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
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = config.publicUrl.startsWith('http://localhost:') ? `http://localhost:${port}` : config.publicUrl;
  const uuid = await findCustomerQrUuid(database.db);
  console.log('');
  console.log(`Sufra is running (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`);
  if (uuid) console.log(`Customer app: ${base}/qr/${uuid}`);
  console.log(`Staff app: ${base}/staff`);
  for (const person of DEMO_STAFF) console.log(`  ${person.role.padEnd(8)} ${person.email}  /  ${person.password}`);
  if (config.sms.outboxVisible) console.log('  (verification codes: the SMS outbox in the staff app, or this log)');
  console.log(`API docs: ${base}/api/docs`);
  console.log('');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

// The Moyasar journeys' server: the fake Moyasar in this process, and support/serve.ts (the real API on a fresh
// PGlite folder) as a child with PAYMENT_PROVIDER=moyasar pointed at it. Stopped by Playwright's SIGTERM.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeMoyasar } from '../../apps/api/test/fake-moyasar.ts';
import { MOYASAR_E2E, moyasarBaseURL } from './moyasar.ts';

const here = dirname(fileURLToPath(import.meta.url));

const fake = await startFakeMoyasar({
  secretKey: MOYASAR_E2E.secretKey,
  publishableKey: MOYASAR_E2E.publishableKey,
  webhookSecret: MOYASAR_E2E.webhookSecret,
  webhookUrl: `${moyasarBaseURL}/api/payments/webhooks/moyasar/`,
  port: MOYASAR_E2E.fakePort,
});

const server = spawn(process.execPath, [join(here, 'serve.ts')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(MOYASAR_E2E.port),
    PUBLIC_URL: moyasarBaseURL,
    PAYMENT_PROVIDER: 'moyasar',
    MOYASAR_API_URL: fake.url,
    MOYASAR_SECRET_KEY: MOYASAR_E2E.secretKey,
    MOYASAR_PUBLISHABLE_KEY: MOYASAR_E2E.publishableKey,
    MOYASAR_WEBHOOK_SECRET: MOYASAR_E2E.webhookSecret,
  },
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code) => {
  void fake.close().finally(() => process.exit(code ?? 0));
});

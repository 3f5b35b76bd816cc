// The Foodics and e-mail journeys' server: in this process the fake Foodics, a mail catcher (SMTP) and a control
// server for the journeys; support/serve.ts (the real API on a fresh PGlite folder) as a child pointed at both, in
// production mode (mail over SMTP, as production sends it). Stopped by Playwright's SIGTERM.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_FOODICS } from '../../apps/api/src/db/seed/seed-foodics.ts';
import { createMailCatcher } from '../../apps/api/src/providers/mail/mail-catcher.ts';
import { type FakeFoodicsAction, startFakeFoodics } from '../../apps/api/test/fake-foodics.ts';
import { FOODICS_E2E, foodicsBaseURL } from './foodics.ts';

const here = dirname(fileURLToPath(import.meta.url));

const catcher = createMailCatcher({ port: 0, now: () => new Date() });
const smtpPort = await catcher.start();
const fake = await startFakeFoodics({
  token: FOODICS_E2E.token,
  business: { reference: DEMO_FOODICS.businessReference, name: 'Sufra Kitchen' },
  catalogue: { branches: [], products: [], acceptPrefix: DEMO_FOODICS.idPrefix },
  webhookUrl: `${foodicsBaseURL}/api/foodics/webhooks/${DEMO_FOODICS.webhookSecret}`,
});

const ACTIONS: readonly FakeFoodicsAction[] = ['accept', 'decline', 'ready', 'close', 'void'];
/** GET /mail; GET /orders/{our reference}; POST /orders/{our reference}/{action} {reason?}. */
const controlServer = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const path = new URL(req.url ?? '/', 'http://control').pathname;
    if (req.method === 'GET' && path === '/mail') return answer(200, { messages: catcher.list() });
    const match = /^\/orders\/(sufra-order-\d+)(?:\/([a-z]+))?$/.exec(path);
    const made = match ? fake.ordersFor(match[1] ?? '') : [];
    const order = made[0];
    if (!match || !order) return answer(404, { message: 'Not found.' });
    if (made.length > 1) return answer(409, { message: `created ${made.length} times` });
    if (req.method === 'GET' && !match[2]) return answer(200, { data: order });
    const action = match[2] as FakeFoodicsAction;
    if (req.method !== 'POST' || !ACTIONS.includes(action)) return answer(404, { message: 'Not found.' });
    const text = Buffer.concat(chunks).toString('utf8');
    const reason = text ? (JSON.parse(text) as { reason?: string }).reason : undefined;
    fake
      .act(order.id, action, reason ? { reason } : {})
      .then((acted) => answer(200, { data: acted }))
      .catch(() => answer(500, { message: 'failed' }));
  });
});
await new Promise<void>((resolve) => controlServer.listen(FOODICS_E2E.controlPort, '127.0.0.1', resolve));

const server = spawn(process.execPath, [join(here, 'serve.ts')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(FOODICS_E2E.port),
    PUBLIC_URL: foodicsBaseURL,
    FOODICS_ACCESS_TOKEN: FOODICS_E2E.token,
    FOODICS_API_URL: fake.url,
    // Webhooks carry every status; the poll is the fallback and stays out of the way here.
    FOODICS_POLL_EVERY_MS: '600000',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    SMTP_SECURE: 'false',
    MAIL_FROM: 'Sufra Kitchen <receipts@sufra.test>',
  },
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code) => {
  controlServer.close();
  void Promise.all([fake.close(), catcher.close()]).finally(() => process.exit(code ?? 0));
});

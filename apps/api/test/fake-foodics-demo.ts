import { demoBrand } from '../src/db/seed/demo-brand.ts';
import { DEMO_FOODICS } from '../src/db/seed/seed-foodics.ts';
import { startFakeFoodics } from './fake-foodics.ts';
import { demoFoodicsMenu } from './fake-foodics-menu-demo.ts';

/**
 * The fake Foodics for the demo (`npm run fake:foodics -w @sufra/api`): the demo business, its `demo-…` ids, a
 * cashier who accepts each order after FAKE_FOODICS_ACCEPT_MS (default 5 s), webhooks to the local app. Start the
 * app with FOODICS_ACCESS_TOKEN=demo-foodics-token FOODICS_API_URL=http://127.0.0.1:5780/v5. Move an order on:
 * curl -X POST http://127.0.0.1:5780/__control/orders/<foodics id>/ready (accept, decline, ready, dispatch, deliver,
 * close, void, return). OAuth for the console's "Connect to Foodics": also set FOODICS_CLIENT_ID=sufra-demo-client
 * FOODICS_CLIENT_SECRET=sufra-demo-secret FOODICS_CONSOLE_URL=http://127.0.0.1:5780 and a FOODICS_TOKEN_KEY (the fake
 * approves at once and sends the owner back). The menu endpoints serve the demo brand's menu (fake-foodics-menu-demo.ts).
 */
const port = Number(process.env.FAKE_FOODICS_PORT ?? 5780);
const app = process.env.FAKE_FOODICS_APP_URL ?? 'http://127.0.0.1:3000';
const fake = await startFakeFoodics({
  token: process.env.FAKE_FOODICS_TOKEN ?? 'demo-foodics-token',
  business: { reference: DEMO_FOODICS.businessReference, name: 'Sufra Kitchen' },
  catalogue: { branches: [], products: [], acceptPrefix: DEMO_FOODICS.idPrefix },
  webhookUrl: `${app}/api/foodics/webhooks/${DEMO_FOODICS.webhookSecret}`,
  autoAcceptMs: Number(process.env.FAKE_FOODICS_ACCEPT_MS ?? 5000),
  oauth: { clientId: 'sufra-demo-client', clientSecret: 'sufra-demo-secret' },
  // The console's "Import the menu from Foodics" reads this (the demo brand's own menu, docs/adr/0680).
  menu: demoFoodicsMenu(demoBrand),
  port,
});
console.log(`Fake Foodics: ${fake.url} (webhooks to ${app})`);

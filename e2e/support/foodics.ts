/**
 * The Foodics and e-mail journeys' server (support/serve-foodics.ts): a third API process on its own port, the demo
 * brand's integrated branch (King Fahd Road) handed to a fake Foodics (apps/api/test/fake-foodics.ts) whose cashier
 * the journeys drive, and mail sent over real SMTP (production's path) to a catcher beside it. The journeys reach the
 * fake's cashier and the caught mail through a small control server (base port + 4). The rest of the suite keeps
 * its servers: no Foodics, mail off.
 */
import { expect } from '@playwright/test';

const basePort = Number(process.env.E2E_PORT ?? 3210);

export const FOODICS_E2E = {
  /** Our API and web app, with Foodics and mail on. */
  port: Number(process.env.E2E_FOODICS_PORT ?? basePort + 3),
  /** The control server: the fake's cashier and the mail catcher's list. */
  controlPort: Number(process.env.E2E_FOODICS_CONTROL_PORT ?? basePort + 4),
  token: 'e2e-only-fake-foodics-token',
} as const;

export const foodicsBaseURL = `http://127.0.0.1:${FOODICS_E2E.port}`;
const control = `http://127.0.0.1:${FOODICS_E2E.controlPort}`;

/** The demo's integrated branch's QR (apps/api/src/db/seed/demo-brand/branches.ts, King Fahd Road). */
export const INTEGRATED_QR = 'fe232cd9-8d37-485a-b5dd-748776d692ac';

export type CashierAction = 'accept' | 'decline' | 'ready' | 'close' | 'void';

export interface FakeFoodicsOrderSeen {
  id: string;
  status: number;
  type: number;
  branch: { id: string };
  delete_reason?: string | null;
}

/** Our order at the fake Foodics (waits until the hand-off made it). */
export async function foodicsOrderOf(orderId: number): Promise<FakeFoodicsOrderSeen> {
  let found: FakeFoodicsOrderSeen | undefined;
  await expect(async () => {
    const res = await fetch(`${control}/orders/sufra-order-${orderId}`);
    expect(res.status, `order ${orderId} at the fake Foodics`).toBe(200);
    found = ((await res.json()) as { data: FakeFoodicsOrderSeen }).data;
  }).toPass({ timeout: 15_000 });
  if (!found) throw new Error('unreachable');
  return found;
}

/** The cashier's move at Foodics (the fake stamps the order and sends its webhook to our API). */
export async function cashier(orderId: number, action: CashierAction, reason?: string) {
  const res = await fetch(`${control}/orders/sufra-order-${orderId}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(reason ? { reason } : {}),
  });
  expect(res.status, `${action} at the fake Foodics`).toBe(200);
  return ((await res.json()) as { data: FakeFoodicsOrderSeen }).data;
}

export interface CaughtMailSeen {
  id: number;
  to: string[];
  subject: string;
  text: string;
  language: string | null;
}

/** What the mail catcher received, newest first. */
export async function caughtMail(): Promise<CaughtMailSeen[]> {
  const res = await fetch(`${control}/mail`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: CaughtMailSeen[] }).messages;
}

/**
 * A diner who owns rewards, set up through the real API: signed in by the OTP flow, given points by the demo manager
 * (`POST /api/staff/customers/{id}/points/`), rewards bought in the points shop; and a reward's QR code as a picture,
 * as the diner's screen would show it, for the cashier's "photo of the code" path.
 */
import { type APIRequestContext, type Browser, expect, request as playwrightRequest } from '@playwright/test';
import encodeQR from 'qr';
import type {
  MyRewardsResponse,
  OwnedReward,
  RewardQrResponse,
  ShopResponse,
} from '../../packages/shared/src/schemas/loyalty.ts';
import { signInByOtp } from './accounts.ts';
import { staffApi } from './staff-api.ts';
import { QR } from './sufra.ts';

export interface RewardDiner {
  request: APIRequestContext;
  name: string;
  phone: { national: string; e164: string };
  customerId: number;
  brandId: number;
}

export async function dinerWithPoints(baseURL: string, points: number): Promise<RewardDiner> {
  const request = await playwrightRequest.newContext({ baseURL });
  const name = `Diner ${Math.random().toString(36).slice(2, 7)}`;
  const { phone, brandId } = await signInByOtp(request, baseURL, name);
  const me = await request.get(`/api/customers/${QR.main}/me/`);
  expect(me.ok(), `GET me → ${me.status()}`).toBeTruthy();
  const { id: customerId } = (await me.json()) as { id: number };
  const manager = await staffApi(baseURL, 'manager');
  const given = await manager.post(`/api/staff/customers/${customerId}/points/`, {
    data: { points, reason: 'Journey credit for a reward' },
  });
  expect(given.ok(), `POST points → ${given.status()} ${await given.text()}`).toBeTruthy();
  return { request, name, phone, customerId, brandId };
}

/** Buys the points shop's reward named `nameEn` (the demo shop, apps/api/src/db/seed/demo-brand.ts). */
export async function buyReward(diner: RewardDiner, nameEn: string): Promise<OwnedReward> {
  const shop = (await (await diner.request.get(`/api/loyalty/${QR.main}/shop/`)).json()) as ShopResponse;
  const reward = shop.rewards.find((r) => r.name.en === nameEn);
  if (!reward) throw new Error(`no "${nameEn}" in the points shop`);
  const bought = await diner.request.post(`/api/loyalty/${QR.main}/shop/${reward.id}/buy/`);
  expect(bought.ok(), `POST buy → ${bought.status()} ${await bought.text()}`).toBeTruthy();
  return ((await bought.json()) as { owned: OwnedReward }).owned;
}

/** The reward's current QR token, as My Rewards shows it (`GET …/me/rewards/{id}/qr/`). */
export async function rewardQrToken(diner: RewardDiner, ownedId: number): Promise<string> {
  const response = await diner.request.get(`/api/loyalty/${QR.main}/me/rewards/${ownedId}/qr/`);
  expect(response.ok(), `GET qr → ${response.status()}`).toBeTruthy();
  return ((await response.json()) as RewardQrResponse).token;
}

export async function ownedReward(diner: RewardDiner, ownedId: number): Promise<OwnedReward | undefined> {
  const response = await diner.request.get(`/api/loyalty/${QR.main}/me/rewards/`);
  return ((await response.json()) as MyRewardsResponse).rewards.find((r) => r.id === ownedId);
}

/**
 * `text` as a QR code in a PNG, as Chromium paints it on a screen (the qr package's SVG, scaled up, on white): what a
 * cashier's photo or screenshot of the diner's phone holds.
 */
export async function qrPicture(browser: Browser, text: string): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 480, height: 480 } });
  try {
    const svg = encodeQR(text, 'svg', { border: 4 });
    await page.setContent(
      `<!doctype html><body style="margin:0;background:#fff"><div id="code" style="width:400px;padding:16px;background:#fff">${svg.replace('<svg', '<svg style="display:block;width:100%;height:auto"')}</div></body>`,
    );
    return await page.locator('#code').screenshot();
  } finally {
    await page.close();
  }
}

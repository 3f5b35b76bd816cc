import { qrDataResponse } from '@sufra/shared/schemas/establishment';
import { menuResponse } from '@sufra/shared/schemas/menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COUNTER_QR, DEMO_INACTIVE_QR, demoBrand } from '../src/db/seed/demo-brand.ts';
import { findCustomerQrUuid } from '../src/db/seed/demo-qr.ts';
import { LARGE_BRAND_QR } from '../src/db/seed/large-brand.ts';
import { DEACTIVATED_BRAND_QR, SECOND_BRAND_QR } from '../src/db/seed/second-brand.ts';
import { seedBrand, seedDemo, seedLarge } from '../src/db/seed/seed.ts';
import { brandA } from './fixture-brands.ts';
import { createTestApp, type TestApp } from './test-app.ts';

describe('seeding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ brands: [] });
  });
  afterAll(() => t.close());

  it('seeds the demo brands into an empty database, once', async () => {
    const first = await seedDemo(t.db);
    expect(first.map((b) => b.slug)).toHaveLength(3);
    expect(await seedDemo(t.db)).toEqual([]);
  });

  it('makes the demo QR codes work end to end', async () => {
    const res = await t.app.inject(`/api/restaurant/qr/${DEMO_COUNTER_QR}/data/`);
    expect(res.statusCode).toBe(200);
    expect(qrDataResponse.parse(res.json()).brand.slug).toBe(demoBrand.slug);
    const menu = await t.app.inject(`/api/menu/qr/${DEMO_COUNTER_QR}/`);
    expect(menuResponse.parse(menu.json()).items.length).toBeGreaterThan(0);
    expect((await t.app.inject(`/api/restaurant/qr/${SECOND_BRAND_QR}/data/`)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/restaurant/qr/${DEACTIVATED_BRAND_QR}/data/`)).statusCode).toBe(403);
    expect((await t.app.inject(`/api/restaurant/qr/${DEMO_INACTIVE_QR}/data/`)).statusCode).toBe(410);
  });

  it("shows a demo diner's referral in use: their code's landing, and friends in three statuses", async () => {
    const landing = await t.app.inject('/api/referral/codes/sufra226/');
    expect(landing.statusCode, landing.body).toBe(200);
    expect(landing.json()).toMatchObject({ code: 'SUFRA226', qrUuid: expect.any(String) });
    const leads = await t.database.query<{ status: string }>(
      "select l.status from referral_leads l join referral_codes c on c.customer_id = l.referrer_id where c.code = 'SUFRA226' order by l.created_at",
    );
    expect(leads.map((l) => l.status)).toEqual(['converted', 'joined', 'pending']);
  });

  it("starts the demo brand's apologies on its apology reward, not on the first prize", async () => {
    const rows = await t.database.query<{ name: string; first: string }>(
      `select r.name_en as name,
         (select name_en from rewards p where p.brand_id = f.brand_id and p.shop = 'prize' and p.is_active
          order by p.position, p.id limit 1) as first
       from evaluation_forms f join rewards r on r.id = f.apology_reward_id
       join brands b on b.id = f.brand_id where b.slug = $1`,
      [demoBrand.slug],
    );
    expect(rows).toEqual([{ name: 'Apology: SAR 20 off', first: expect.not.stringMatching(/^Apology/) }]);
  });

  it("prints the demo brand's main counter QR code at start-up", async () => {
    expect(await findCustomerQrUuid(t.db)).toBe(DEMO_COUNTER_QR);
  });

  it('seeds a brand in one transaction: bad data leaves nothing behind', async () => {
    const broken = { ...brandA, slug: 'broken', items: [{ ...brandA.items[0], category: 'nope' }] } as typeof brandA;
    await expect(seedBrand(t.db, broken)).rejects.toThrow(/unknown category "nope"/);
    const rows = await t.database.query<{ n: number }>("select count(*)::int as n from brands where slug = 'broken'");
    expect(rows[0]?.n).toBe(0);
  });

  it('seeds the 1,500-item benchmark brand and serves its menu', async () => {
    const started = performance.now();
    const seeded = await seedLarge(t.db, 1500);
    const ms = Math.round(performance.now() - started);
    console.log(`large brand seeded in ${ms} ms`); // timing is reported, never asserted (DESIGN §11)
    expect(seeded).toHaveLength(1);
    const menu = await t.app.inject(`/api/menu/qr/${LARGE_BRAND_QR}/`);
    expect(menu.statusCode).toBe(200);
    expect(menuResponse.parse(menu.json()).items.length).toBeGreaterThan(1000);
  }, 120_000);
});

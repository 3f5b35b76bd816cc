import type { FoodicsMapping, FoodicsMenuImportSummary } from '@sufra/shared/schemas/foodics-menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/accounts.ts';
import { type FakeFoodics, startFakeFoodics } from '../../../test/fake-foodics.ts';
import { demoFoodicsMenu } from '../../../test/fake-foodics-menu-demo.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { demoBrand } from '../../db/seed/demo-brand.ts';
import { seedDemo } from '../../db/seed/seed.ts';
import { DEMO_FOODICS } from '../../db/seed/seed-foodics.ts';

/**
 * The demo's fake Foodics serves the demo brand's own menu (docs/adr/0680): importing it into the seeded demo
 * creates no item, category, modifier or option (all found by the seed's Foodics ids or adopted by name), and a
 * second import changes nothing; its branches are the ones the seed maps.
 */
describe('the demo Foodics menu matches the seed', () => {
  let t: TestApp;
  let fake: FakeFoodics;

  beforeAll(async () => {
    fake = await startFakeFoodics({
      token: 'demo-foodics-token',
      business: { reference: DEMO_FOODICS.businessReference, name: 'Sufra Kitchen' },
      catalogue: { branches: [], products: [], acceptPrefix: DEMO_FOODICS.idPrefix },
      menu: demoFoodicsMenu(demoBrand),
    });
    t = await createTestApp({
      brands: [],
      env: {
        FOODICS_ACCESS_TOKEN: 'demo-foodics-token',
        FOODICS_API_URL: fake.url,
        FOODICS_RELAY_INTERVAL_MS: '0',
        KITCHEN_RELAY_INTERVAL_MS: '0',
      },
    });
    await seedDemo(t.db);
    // Seeding the whole demo takes ~20 s on a quiet machine; the default hook timeout is 60 s.
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('imports into the seeded demo without a duplicate, then changes nothing', async () => {
    const owner = caller(t);
    expect(
      (await owner.call('POST', '/api/staff/auth/login/', { email: 'owner@sufra.demo', password: 'owner-demo-2026' }))
        .statusCode,
    ).toBe(200);
    const items = await t.database.query<{ n: number }>('select count(*)::int as n from menu_items');
    const first = await owner.call('POST', '/api/staff/manage/foodics/menu-import/');
    expect(first.statusCode, first.body).toBe(200);
    const summary = first.json() as FoodicsMenuImportSummary;
    for (const kind of ['categories', 'products', 'modifiers', 'modifierOptions', 'combos'] as const)
      expect(summary.counts[kind].created, kind).toBe(0);
    expect(summary.counts.products.deactivated).toBe(0);
    expect(summary.skipped).toBe(0);
    expect(await t.database.query<{ n: number }>('select count(*)::int as n from menu_items')).toEqual(items);
    const again = (
      await owner.call('POST', '/api/staff/manage/foodics/menu-import/')
    ).json() as FoodicsMenuImportSummary;
    for (const counts of Object.values(again.counts))
      expect(counts).toEqual({ created: 0, updated: 0, deactivated: 0 });
    // The integrated branches the seed maps are Foodics' branches of the same name.
    const mapping = (await owner.call('GET', '/api/staff/manage/foodics/mapping/')).json() as FoodicsMapping;
    const mapped = mapping.local.filter((l) => l.kind === 'branch' && l.foodicsId !== null);
    expect(mapped.length).toBeGreaterThan(0);
    for (const b of mapped) expect(b.foodicsName).toContain(b.name.en);
    const ours = mapping.local.filter((l) => l.kind === 'product' || l.kind === 'combo_size');
    expect(ours.filter((l) => l.foodicsId === null)).toEqual([]);
    // Every table of an integrated (mapped) branch is mapped too; the other branches' tables are listed, unmapped.
    const integrated = new Set(mapped.map((b) => b.id));
    const tables = mapping.local.filter((l) => l.kind === 'table');
    expect(tables.some((l) => integrated.has(l.branchId ?? 0))).toBe(true);
    expect(tables.filter((l) => integrated.has(l.branchId ?? 0) && l.foodicsId === null)).toEqual([]);
  }, 60_000);
});

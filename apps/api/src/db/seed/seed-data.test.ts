import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { qrUuid } from '@sufra/shared/schemas/common';
import { SERVICES } from '@sufra/shared/services';
import { describe, expect, it } from 'vitest';
import { DEMO_COUNTER_QR, DEMO_INACTIVE_QR, DEMO_TABLE_1_QR, demoBrand } from './demo-brand.ts';
import { LARGE_BRAND_QR, largeBrand } from './large-brand.ts';
import { DEACTIVATED_BRAND_QR, deactivatedBrand, SECOND_BRAND_QR, secondBrand } from './second-brand.ts';
import type { SeedBranch, SeedBrand, SeedItem } from './seed-types.ts';

const ASSETS = join(import.meta.dirname, '..', '..', '..', 'assets');
const URL_SAFE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A span may close at 24:00, the end of its day. */
const CLOSES = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const ARABIC = /[\u0600-\u06FF]/;

const large = largeBrand();
const brands: SeedBrand[] = [demoBrand, secondBrand, deactivatedBrand, large];

const allItems = (brand: SeedBrand): SeedItem[] => [...brand.items, ...brand.combos.map((combo) => combo.item)];
const duplicates = (values: string[]): string[] => values.filter((value, i) => values.indexOf(value) !== i);
const branchByKey = (brand: SeedBrand, key: string): SeedBranch => {
  const branch = brand.branches.find((b) => b.key === key);
  if (!branch) throw new Error(`no branch ${key} in ${brand.slug}`);
  return branch;
};

/** Ray casting on the outer ring: enough for the small convex-ish zones in the seed. */
const insideRing = (lng: number, lat: number, ring: number[][]): boolean => {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};

const imagesOf = (brand: SeedBrand): string[] =>
  [
    brand.logo,
    brand.cover,
    ...brand.categories.map((c) => c.image),
    ...allItems(brand).map((i) => i.image),
    brand.popup?.backgroundImage ?? null,
    ...brand.slides.map((s) => s.image),
  ].filter((image): image is string => image !== null);

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

describe.each(brands.map((brand) => [brand.slug, brand] as const))('seed brand %s', (_, brand) => {
  const items = allItems(brand);
  const itemKeys = new Set(items.map((i) => i.key));
  const plainItemKeys = new Set(brand.items.map((i) => i.key));

  it('has unique keys for categories, items, modifier groups and branches', () => {
    expect(duplicates(brand.categories.map((c) => c.key))).toEqual([]);
    expect(duplicates(items.map((i) => i.key))).toEqual([]);
    expect(duplicates(brand.modifierGroups.map((g) => g.key))).toEqual([]);
    expect(duplicates(brand.branches.map((b) => b.key))).toEqual([]);
  });

  it('gives every item a URL-safe slug that is unique in the brand', () => {
    expect(brand.slug).toMatch(URL_SAFE_SLUG);
    for (const item of items) expect(item.slug, item.key).toMatch(URL_SAFE_SLUG);
    expect(duplicates(items.map((i) => i.slug))).toEqual([]);
  });

  it('only refers to categories and modifier groups that exist', () => {
    const categoryKeys = new Set(brand.categories.map((c) => c.key));
    const groupKeys = new Set(brand.modifierGroups.map((g) => g.key));
    for (const item of items) {
      expect(categoryKeys.has(item.category), `${item.key} → ${item.category}`).toBe(true);
      for (const group of item.modifierGroups) expect(groupKeys.has(group), `${item.key} → ${group}`).toBe(true);
      expect(duplicates(item.modifierGroups), item.key).toEqual([]);
    }
  });

  it('keeps money in whole halalas and calories and tax rates in range', () => {
    for (const item of items) {
      expect(Number.isInteger(item.priceHalalas) && item.priceHalalas > 0, item.key).toBe(true);
      if (item.calories !== null) expect(Number.isInteger(item.calories) && item.calories >= 0, item.key).toBe(true);
      if (item.taxRateBasisPoints !== null) {
        expect(Number.isInteger(item.taxRateBasisPoints), item.key).toBe(true);
        expect(item.taxRateBasisPoints).toBeGreaterThanOrEqual(0);
        expect(item.taxRateBasisPoints).toBeLessThanOrEqual(10_000);
      }
    }
    expect(brand.vatRateBasisPoints).toBe(1500);
  });

  it('has modifier groups whose rules can be met: 0 ≤ min ≤ max ≤ options, min ≤ options on sale', () => {
    for (const group of brand.modifierGroups) {
      expect(group.min, group.key).toBeGreaterThanOrEqual(0);
      expect(group.max, group.key).toBeGreaterThanOrEqual(Math.max(group.min, 1));
      expect(group.max, group.key).toBeLessThanOrEqual(group.options.length);
      const onSale = group.options.filter((o) => o.available !== false).length;
      expect(onSale, group.key).toBeGreaterThanOrEqual(group.min);
      for (const option of group.options)
        expect(Number.isInteger(option.priceHalalas) && option.priceHalalas >= 0).toBe(true);
    }
  });

  it('builds combos from plain items, the first choice of every slot at no extra cost', () => {
    for (const { item, slots } of brand.combos) {
      expect(slots.length, item.key).toBeGreaterThanOrEqual(2);
      expect(slots.length, item.key).toBeLessThanOrEqual(3);
      for (const slot of slots) {
        expect(slot.choices.length, item.key).toBeGreaterThan(0);
        expect(slot.choices[0]?.extraPriceHalalas, item.key).toBe(0);
        expect(duplicates(slot.choices.map((c) => c.item)), item.key).toEqual([]);
        for (const choice of slot.choices) {
          expect(plainItemKeys.has(choice.item), `${item.key} → ${choice.item}`).toBe(true);
          expect(Number.isInteger(choice.extraPriceHalalas) && choice.extraPriceHalalas >= 0).toBe(true);
        }
      }
    }
  });

  it('has exactly one main branch and valid opening hours', () => {
    expect(brand.branches.filter((b) => b.isMain)).toHaveLength(1);
    for (const branch of brand.branches) {
      expect(branch.timeZone).toBe('Asia/Riyadh');
      for (const span of branch.openingHours) {
        expect(span.day >= 0 && span.day <= 6, branch.key).toBe(true);
        expect(span.opens, branch.key).toMatch(HH_MM);
        expect(span.closes, branch.key).toMatch(CLOSES);
        expect(span.opens, `${branch.key} has an empty span`).not.toBe(span.closes);
      }
    }
  });

  it('marks only known items as not sold or sold out, never both at once', () => {
    for (const branch of brand.branches) {
      for (const key of [...branch.itemsNotSold, ...branch.itemsSoldOut]) {
        expect(itemKeys.has(key), `${branch.key} → ${key}`).toBe(true);
      }
      expect(
        branch.itemsNotSold.filter((key) => branch.itemsSoldOut.includes(key)),
        branch.key,
      ).toEqual([]);
      expect(duplicates([...branch.itemsNotSold]), branch.key).toEqual([]);
    }
  });

  it('keeps every combo sold at a branch orderable there: each slot has a choice the branch sells', () => {
    for (const branch of brand.branches) {
      for (const { item, slots } of brand.combos) {
        if (branch.itemsNotSold.includes(item.key)) continue;
        for (const slot of slots) {
          const sold = slot.choices.filter((c) => !branch.itemsNotSold.includes(c.item));
          expect(sold.length, `${branch.key}: ${item.key} / ${slot.name.en}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('has tables, QR codes and payment choices that fit together', () => {
    for (const branch of brand.branches) {
      const tables = branch.tables.map((t) => t.number);
      expect(duplicates(tables), branch.key).toEqual([]);
      for (const qr of branch.qrCodes) {
        if (qr.table !== null) expect(tables, `${branch.key} QR ${qr.uuid}`).toContain(qr.table);
      }
      expect(
        branch.qrCodes.some((qr) => qr.active),
        branch.key,
      ).toBe(true);
      for (const choice of branch.paymentChoices) {
        expect(choice.orderTypes.length).toBeGreaterThan(0);
        for (const type of choice.orderTypes) expect([1, 2, 3]).toContain(type);
      }
      expect(branch.dineInRadiusMeters).toBeGreaterThan(0);
    }
  });

  it('has closed delivery polygons with [lng, lat] pairs around the branch they serve', () => {
    for (const branch of brand.branches) {
      if (branch.deliveryZones.length > 0) expect(branch.orderTypes.delivery, branch.key).toBe(true);
      for (const zone of branch.deliveryZones) {
        expect(zone.geometry.type).toBe('Polygon');
        expect(zone.geometry.coordinates.length, zone.name.en).toBeGreaterThan(0);
        for (const ring of zone.geometry.coordinates) {
          expect(ring.length, zone.name.en).toBeGreaterThanOrEqual(4);
          expect(ring[ring.length - 1], `${zone.name.en} ring is closed`).toEqual(ring[0]);
          for (const point of ring) {
            const [lng = Number.NaN, lat = Number.NaN] = point;
            expect(point).toHaveLength(2);
            // Riyadh and Jeddah: catches [lat, lng] written the wrong way round.
            expect(lng > 34 && lng < 56 && lat > 16 && lat < 33, `${zone.name.en} ${point}`).toBe(true);
          }
        }
        expect(zone.feeHalalas).toBeGreaterThanOrEqual(0);
        expect(zone.minimumOrderHalalas).toBeGreaterThanOrEqual(0);
      }
      if (branch.deliveryZones.length > 0) {
        const served = branch.deliveryZones.some((zone) =>
          insideRing(branch.lng, branch.lat, zone.geometry.coordinates[0] ?? []),
        );
        expect(served, `${branch.key} lies inside one of its zones`).toBe(true);
      }
    }
  });

  it('has every image on disk under apps/api/assets', () => {
    for (const image of new Set(imagesOf(brand))) {
      expect(image, image).toMatch(/^\/images\/[a-z0-9/-]+\.svg$/);
      expect(statSync(join(ASSETS, image), { throwIfNoEntry: false })?.isFile(), image).toBe(true);
    }
  });

  it('names things in both languages', () => {
    const texts = [brand.name, ...brand.categories.map((c) => c.name), ...items.map((i) => i.name)];
    for (const text of texts) {
      expect(text.en.trim(), text.ar).not.toBe('');
      expect(text.ar, text.en).toMatch(ARABIC);
    }
  });

  it('only switches off services that exist', () => {
    for (const service of [...brand.servicesOff, ...brand.branches.flatMap((b) => b.servicesOff)]) {
      expect(SERVICES).toContain(service);
    }
  });
});

describe('seed brands together', () => {
  const qrs = brands.flatMap((brand) => brand.branches.flatMap((branch) => branch.qrCodes.map((qr) => qr.uuid)));

  it('use valid, lower-case v4 QR uuids that the API accepts, each used once', () => {
    for (const uuid of qrs) {
      expect(uuid).toMatch(UUID_V4);
      expect(qrUuid.safeParse(uuid).success, uuid).toBe(true);
    }
    expect(duplicates(qrs)).toEqual([]);
  });

  it('have distinct slugs and hosts', () => {
    expect(duplicates(brands.map((b) => b.slug))).toEqual([]);
    expect(duplicates(brands.flatMap((b) => b.hosts))).toEqual([]);
  });

  it('keep the fixed QR uuids where tests and the README expect them', () => {
    const olaya = demoBrand.branches.find((b) => b.isMain);
    expect(olaya?.qrCodes).toContainEqual({ uuid: DEMO_COUNTER_QR, table: null, active: true });
    expect(olaya?.qrCodes).toContainEqual({ uuid: DEMO_TABLE_1_QR, table: '1', active: true });
    expect(olaya?.qrCodes).toContainEqual({ uuid: DEMO_INACTIVE_QR, table: null, active: false });
    expect(DEMO_COUNTER_QR).toBe('3f2b8c1e-7a4d-4e8b-9c2a-1d5e6f7a8b9c');
    expect(DEMO_TABLE_1_QR).toBe('5a1c9e2d-3b4f-4a6e-8d7c-2e9f1a3b4c5d');
    expect(DEMO_INACTIVE_QR).toBe('9d8c7b6a-5f4e-4d3c-8b2a-1a0f9e8d7c6b');
    expect(secondBrand.branches[0]?.qrCodes[0]?.uuid).toBe('7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918');
    expect(SECOND_BRAND_QR).toBe('7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918');
    expect(deactivatedBrand.branches[0]?.qrCodes[0]?.uuid).toBe('2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901');
    expect(DEACTIVATED_BRAND_QR).toBe('2b3c4d5e-6f70-4182-93a4-b5c6d7e8f901');
    expect(large.branches[0]?.qrCodes[0]?.uuid).toBe('00000000-0000-4000-8000-000000001500');
    expect(LARGE_BRAND_QR).toBe('00000000-0000-4000-8000-000000001500');
  });
});

describe('the demo brand', () => {
  it('has a full menu: 8+ categories, 60+ items, 3+ combos, 6+ modifier groups', () => {
    expect(demoBrand.categories.length).toBeGreaterThanOrEqual(8);
    expect(demoBrand.items.length).toBeGreaterThanOrEqual(60);
    expect(demoBrand.combos.length).toBeGreaterThanOrEqual(3);
    expect(demoBrand.modifierGroups.length).toBeGreaterThanOrEqual(6);
    expect(demoBrand.modifierGroups.flatMap((g) => g.options).some((o) => o.available === false)).toBe(true);
    expect(demoBrand.items.some((i) => i.taxRateBasisPoints !== null)).toBe(true);
    for (const { item } of demoBrand.combos) expect(item.category).toBe('combos');
    for (const item of demoBrand.items) expect(item.category).not.toBe('combos');
  });

  it('is a VAT-inclusive brand with a pop-up, three slides and no service switched off', () => {
    expect(demoBrand.slug).toBe('sufra-kitchen');
    expect(demoBrand.hosts).toEqual(['sufra.localhost']);
    expect(demoBrand.taxMode).toBe('inclusive');
    expect(demoBrand.servicesOff).toEqual([]);
    expect(demoBrand.popup?.redirectUrl).toBe('https://example.com/offers/weekend');
    expect(demoBrand.slides).toHaveLength(3);
    for (const slide of demoBrand.slides) expect([slide.width, slide.height]).toEqual([1200, 500]);
  });

  it('has a main branch open round the clock every day with two zones, ten tables and availability to show', () => {
    const main = demoBrand.branches.find((b) => b.isMain);
    expect(main?.openingHours.map((s) => s.day).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const span of main?.openingHours ?? []) expect([span.opens, span.closes]).toEqual(['00:00', '24:00']);
    expect(main?.orderTypes).toEqual({ dineIn: true, pickup: true, delivery: true });
    expect(main?.deliveryZones.map((z) => [z.feeHalalas, z.minimumOrderHalalas])).toEqual([
      [1000, 3000],
      [1500, 5000],
    ]);
    expect(main?.tables).toHaveLength(10);
    expect(main?.itemsSoldOut).toHaveLength(2);
    expect(main?.itemsNotSold).toHaveLength(1);
    expect(main?.paymentChoices.map((p) => [p.method, p.orderTypes])).toEqual([
      ['cash', [1, 2, 3]],
      ['card', [1, 2, 3]],
    ]);
  });

  it('has a branch closed all week and a POS-integrated branch open around the clock', () => {
    expect(demoBrand.branches.length).toBeGreaterThanOrEqual(3);
    expect(branchByKey(demoBrand, 'malqa').openingHours).toEqual([]);
    const kingFahd = branchByKey(demoBrand, 'king-fahd-road');
    expect(kingFahd.integrated).toBe(true);
    expect(kingFahd.openingHours).toHaveLength(7);
    for (const span of kingFahd.openingHours) expect([span.opens, span.closes]).toEqual(['00:00', '24:00']);
  });
});

describe('the small brands', () => {
  it('gives the café one branch, two categories, about eight items, one modifier group and no combos', () => {
    expect(secondBrand.slug).toBe('qahwat-al-bait');
    expect(secondBrand.branches).toHaveLength(1);
    expect(secondBrand.categories).toHaveLength(2);
    expect(secondBrand.items.length).toBeGreaterThanOrEqual(6);
    expect(secondBrand.modifierGroups).toHaveLength(1);
    expect(secondBrand.combos).toEqual([]);
  });

  it('switches the third brand off as a whole', () => {
    expect(deactivatedBrand.servicesOff).toEqual(['brand']);
    expect(deactivatedBrand.branches).toHaveLength(1);
    expect(deactivatedBrand.categories).toHaveLength(1);
    expect(deactivatedBrand.items).toHaveLength(2);
  });
});

describe('the large benchmark brand', () => {
  it('has exactly the requested number of items, plus 20 combos, ~30 categories and ~10 modifier groups', () => {
    expect(large.slug).toBe('bench-large');
    expect(large.items).toHaveLength(1500);
    expect(large.combos).toHaveLength(20);
    expect(large.categories).toHaveLength(30);
    expect(large.modifierGroups).toHaveLength(10);
    expect(large.branches).toHaveLength(1);
    expect(largeBrand(37).items).toHaveLength(37);
    expect(largeBrand(0).items).toEqual([]);
    expect(largeBrand(0).combos).toEqual([]);
  });

  it('fills every category and uses every modifier group', () => {
    const used = new Set(large.items.map((i) => i.category));
    for (const { key } of large.categories) if (key !== 'combos') expect(used.has(key), key).toBe(true);
    const groups = new Set(large.items.flatMap((i) => i.modifierGroups));
    expect(groups.size).toBe(large.modifierGroups.length);
  });

  it('is deterministic: two calls give the same data', () => {
    expect(largeBrand()).toEqual(largeBrand());
    expect(largeBrand(250)).toEqual(largeBrand(250));
  });

  it('stays valid for small and very large menus', () => {
    for (const count of [1, 4, 7, 6000]) {
      const brand = largeBrand(count);
      const keys = new Set(brand.items.map((i) => i.key));
      expect(duplicates(brand.items.map((i) => i.slug))).toEqual([]);
      for (const { slots } of brand.combos) {
        for (const slot of slots) for (const choice of slot.choices) expect(keys.has(choice.item)).toBe(true);
      }
    }
  });

  it('refuses an item count that is not a whole number', () => {
    expect(() => largeBrand(-1)).toThrow(RangeError);
    expect(() => largeBrand(1.5)).toThrow(RangeError);
  });
});

describe('the demo images', () => {
  const files = filesUnder(join(ASSETS, 'images'));

  it('stay small, self-contained and free of text that needs a font', () => {
    const total = files.reduce((sum, file) => sum + statSync(file).size, 0);
    expect(total).toBeLessThan(300 * 1024);
    for (const file of files) {
      expect(file).toMatch(/\.svg$/);
      const svg = readFileSync(file, 'utf8');
      expect(svg, file).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+">/,
      );
      expect(svg, file).not.toMatch(/<text|<metadata|<script|href=|@import|url\(/);
      expect(statSync(file).size, file).toBeLessThan(8 * 1024);
    }
  });

  it('use a square 400 box for dishes and categories, 1200x500 for slides and 800x800 for the pop-up', () => {
    const box = (path: string) =>
      readFileSync(join(ASSETS, path), 'utf8')
        .match(/viewBox="0 0 (\d+) (\d+)"/)
        ?.slice(1);
    for (const brand of brands) {
      for (const item of allItems(brand)) if (item.image) expect(box(item.image), item.image).toEqual(['400', '400']);
      for (const category of brand.categories) if (category.image) expect(box(category.image)).toEqual(['400', '400']);
      for (const slide of brand.slides) expect(box(slide.image)).toEqual([String(slide.width), String(slide.height)]);
    }
    expect(box('/images/ads/popup.svg')).toEqual(['800', '800']);
  });
});

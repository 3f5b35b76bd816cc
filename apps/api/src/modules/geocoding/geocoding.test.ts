import { geocodeResponse } from '@sufra/shared/schemas/geocoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { GEOCODE_SEARCHES_PER_MINUTE } from './geocoding.routes.ts';

describe('GET /api/geocode/ (the offline gazetteer by default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const search = async (q: string, extra = '') => {
    const res = await caller(t).call('GET', `/api/geocode/?q=${encodeURIComponent(q)}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return geocodeResponse.parse(res.json());
  };

  it('finds a city in Arabic and in English, with or without the article, forgiving hamza and taa marbuta', async () => {
    for (const q of ['جدة', 'جده', 'Jeddah', 'jed']) {
      const { places, provider } = await search(q);
      expect(provider).toBe('gazetteer');
      expect(places[0]?.name).toEqual({ ar: 'جدة', en: 'Jeddah' });
      expect(places[0]?.kind).toBe('city');
    }
    expect((await search('الخبر')).places[0]?.name.en).toBe('Al Khobar');
    expect((await search('khobar')).places[0]?.name.ar).toBe('الخبر');
  });

  it("finds a district by its name and its city's, nearer places first", async () => {
    const olaya = (await search('العليا')).places[0];
    expect(olaya).toMatchObject({ kind: 'district', context: { en: 'Riyadh' } });
    expect(olaya?.location.lat).toBeCloseTo(24.7, 1);
    expect((await search('rawdah jeddah')).places.map((p) => p.context.en)).toEqual(['Jeddah']);
    const nearJeddah = await search('rawdah', '&near=21.5,39.2');
    expect(nearJeddah.places.map((p) => p.context.en)).toEqual(['Jeddah', 'Riyadh']);
    const nearRiyadh = await search('rawdah', '&near=24.7,46.7');
    expect(nearRiyadh.places[0]?.context.en).toBe('Riyadh');
  });

  it('answers nothing found as an empty list and a too-short query as 400', async () => {
    expect((await search('zzzz')).places).toEqual([]);
    const short = await caller(t).call('GET', '/api/geocode/?q=a');
    expect(short.statusCode).toBe(400);
  });

  it('is public but limited per client address: past the limit 429 in both languages with Retry-After; others go on', async () => {
    const ar = caller(t, { ip: '10.9.9.9', language: 'ar' });
    for (let i = 0; i < GEOCODE_SEARCHES_PER_MINUTE; i++) {
      expect((await ar.call('GET', '/api/geocode/?q=riyadh')).statusCode).toBe(200);
    }
    const refused = await ar.call('GET', '/api/geocode/?q=riyadh');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'rate_limited', message: 'طلبات كثيرة، حاول مرة أخرى لاحقًا' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const en = await caller(t, { ip: '10.9.9.9' }).call('GET', '/api/geocode/?q=riyadh');
    expect(en.json().error.message).toBe('Too many requests, try again later');
    expect((await caller(t, { ip: '10.9.9.10' }).call('GET', '/api/geocode/?q=riyadh')).statusCode).toBe(200);
  });
});

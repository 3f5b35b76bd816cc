import { popupResponse, sliderResponse } from '@sufra/shared/schemas/ads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('ads', () => {
  let t: TestApp;
  let aMain = 0;
  let bMain = 0;
  let cMain = 0;
  beforeAll(async () => {
    t = await createTestApp({ env: { IMAGE_HOST: 'https://img.sufra.test/' } });
    aMain = t.seeded.get('test-brand-a')?.branchIds['a-main'] ?? 0;
    bMain = t.seeded.get('test-brand-b')?.branchIds['b-main'] ?? 0;
    cMain = t.seeded.get('test-brand-c')?.branchIds['c-main'] ?? 0;
  });
  afterAll(() => t.close());

  it('gives the brand-wide pop-up in Arabic by default, images on the image host', async () => {
    const res = await t.app.inject(`/api/ads/popup/${aMain}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toContain('Accept-Language');
    expect(popupResponse.parse(res.json())).toMatchObject({
      background_image: 'https://img.sufra.test/images/ads/popup.svg',
      popup_text: 'خصم ٢٠٪ اليوم',
      button_text: 'اطلب الآن',
      redirect_url: 'https://brand-a.test/offer',
    });
  });

  it('gives the pop-up in English when asked', async () => {
    const res = await t.app.inject({ url: `/api/ads/popup/${aMain}`, headers: { 'accept-language': 'en' } });
    expect(res.json()).toMatchObject({ popup_text: '20% off today', button_text: 'Order now' });
  });

  it('answers 204 with no body when the branch has no active pop-up', async () => {
    const res = await t.app.inject(`/api/ads/popup/${bMain}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('answers 404 for an unknown branch and 403 for a switched-off brand', async () => {
    expect((await t.app.inject('/api/ads/popup/424242')).statusCode).toBe(404);
    const off = await t.app.inject(`/api/ads/popup/${cMain}`);
    expect(off.statusCode).toBe(403);
    expect(off.json().error.code).toBe('service_deactivated');
    expect((await t.app.inject(`/api/ads/slider/${cMain}`)).statusCode).toBe(403);
  });

  it('lists the slider in order, remote images kept as they are', async () => {
    const res = await t.app.inject({ url: `/api/ads/slider/${aMain}`, headers: { 'accept-language': 'en' } });
    const body = sliderResponse.parse(res.json());
    expect(body.slides.map((s) => [s.title, s.image])).toEqual([
      ['New', 'https://img.sufra.test/images/ads/slide-1.svg'],
      ['Offer', 'https://cdn.example.com/slide-2.png'],
    ]);
  });

  it('gives an empty slider for a brand without slides', async () => {
    const res = await t.app.inject(`/api/ads/slider/${bMain}`);
    expect(sliderResponse.parse(res.json()).slides).toEqual([]);
  });
});

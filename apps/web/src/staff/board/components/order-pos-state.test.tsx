// @vitest-environment happy-dom

import { POS_DECLINED_REASON, POS_VOIDED_REASON } from '@sufra/shared/pos-reason';
import type { StaffOrder } from '@sufra/shared/schemas/order';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import accountAr from '../../../locales/account.ar.json';
import accountEn from '../../../locales/account.en.json';
import { OrderPosState } from './order-pos-state';
import { PosPendingAlert } from './pos-pending-alert';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
beforeEach(async () => {
  i18n.addResourceBundle('en', 'translation', accountEn, true, true);
  i18n.addResourceBundle('ar', 'translation', accountAr, true, true);
  await i18n.changeLanguage('ar');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});
const $ = (selector: string) => container.querySelector(selector) as HTMLElement | null;

type Pos = NonNullable<StaffOrder['pos']>;
const pos = (patch: Partial<Pos>): Pos => ({
  state: 'sent',
  reason: null,
  nextTryAt: null,
  failures: 0,
  sentAt: '2026-11-23T15:00:00Z',
  waitingSince: null,
  updatedAt: '2026-11-23T15:00:00Z',
  ...patch,
});

describe('an order’s POS state on its card', () => {
  it('shows a retry with its reason, and no console link', () => {
    const retrying = pos({
      state: 'retrying',
      reason: 'Foodics POST /orders: 500 Server Error',
      nextTryAt: '2026-11-23T15:01:00Z',
    });
    act(() => root.render(<OrderPosState pos={retrying} timeZone="Asia/Riyadh" consoleLink />));
    expect($('[data-testid="order-pos"]')?.dataset.pos).toBe('retrying');
    expect($('[data-testid="order-pos-technical"]')?.textContent).toBe('Foodics POST /orders: 500 Server Error');
    expect($('a')).toBeNull();
  });

  it('says why in the staff’s language by the failure’s kind, Foodics’ own words beside it, left to right', async () => {
    const cases = [
      ['Foodics POST /orders: 500 Server Error', 'حدث خطأ في خادم فودكس.', 'Foodics had a server error.'],
      [
        'Foodics POST /orders: 429 Too Many Attempts.',
        'طلبت فودكس التمهّل (طلبات كثيرة).',
        'Foodics asked us to slow down (too many requests).',
      ],
      ['Foodics POST /orders: timed out', 'لم تُجب فودكس في الوقت المحدد.', 'Foodics did not answer in time.'],
      [
        'Foodics POST /orders: 422 The given data was invalid. {"branch_id":["Invalid."]}',
        'رفضت فودكس بيانات الطلب.',
        "Foodics refused the order's details.",
      ],
      [
        'not mapped to Foodics: product:4',
        'في الطلب ما لم يُربط بفودكس بعد.',
        'Something in the order is not linked to Foodics yet.',
      ],
    ] as const;
    for (const [reason, ar, en] of cases) {
      for (const [language, words] of [
        ['ar', ar],
        ['en', en],
      ] as const) {
        await act(() => i18n.changeLanguage(language));
        act(() =>
          root.render(<OrderPosState pos={pos({ state: 'dead', reason })} timeZone="Asia/Riyadh" consoleLink />),
        );
        const shown = $('[data-testid="order-pos-reason"]');
        expect(shown?.textContent).toContain(words);
        const technical = $('[data-testid="order-pos-technical"]');
        expect(technical?.textContent).toBe(reason);
        expect(technical?.getAttribute('dir')).toBe('ltr');
        expect(technical?.className).toBe('order-card__pos-technical');
        // Foodics' English stays out of the localized sentence: only the small span carries it.
        expect(shown?.textContent?.replace(reason, '')).not.toContain('Foodics POST');
      }
    }
  });

  it('gives a declined order the cashier’s reason from Foodics, and nothing more for our own default words', async () => {
    await act(() => i18n.changeLanguage('ar'));
    const declined = pos({ state: 'declined' });
    act(() =>
      root.render(<OrderPosState pos={declined} timeZone="Asia/Riyadh" consoleLink cancelReason="Out of chicken" />),
    );
    expect($('[data-testid="order-pos-reason"]')?.textContent).toContain('رفضه الكاشير في فودكس.');
    expect($('[data-testid="order-pos-technical"]')?.textContent).toBe('Out of chicken');
    act(() =>
      root.render(
        <OrderPosState pos={declined} timeZone="Asia/Riyadh" consoleLink cancelReason={POS_DECLINED_REASON} />,
      ),
    );
    expect($('[data-testid="order-pos-reason"]')).toBeNull();
    act(() =>
      root.render(<OrderPosState pos={declined} timeZone="Asia/Riyadh" consoleLink cancelReason={POS_VOIDED_REASON} />),
    );
    expect($('[data-testid="order-pos-reason"]')?.textContent).toContain('ألغاه الكاشير في فودكس.');
    expect($('[data-testid="order-pos-technical"]')).toBeNull();
  });

  it('links a dead hand-off to the console’s Foodics page for managers, not for cashiers', () => {
    const dead = pos({ state: 'dead', reason: 'not mapped to Foodics: product:4' });
    act(() => root.render(<OrderPosState pos={dead} timeZone="Asia/Riyadh" consoleLink />));
    expect($('a')?.getAttribute('href')).toBe('/staff/manage/foodics');
    act(() => root.render(<OrderPosState pos={dead} timeZone="Asia/Riyadh" consoleLink={false} />));
    expect($('a')).toBeNull();
    expect($('[data-testid="order-pos-reason"]')).not.toBeNull();
  });
});

describe('the pending alert', () => {
  it('is an alert naming the orders, and nothing when none waits', () => {
    const waiting = { id: 9, number: 12, pos: pos({ waitingSince: '2026-11-23T15:05:00Z' }) } as StaffOrder;
    act(() => root.render(<PosPendingAlert orders={[waiting]} timeZone="Asia/Riyadh" />));
    const alert = $('[data-testid="board-pos-alert"]');
    expect(alert?.getAttribute('role')).toBe('alert');
    expect(alert?.textContent).toContain('لم تقبل فودكس هذه الطلبات منذ إرسالها');
    act(() => root.render(<PosPendingAlert orders={[]} timeZone="Asia/Riyadh" />));
    expect($('[data-testid="board-pos-alert"]')).toBeNull();
  });
});

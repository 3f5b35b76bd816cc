// @vitest-environment happy-dom
import type { Receipt, ReceiptEmail } from '@sufra/shared/schemas/receipt';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import receiptsAr from '../../../locales/receipts.ar.json';
import receiptsEn from '../../../locales/receipts.en.json';
import { ReceiptEmailPanel } from './receipt-email';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
beforeEach(async () => {
  i18n.addResourceBundle('en', 'translation', receiptsEn, true, true);
  i18n.addResourceBundle('ar', 'translation', receiptsAr, true, true);
  await i18n.changeLanguage('en');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const receiptWith = (email: ReceiptEmail) =>
  ({ order: { id: 7 }, branch: { timeZone: 'Asia/Riyadh', address: { ar: '', en: '' } }, email }) as Receipt;
const show = (email: ReceiptEmail) =>
  act(() => root.render(<ReceiptEmailPanel uuid="u" receipt={receiptWith(email)} queryKey={null} />));
const byTestId = (id: string) => container.querySelector(`[data-testid="${id}"]`);

describe("the receipt page's e-mail panel (issue 28 item 4)", () => {
  it("says the spec's words and links to the profile when the diner gave no address", () => {
    show({ availability: 'no_address', latest: null });
    expect(byTestId('receipt-email-no-address')?.textContent).toContain("can't notify this customer by email");
    expect(byTestId('receipt-email-no-address')?.querySelector('a')?.getAttribute('href')).toBe('/edit-profile/u');
    expect(byTestId('receipt-email-send')).toBeNull();
  });

  it('offers no button when e-mail is not set up, and says so', () => {
    show({ availability: 'off', latest: null });
    expect(byTestId('receipt-email-off')?.textContent).toBe("E-mail receipts aren't available here yet.");
    expect(byTestId('receipt-email-send')).toBeNull();
  });

  it('offers "Email me this receipt" and tells when the last one went, or that it failed', () => {
    show({
      availability: 'ready',
      latest: { status: 'sent', queuedAt: '2026-11-29T09:00:00Z', sentAt: '2026-11-29T09:00:05Z' },
    });
    expect(byTestId('receipt-email-send')?.textContent).toBe('Email me this receipt');
    expect(byTestId('receipt-email-status')?.textContent).toMatch(/^E-mailed Nov 29, 2026, 12:00/);
    show({ availability: 'ready', latest: { status: 'failed', queuedAt: '2026-11-29T09:00:00Z', sentAt: null } });
    expect(byTestId('receipt-email-status')?.textContent).toBe("We couldn't send the e-mail. Try again.");
  });

  it("speaks Arabic on the Arabic page, the spec's words too", async () => {
    await act(() => i18n.changeLanguage('ar'));
    show({ availability: 'no_address', latest: null });
    expect(byTestId('receipt-email-no-address')?.textContent).toContain(
      'لا يمكن إشعار هذا العميل عبر البريد الإلكتروني',
    );
  });
});

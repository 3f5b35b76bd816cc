import { expect, type Page, test } from '@playwright/test';
import decodeQR from 'qr/decode.js';
import { demoBrand } from '../../apps/api/src/db/seed/demo-brand.ts';
import type { Language } from '../../packages/shared/src/language.ts';
import { formatSar } from '../../packages/shared/src/money.ts';
import { decodeZatcaQr } from '../../packages/shared/src/receipts/zatca-qr.ts';
import { signInByOtp } from '../support/accounts.ts';
import { placeOrder } from '../support/diner-api.ts';
import { moveOrder } from '../support/ordering.ts';
import { shoot } from '../support/screenshots.ts';
import { asciiDigits, expectDocumentLanguage, LANGUAGES, QR, useLanguage } from '../support/sufra.ts';

/**
 * Issue 28 item 5: an order's receipt, reached from the confirmation page and the order history, is a simplified tax
 * invoice whose QR code, read from the picture on screen, holds ZATCA's five fields of the stored order.
 */
const TEXT = {
  receipt: { ar: 'الإيصال', en: 'Receipt' },
  taxInvoice: { ar: 'فاتورة ضريبية مبسطة', en: 'Simplified tax invoice' },
  preparing: { ar: 'قيد التحضير', en: 'is being prepared' },
} as const;

/**
 * The pixels of a PNG, decoded by the browser (a canvas), for the QR decoder. They come back as one base64 string:
 * as an array of numbers (~400,000 for the code's picture) Playwright's serializer took ~2.6 s of both processes.
 */
async function pixelsOf(page: Page, png: Buffer) {
  const { width, height, base64 } = await page.evaluate(async (source) => {
    const image = new Image();
    image.src = `data:image/png;base64,${source}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let binary = '';
    for (let at = 0; at < data.length; at += 0x8000) binary += String.fromCharCode(...data.subarray(at, at + 0x8000));
    return { width: canvas.width, height: canvas.height, base64: btoa(binary) };
  }, png.toString('base64'));
  return { width, height, data: Uint8Array.from(Buffer.from(base64, 'base64')) };
}

const sar = (halalas: number) => (halalas / 100).toFixed(2);

for (const language of LANGUAGES) {
  test(`a receipt from the confirmation page carries a ZATCA QR code of the stored order (${language})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const base = baseURL ?? '';
    await page.setViewportSize({ width: 390, height: 844 });
    if (language !== 'ar') await useLanguage(page, language);
    const name = `Diner ${Math.random().toString(36).slice(2, 7)}`;
    const signedIn = await signInByOtp(page.request, base, name);
    const order = await placeOrder({ request: page.request, name, phone: signedIn.phone });

    // The page's session hint (the app asks for the session only where it has signed in: lib/session-hint.ts).
    await page.goto(`/menu/${QR.main}`);
    const hint = ['sufra.customer.brands', JSON.stringify([signedIn.brandId])];
    await page.evaluate(([key, value]) => localStorage.setItem(key as string, value as string), hint);

    // The confirmation page's link.
    await page.goto(`/confirm-order/${QR.main}?order=${order.id}`);
    await expectDocumentLanguage(page, language);
    // The seller's VAT number as the server printed it: the brand's number now (console.spec.ts's managers change it
    // while the journeys run, so not necessarily the seed's).
    const receiptAnswer = page.waitForResponse(
      (response) => response.url().includes(`/api/orders/${QR.main}/${order.id}/receipt/`) && response.ok(),
    );
    await page.getByTestId('receipt-link').click();
    const vatNumber = ((await (await receiptAnswer).json()) as { seller: { vatNumber: string | null } }).seller
      .vatNumber;
    expect(vatNumber).toMatch(/^3\d{13}3$/);
    await expect(page).toHaveURL(new RegExp(`/receipt/${QR.main}\\?order=${order.id}$`));
    const receipt = page.getByTestId('receipt');
    await expect(receipt).toHaveAttribute('data-kind', 'simplified_tax_invoice');
    await expect(page.getByTestId('receipt-kind')).toHaveText(TEXT.taxInvoice[language]);
    await expect(page.getByTestId('receipt-total')).toHaveText(formatSar(order.pricing.total, language));
    await expect(page.getByTestId('receipt-vat')).toHaveText(formatSar(order.pricing.taxesPrice, language));
    expect(asciiDigits((await page.getByTestId('receipt-vat-number').textContent()) ?? '')).toContain(vatNumber);
    // The branch's address (its postal code) in the page's digits: one digit system per language.
    await expect(page.getByTestId('receipt-branch')).toContainText(language === 'ar' ? '١٢٢١٤' : '12214');
    if (language === 'ar') await expect(page.getByTestId('receipt-branch')).not.toHaveText(/[0-9]/);
    for (const button of ['receipt-print', 'receipt-share']) {
      expect((await page.getByTestId(button).boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }

    // The QR code as the screen shows it, read back by a decoder: ZATCA's five fields of the stored order.
    const qr = page.getByTestId('receipt-qr');
    await expect(qr).toBeVisible();
    const pixels = await pixelsOf(page, await qr.screenshot());
    const text = decodeQR(pixels);
    const tags = decodeZatcaQr(text);
    expect([...tags.entries()]).toEqual([
      [1, demoBrand.name.ar],
      [2, vatNumber],
      [3, `${order.createdAt.slice(0, 19)}Z`],
      [4, sar(order.pricing.total)],
      [5, sar(order.pricing.taxesPrice)],
    ]);
    await shoot(page, `receipt-${language}`);

    // The link works on reload (the diner's own order), and the history links here too.
    await page.reload();
    await expect(page.getByTestId('receipt')).toHaveAttribute('data-kind', 'simplified_tax_invoice');
    await page.goto(`/orders/${QR.main}`);
    const link = page.getByTestId('receipt-link').first();
    await expect(link).toHaveText(TEXT.receipt[language as Language]);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/receipt/${QR.main}\\?order=${order.id}$`));
    await expect(page.getByTestId('receipt-number')).toBeVisible();

    // Issue 28 item 4: the kitchen takes the order; the bell counts it, and the inbox says so and marks it read.
    await moveOrder(base, order.id, 'sent_to_kitchen');
    await page.reload();
    const bell = page.getByTestId('inbox-bell');
    await expect(bell).toHaveAttribute('data-unread', '1');
    await expect(page.getByTestId('inbox-unread')).toHaveText(language === 'ar' ? '١' : '1');
    await bell.click();
    const item = page.getByTestId('inbox-list').locator('li').first();
    await expect(item).toHaveAttribute('data-kind', 'order_status');
    await expect(item).toContainText(TEXT.preparing[language]);
    await expect(bell).toHaveAttribute('data-unread', '0');
    await shoot(page, `inbox-${language}`);
  });
}

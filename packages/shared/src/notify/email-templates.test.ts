import { describe, expect, it } from 'vitest';
import type { Receipt } from '../schemas/receipt.ts';
import { escapeHtml } from './email-html.ts';
import { renderInvitationEmail } from './invitation-email.ts';
import { renderReceiptEmail } from './receipt-email.ts';

const receipt = {
  order: {
    id: 7,
    number: 42,
    branchId: 1,
    branchName: { ar: 'فرع العليا', en: 'Olaya branch' },
    orderType: 2,
    status: 'delivered',
    paymentMethod: 'cash',
    paymentStatus: 'paid',
    table: null,
    address: null,
    notes: null,
    receiveAt: null,
    pricing: {
      taxMode: 'inclusive',
      subtotal: 7_500,
      branchTaxes: 0,
      modifiersTaxes: 0,
      chargeAmount: 0,
      chargesTaxes: 0,
      deliveryFee: 0,
      taxesPrice: 913,
      totalDiscount: 500,
      total: 7_000,
      foodicsTaxes: 0,
      foodicsCharges: 0,
      foodicsTotal: 0,
    },
    lines: [
      {
        kind: 'product',
        itemId: 3,
        name: { ar: 'كبسة دجاج', en: 'Chicken kabsa <spicy>' },
        quantity: 2,
        unitPriceHalalas: 3_750,
        subtotal: 7_500,
        tax: 913,
        total: 7_500,
        modifiers: [{ optionId: 9, name: { ar: 'صغير', en: 'Small' }, priceHalalas: 0 }],
        slots: [],
      },
    ],
    cancelReason: null,
    cashReceivedAt: '2026-07-01T09:30:00.000Z',
    refund: null,
    times: { statusTimes: {}, prepMinutes: null, deliveryMinutes: null, acceptDelayMinutes: null, estimate: null },
    declineReason: null,
    createdAt: '2026-07-01T09:00:00.000Z',
    updatedAt: '2026-07-01T09:30:00.000Z',
  },
  seller: { name: { ar: 'مطعم أ', en: 'Brand A' }, vatNumber: '310122393500003' },
  branch: { address: { ar: 'الرياض 12211', en: 'Riyadh 12211' }, timeZone: 'Asia/Riyadh' },
  invoice: { kind: 'simplified_tax_invoice', issuedAt: '2026-07-01T09:00:00.000Z', zatcaQr: 'AQ==' },
  vatRateBp: 1500,
  totals: { withoutVat: 6_087, vat: 913, withVat: 7_000 },
  discounts: [{ source: 'coupon', label: { ar: 'SAVE5', en: 'SAVE5' }, points: null, amount: 500 }],
  paidAt: '2026-07-01T09:30:00.000Z',
} as unknown as Receipt;

describe('the receipt e-mail', () => {
  it('writes the receipt in English with its figures, the QR as an inline image and the receipt link', () => {
    const mail = renderReceiptEmail(receipt, 'en', { qrCid: 'zatca-qr@sufra', receiptUrl: 'https://x.test/r?order=7' });
    expect(mail.subject).toBe('Your Brand A receipt for order #42');
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.html).toContain('<img src="cid:zatca-qr@sufra"');
    expect(mail.html).toContain('Simplified tax invoice');
    // Names are data: escaped, never markup.
    expect(mail.html).toContain('Chicken kabsa &lt;spicy&gt;');
    expect(mail.html).not.toContain('<spicy>');
    expect(mail.text).toContain('2 × Chicken kabsa <spicy> (Small)');
    expect(mail.text).toContain('Coupon: SAVE5: -SAR');
    expect(mail.text).toMatch(/VAT \(15%\): SAR\s9\.13/);
    expect(mail.text).toMatch(/Total including VAT: SAR\s70\.00/);
    expect(mail.text).toContain('View the receipt: https://x.test/r?order=7');
  });

  it('writes it in Arabic, right to left, in Arabic digits', () => {
    const mail = renderReceiptEmail(receipt, 'ar', { qrCid: 'zatca-qr@sufra', receiptUrl: null });
    expect(mail.subject).toBe('إيصال طلبك #٤٢ من مطعم أ');
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.text).toContain('فاتورة ضريبية مبسطة');
    expect(mail.text).toContain('الرقم الضريبي: ٣١٠١٢٢٣٩٣٥٠٠٠٠٣');
    expect(mail.text).toContain('٧٠٫٠٠');
    // Every figure in Arabic digits; a coupon's code is shown as it is typed.
    expect(mail.text.replace('SAVE5', '')).not.toMatch(/[0-9]/);
    expect(mail.text).not.toContain('عرض الإيصال');
  });

  it("shows no QR image and says it is not a tax invoice for an integrated branch's order", () => {
    const pos = { ...receipt, invoice: { ...receipt.invoice, kind: 'pos_issues_invoice', zatcaQr: null } } as Receipt;
    const mail = renderReceiptEmail(pos, 'en', { qrCid: null, receiptUrl: null });
    expect(mail.html).not.toContain('cid:');
    expect(mail.text).toContain("This is not a tax invoice: the branch's point of sale issues it.");
  });
});

describe('the staff invitation e-mail', () => {
  const input = {
    brandName: 'Brand A',
    inviteeName: 'Sara',
    role: 'manager' as const,
    link: 'https://sufra.test/staff/invitation#token123',
    expiresAt: new Date('2026-07-08T09:00:00Z'),
    purpose: 'invite' as const,
  };

  it('carries the one-time link in both bodies, in English', () => {
    const mail = renderInvitationEmail(input, 'en');
    expect(mail.subject).toBe("You're invited to join Brand A's team on Sufra");
    expect(mail.text).toContain('Brand A invited you to join its team on Sufra as branch manager.');
    expect(mail.text).toContain(`Choose your password: ${input.link}`);
    expect(mail.html).toContain(`href="${input.link}"`);
    expect(mail.text).toContain('until July 8, 2026');
  });

  it('is written in Arabic when the brand speaks Arabic', () => {
    const mail = renderInvitationEmail({ ...input, role: 'cashier' }, 'ar');
    expect(mail.subject).toBe('دعوة للانضمام إلى فريق Brand A في سفرة');
    expect(mail.text).toContain('بصفة كاشير');
    expect(mail.html).toContain('dir="rtl"');
  });

  it('escapes what it is given', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

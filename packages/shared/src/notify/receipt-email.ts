import { localDigits } from '../digits.ts';
import type { Language } from '../language.ts';
import { formatSar } from '../money.ts';
import type { Receipt } from '../schemas/receipt.ts';
import { emailShell, escapeHtml } from './email-html.ts';

/** The receipt e-mail's words, in both languages (the receipt page's own, apps/web/src/locales/receipts.*.json). */
const WORDS = {
  ar: {
    subject: (brand: string, number: string) => `إيصال طلبك ${number} من ${brand}`,
    taxInvoice: 'فاتورة ضريبية مبسطة',
    receipt: 'الإيصال',
    vatNumber: 'الرقم الضريبي',
    order: 'الطلب',
    date: 'التاريخ',
    item: 'الصنف',
    quantity: 'الكمية',
    amount: 'المبلغ',
    subtotal: 'المجموع الفرعي',
    reward: 'مكافأة',
    coupon: 'كوبون',
    points: 'النقاط',
    charges: 'رسوم الخدمة',
    deliveryFee: 'رسوم التوصيل',
    withoutVat: 'الإجمالي غير شامل الضريبة',
    vat: 'ضريبة القيمة المضافة',
    withVat: 'الإجمالي شامل الضريبة',
    payment: { cash: 'نقدًا', card: 'بطاقة' },
    status: { unpaid: 'لم يُدفع بعد', paid: 'مدفوع', refunded: 'مسترد' },
    qr: 'رمز الاستجابة السريعة للفاتورة الضريبية',
    posIssuesInvoice: 'هذه ليست فاتورة ضريبية: يصدرها نظام نقاط البيع في الفرع.',
    noVatNumber: 'هذه ليست فاتورة ضريبية.',
    view: 'عرض الإيصال',
    thanks: 'شكرًا لطلبك.',
  },
  en: {
    subject: (brand: string, number: string) => `Your ${brand} receipt for order ${number}`,
    taxInvoice: 'Simplified tax invoice',
    receipt: 'Receipt',
    vatNumber: 'VAT number',
    order: 'Order',
    date: 'Date',
    item: 'Item',
    quantity: 'Qty',
    amount: 'Amount',
    subtotal: 'Subtotal',
    reward: 'Reward',
    coupon: 'Coupon',
    points: 'Points',
    charges: 'Service charges',
    deliveryFee: 'Delivery fee',
    withoutVat: 'Total excluding VAT',
    vat: 'VAT',
    withVat: 'Total including VAT',
    payment: { cash: 'Cash', card: 'Card' },
    status: { unpaid: 'Not paid yet', paid: 'Paid', refunded: 'Refunded' },
    qr: "The tax invoice's QR code",
    posIssuesInvoice: "This is not a tax invoice: the branch's point of sale issues it.",
    noVatNumber: 'This is not a tax invoice.',
    view: 'View the receipt',
    thanks: 'Thank you for your order.',
  },
} as const;

const locale = (language: Language) => (language === 'ar' ? 'ar-SA' : 'en-SA');

/** A whole number (quantity, points, order number) in the language's digits, ungrouped. */
function digits(value: number, language: Language): string {
  return localDigits(String(value), language);
}

export interface ReceiptEmailOptions {
  /** The inline ZATCA QR image's Content-ID, when the receipt is a simplified tax invoice; null otherwise. */
  qrCid: string | null;
  /** The receipt page, when the order's branch has a QR code to open it under; null otherwise. */
  receiptUrl: string | null;
}

/**
 * An order's receipt as an e-mail in one language (issue 28 item 4): the same figures as the receipt page, from the
 * stored order; a simplified tax invoice shows its ZATCA QR code as an inline image (`cid:`).
 */
export function renderReceiptEmail(receipt: Receipt, language: Language, options: ReceiptEmailOptions) {
  const w = WORDS[language];
  const { order, invoice, totals } = receipt;
  const sar = (halalas: number) => formatSar(halalas, language);
  const seller = receipt.seller.name[language];
  const number = `#${digits(order.number, language)}`;
  const heading = invoice.kind === 'simplified_tax_invoice' ? w.taxInvoice : w.receipt;
  const issued = new Intl.DateTimeFormat(locale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: receipt.branch.timeZone,
  }).format(new Date(invoice.issuedAt));
  const vatRate = new Intl.NumberFormat(locale(language), { style: 'percent', maximumFractionDigits: 2 }).format(
    receipt.vatRateBp / 10_000,
  );
  const lines = order.lines.map((line) => ({
    name: line.name[language],
    extras: [...line.slots.map((s) => s.name[language]), ...line.modifiers.map((m) => m.name[language])],
    quantity: digits(line.quantity, language),
    amount: sar(line.total),
  }));
  const discounts = receipt.discounts.map((d) => ({
    label:
      d.source === 'points'
        ? `${w.points} (${digits(d.points ?? 0, language)})`
        : `${d.source === 'reward' ? w.reward : w.coupon}: ${d.label?.[language] ?? ''}`,
    amount: sar(-d.amount),
  }));
  const charges = order.pricing.chargeAmount - order.pricing.deliveryFee;
  const rows: [string, string][] = [
    [w.subtotal, sar(order.pricing.subtotal)],
    ...discounts.map((d): [string, string] => [d.label, d.amount]),
    ...(charges > 0 ? [[w.charges, sar(charges)] as [string, string]] : []),
    ...(order.pricing.deliveryFee > 0 ? [[w.deliveryFee, sar(order.pricing.deliveryFee)] as [string, string]] : []),
    [w.withoutVat, sar(totals.withoutVat)],
    [`${w.vat} (${vatRate})`, sar(totals.vat)],
    [w.withVat, sar(totals.withVat)],
  ];
  const payment = `${w.payment[order.paymentMethod]} · ${w.status[order.paymentStatus]}`;
  const notice =
    invoice.kind === 'pos_issues_invoice'
      ? w.posIssuesInvoice
      : invoice.kind === 'no_vat_number'
        ? w.noVatNumber
        : null;
  const vatNumber = receipt.seller.vatNumber ? localDigits(receipt.seller.vatNumber, language) : null;
  const branch = [order.branchName[language], localDigits(receipt.branch.address[language], language)]
    .filter(Boolean)
    .join(' · ');

  const subject = w.subject(seller, number);
  const text = [
    seller,
    heading,
    ...(vatNumber ? [`${w.vatNumber}: ${vatNumber}`] : []),
    branch,
    `${w.order}: ${number}`,
    `${w.date}: ${issued}`,
    '',
    ...lines.map((l) => `${l.quantity} × ${l.name}${l.extras.length ? ` (${l.extras.join('، ')})` : ''}  ${l.amount}`),
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    payment,
    ...(notice ? ['', notice] : []),
    ...(options.receiptUrl ? ['', `${w.view}: ${options.receiptUrl}`] : []),
    '',
    w.thanks,
    '',
  ].join('\n');

  const cell = 'padding:6px 4px;border-bottom:1px solid #ece8f3;vertical-align:top';
  const end = language === 'ar' ? 'left' : 'right';
  const html = emailShell(
    language,
    subject,
    `<h1 style="font-size:20px;color:#5b2a86;margin:0">${escapeHtml(seller)}</h1>
<p style="margin:4px 0 0;font-weight:bold">${escapeHtml(heading)}</p>
${vatNumber ? `<p style="margin:4px 0 0">${escapeHtml(w.vatNumber)}: <bdi>${escapeHtml(vatNumber)}</bdi></p>` : ''}
<p style="margin:4px 0 16px;color:#5c5670">${escapeHtml(branch)}</p>
<p style="margin:0">${escapeHtml(w.order)}: <bdi>${escapeHtml(number)}</bdi> · ${escapeHtml(issued)}</p>
<table role="presentation" style="width:100%;border-collapse:collapse;margin:16px 0;font-size:14px">
<tr><th style="${cell};text-align:start">${escapeHtml(w.item)}</th><th style="${cell}">${escapeHtml(w.quantity)}</th><th style="${cell};text-align:${end}">${escapeHtml(w.amount)}</th></tr>
${lines
  .map(
    (l) =>
      `<tr><td style="${cell}">${escapeHtml(l.name)}${l.extras.length ? `<br><span style="font-size:12px;color:#5c5670">${escapeHtml(l.extras.join('، '))}</span>` : ''}</td><td style="${cell};text-align:center">${escapeHtml(l.quantity)}</td><td style="${cell};text-align:${end};white-space:nowrap">${escapeHtml(l.amount)}</td></tr>`,
  )
  .join('\n')}
</table>
<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px">
${rows
  .map(
    ([label, value], i) =>
      `<tr${i === rows.length - 1 ? ' style="font-weight:bold"' : ''}><td style="padding:4px">${escapeHtml(label)}</td><td style="padding:4px;text-align:${end};white-space:nowrap">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>
<p style="margin:12px 0">${escapeHtml(payment)}</p>
${options.qrCid ? `<p style="text-align:center;margin:16px 0"><img src="cid:${escapeHtml(options.qrCid)}" width="180" height="180" alt="${escapeHtml(w.qr)}"></p>` : ''}
${notice ? `<p style="font-size:13px;color:#5c5670">${escapeHtml(notice)}</p>` : ''}
${options.receiptUrl ? `<p style="margin:20px 0"><a href="${escapeHtml(options.receiptUrl)}" style="color:#5b2a86;font-weight:bold">${escapeHtml(w.view)}</a></p>` : ''}
<p>${escapeHtml(w.thanks)}</p>`,
  );
  return { subject, text, html };
}

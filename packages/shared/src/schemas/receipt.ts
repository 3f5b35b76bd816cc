import { z } from 'zod';
import { localizedText } from './common.ts';
import { orderSchema } from './order.ts';

/**
 * Receipts (issue 28 item 5).
 *   GET /api/orders/{uuid}/{id}/receipt/    → 200 receiptSchema: the signed-in diner's own order (another's → 404)
 *   GET /api/staff/orders/{id}/receipt/     → 200 receiptSchema: staff of the order's branch (another branch → 404)
 *   POST /api/orders/{uuid}/{id}/receipt/email/ → 202 receiptEmailSchema: "Email me this receipt" (the diner's own
 *     order; 422 no address, 409 e-mail off, 429 asked again within minutes or too often)
 *
 * Every figure comes from the stored order, never from the client. `invoice` says what the paper is:
 *   - `simplified_tax_invoice`: a branch that is not integrated, of a brand with a VAT number (ZATCA phase 1); `zatcaQr`
 *     is the base64 TLV text the QR code encodes (seller, VAT number, time stamp, total with VAT, VAT total);
 *   - `pos_issues_invoice`: an integrated branch: the POS (Foodics) issues the tax invoice, this is not one;
 *   - `no_vat_number`: the brand has no VAT registration number: not a tax invoice.
 */
export const RECEIPT_INVOICE_KINDS = ['simplified_tax_invoice', 'pos_issues_invoice', 'no_vat_number'] as const;
export type ReceiptInvoiceKind = (typeof RECEIPT_INVOICE_KINDS)[number];

export const RECEIPT_DISCOUNT_SOURCES = ['reward', 'coupon', 'points'] as const;

export const receiptDiscountSchema = z.object({
  source: z.enum(RECEIPT_DISCOUNT_SOURCES),
  /** The reward's name; the coupon's code; null for points. */
  label: localizedText.nullable(),
  /** Points spent (points only). */
  points: z.number().int().nullable(),
  amount: z.number().int(),
});
export type ReceiptDiscount = z.infer<typeof receiptDiscountSchema>;

/**
 * E-mailing the receipt (issue 28 item 4, docs/adr/0620): `ready` the diner gave an address and e-mail is set up;
 * `no_address` they gave none (the page says the spec's "can't notify this customer by email"); `off` no mail server
 * is configured (production without SMTP). `latest`: the newest receipt e-mail of the order and its state.
 */
export const RECEIPT_EMAIL_AVAILABILITY = ['ready', 'no_address', 'off'] as const;
export const receiptEmailSchema = z.object({
  availability: z.enum(RECEIPT_EMAIL_AVAILABILITY),
  latest: z
    .object({
      status: z.enum(['pending', 'sent', 'failed']),
      queuedAt: z.iso.datetime(),
      sentAt: z.iso.datetime().nullable(),
    })
    .nullable(),
});
export type ReceiptEmail = z.infer<typeof receiptEmailSchema>;

export const receiptSchema = z.object({
  order: orderSchema,
  seller: z.object({ name: localizedText, vatNumber: z.string().nullable() }),
  /** The branch's address, and its time zone (the receipt's times are shown in it). */
  branch: z.object({ address: localizedText, timeZone: z.string() }),
  invoice: z.object({
    kind: z.enum(RECEIPT_INVOICE_KINDS),
    /** The invoice's time (the order's placement), as in the QR code. */
    issuedAt: z.iso.datetime(),
    /** Base64 TLV (ZATCA phase 1); only for a simplified tax invoice. */
    zatcaQr: z.string().nullable(),
  }),
  /** The VAT rate the brand charges, in basis points (1500 = 15 %). */
  vatRateBp: z.number().int(),
  /** total − VAT, VAT and the total (= order.pricing.total). */
  totals: z.object({ withoutVat: z.number().int(), vat: z.number().int(), withVat: z.number().int() }),
  discounts: z.array(receiptDiscountSchema),
  /** When the money was taken: a cash order's cash received, a card order's verified payment; null while unpaid. */
  paidAt: z.iso.datetime().nullable(),
  email: receiptEmailSchema,
});
export type Receipt = z.infer<typeof receiptSchema>;

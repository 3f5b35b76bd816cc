import { encodeZatcaQr, isSaudiVatNumber } from '@sufra/shared/receipts/zatca-qr';
import type { Order } from '@sufra/shared/schemas/order';
import type { Receipt, ReceiptDiscount, ReceiptEmail, ReceiptInvoiceKind } from '@sufra/shared/schemas/receipt';
import type { AppContext } from '../../app-context.ts';
import { findCustomerOrder, findStaffOrder, listLinesOf } from '../../core/order-rows.repo.ts';
import { toOrder } from '../../core/orders.view.ts';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { mailIsOn, queueMail, receiptMailsOf } from '../email/email.service.ts';
import {
  type ClaimedMailForReceipt,
  composeReceiptMail,
  RECEIPT_EMAIL_GAP_MS,
  RECEIPT_EMAILS_PER_ORDER,
  receiptEmailState,
} from './receipt-email.service.ts';
import { findCardPaidAt, findDinerMail, findDiscountSources, findSeller, lockCustomerOrder } from './receipts.repo.ts';

type Sources = Awaited<ReturnType<typeof findDiscountSources>>;

/**
 * The order's discount by source. The order keeps only their sum; a coupon's use keeps its amount, and pricing takes
 * the reward's first, then the coupon's, then points (shared priceCart), so what is left after the coupon is the
 * reward's and the points'. With both (rare) the points' share is their count at the brand's point value, capped.
 */
export function discountsBySource(totalDiscount: number, sources: Sources): ReceiptDiscount[] {
  const out: ReceiptDiscount[] = [];
  const couponAmount = sources.coupon ? Math.min(sources.coupon.amount, totalDiscount) : 0;
  let rest = totalDiscount - couponAmount;
  let pointsAmount = 0;
  if (sources.points !== null) {
    pointsAmount = sources.reward ? Math.min(rest, sources.points * (sources.pointValueHalalas ?? 0)) : rest;
  }
  rest -= pointsAmount;
  if (sources.reward) {
    out.push({
      source: 'reward',
      label: { ar: sources.reward.nameAr, en: sources.reward.nameEn },
      points: null,
      amount: rest,
    });
  }
  if (sources.coupon) {
    out.push({
      source: 'coupon',
      label: { ar: sources.coupon.code, en: sources.coupon.code },
      points: null,
      amount: couponAmount,
    });
  }
  if (sources.points !== null)
    out.push({ source: 'points', label: null, points: sources.points, amount: pointsAmount });
  return out;
}

async function receiptOf(ctx: AppContext, order: Order, brandId: number, customerId: number | null): Promise<Receipt> {
  const { db } = ctx;
  const seller = await findSeller(db, brandId, order.branchId);
  if (!seller) throw new AppError('order_not_found');
  const issuedAt = new Date(order.createdAt);
  const { total, taxesPrice } = order.pricing;
  const vatNumber = seller.vatNumber !== null && isSaudiVatNumber(seller.vatNumber) ? seller.vatNumber : null;
  // An integrated branch's POS issues the tax invoice (two invoices for one sale would be one too many).
  const kind: ReceiptInvoiceKind = seller.integrated
    ? 'pos_issues_invoice'
    : vatNumber === null
      ? 'no_vat_number'
      : 'simplified_tax_invoice';
  const zatcaQr =
    kind === 'simplified_tax_invoice' && vatNumber !== null
      ? encodeZatcaQr({
          // The seller's name as registered is the Arabic one (ZATCA's examples); 255 UTF-8 bytes at most.
          sellerName: seller.nameAr,
          vatNumber,
          issuedAt,
          totalWithVat: total,
          vat: taxesPrice,
        })
      : null;
  const sources = await findDiscountSources(db, order.id);
  const paidAt =
    order.paymentStatus === 'unpaid'
      ? null
      : order.paymentMethod === 'cash'
        ? order.cashReceivedAt
        : ((await findCardPaidAt(db, order.id))?.toISOString() ?? null);
  return {
    order,
    seller: { name: { ar: seller.nameAr, en: seller.nameEn }, vatNumber },
    branch: { address: { ar: seller.addressAr, en: seller.addressEn }, timeZone: seller.timeZone },
    invoice: { kind, issuedAt: issuedAt.toISOString(), zatcaQr },
    vatRateBp: seller.vatRateBp,
    totals: { withoutVat: total - taxesPrice, vat: taxesPrice, withVat: total },
    discounts: discountsBySource(order.pricing.totalDiscount, sources),
    paidAt,
    email: await receiptEmailState(ctx, { id: order.id, customerId, brandId }),
  };
}

export interface ReceiptsService {
  forCustomer(customer: CustomerPrincipal, orderId: number): Promise<Receipt>;
  forStaff(staff: StaffPrincipal, orderId: number): Promise<Receipt>;
  /**
   * "Email me this receipt", in the language of the page it was asked from: queued for the relay (rate-limited per
   * order); the receipt's e-mail state after it.
   */
  emailToCustomer(customer: CustomerPrincipal, orderId: number, language: 'ar' | 'en'): Promise<ReceiptEmail>;
  /** The mail relay's composer: an outbox row's receipt e-mail, from its stored order. */
  composeMail(mail: ClaimedMailForReceipt): ReturnType<typeof composeReceiptMail>;
}

/** Receipts: the diner's own orders only; staff the orders of their branches (anything else is not found). */
export function createReceiptsService(ctx: AppContext): ReceiptsService {
  async function anyOrderReceipt(orderId: number, brandId: number): Promise<Receipt> {
    const row = await findStaffOrder(ctx.db, orderId, brandId);
    if (!row) throw new AppError('order_not_found');
    return receiptOf(ctx, toOrder(row, await listLinesOf(ctx.db, [orderId])), brandId, row.order.customerId);
  }

  return {
    async forCustomer(customer, orderId) {
      const row = await findCustomerOrder(ctx.db, orderId, customer.id, customer.brandId);
      if (!row) throw new AppError('order_not_found');
      return receiptOf(ctx, toOrder(row, await listLinesOf(ctx.db, [orderId])), customer.brandId, customer.id);
    },
    async forStaff(staff, orderId) {
      const row = await findStaffOrder(ctx.db, orderId, staff.brandId);
      if (!row || !staff.branchIds.includes(row.order.branchId)) throw new AppError('order_not_found');
      return receiptOf(ctx, toOrder(row, await listLinesOf(ctx.db, [orderId])), staff.brandId, row.order.customerId);
    },
    async emailToCustomer(customer, orderId, language) {
      await ctx.db.transaction(async (tx) => {
        if (!(await lockCustomerOrder(tx, orderId, customer.id, customer.brandId)))
          throw new AppError('order_not_found');
        if (!mailIsOn(ctx.config)) throw new AppError('mail_off');
        const diner = await findDinerMail(tx, customer.id, customer.brandId);
        if (!diner?.email) throw new AppError('receipt_email_no_address');
        const now = ctx.now();
        const mails = await receiptMailsOf(tx, orderId);
        if (mails.count >= RECEIPT_EMAILS_PER_ORDER) throw new AppError('receipt_email_limit');
        if (mails.latest && now.getTime() - mails.latest.queuedAt.getTime() < RECEIPT_EMAIL_GAP_MS)
          throw new AppError('receipt_email_too_soon');
        await queueMail(tx, {
          brandId: customer.brandId,
          kind: 'receipt',
          toEmail: diner.email,
          language,
          orderId,
          now,
        });
      });
      return receiptEmailState(ctx, { id: orderId, customerId: customer.id, brandId: customer.brandId });
    },
    composeMail: (mail) => composeReceiptMail(ctx, anyOrderReceipt, mail),
  };
}

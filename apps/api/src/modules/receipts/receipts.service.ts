import { encodeZatcaQr, isSaudiVatNumber } from '@sufra/shared/receipts/zatca-qr';
import type { Order } from '@sufra/shared/schemas/order';
import type { Receipt, ReceiptDiscount, ReceiptInvoiceKind } from '@sufra/shared/schemas/receipt';
import type { AppContext } from '../../app-context.ts';
import { findCustomerOrder, findStaffOrder, listLinesOf } from '../../core/order-rows.repo.ts';
import { toOrder } from '../../core/orders.view.ts';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { findCardPaidAt, findDiscountSources, findSeller } from './receipts.repo.ts';

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

async function receiptOf(ctx: AppContext, order: Order, brandId: number): Promise<Receipt> {
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
  };
}

export interface ReceiptsService {
  forCustomer(customer: CustomerPrincipal, orderId: number): Promise<Receipt>;
  forStaff(staff: StaffPrincipal, orderId: number): Promise<Receipt>;
}

/** Receipts: the diner's own orders only; staff the orders of their branches (anything else is not found). */
export function createReceiptsService(ctx: AppContext): ReceiptsService {
  return {
    async forCustomer(customer, orderId) {
      const row = await findCustomerOrder(ctx.db, orderId, customer.id, customer.brandId);
      if (!row) throw new AppError('order_not_found');
      return receiptOf(ctx, toOrder(row, await listLinesOf(ctx.db, [orderId])), customer.brandId);
    },
    async forStaff(staff, orderId) {
      const row = await findStaffOrder(ctx.db, orderId, staff.brandId);
      if (!row || !staff.branchIds.includes(row.order.branchId)) throw new AppError('order_not_found');
      return receiptOf(ctx, toOrder(row, await listLinesOf(ctx.db, [orderId])), staff.brandId);
    },
  };
}

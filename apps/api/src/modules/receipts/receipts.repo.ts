import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { branches, qrCodes } from '../../db/schema/branches.ts';
import { brands } from '../../db/schema/brands.ts';
import { coupons, couponUses } from '../../db/schema/coupons.ts';
import { customers } from '../../db/schema/customers.ts';
import { customerRewards, loyaltyRules, pointsLedger, rewards } from '../../db/schema/loyalty.ts';
import { orders } from '../../db/schema/orders.ts';
import { paymentAttempts } from '../../db/schema/payments.ts';

/** The seller on a receipt: the brand's names and VAT number, the rate, and whether the branch hands off to a POS. */
export async function findSeller(db: Queryable, brandId: number, branchId: number) {
  const [row] = await db
    .select({
      nameAr: brands.nameAr,
      nameEn: brands.nameEn,
      vatNumber: brands.vatNumber,
      vatRateBp: brands.vatRateBp,
      integrated: branches.integrated,
      timeZone: branches.timeZone,
      addressAr: branches.addressAr,
      addressEn: branches.addressEn,
    })
    .from(brands)
    .innerJoin(branches, and(eq(branches.brandId, brands.id), eq(branches.id, branchId)))
    .where(eq(brands.id, brandId));
  return row;
}

/** What an order's discounts came from, as placement recorded them (the order keeps only their sum). */
export async function findDiscountSources(db: Queryable, orderId: number) {
  const [coupon] = await db
    .select({ code: coupons.code, nameAr: coupons.nameAr, nameEn: coupons.nameEn, amount: couponUses.discountHalalas })
    .from(couponUses)
    .innerJoin(coupons, eq(coupons.id, couponUses.couponId))
    .where(eq(couponUses.orderId, orderId));
  const [points] = await db
    .select({ points: pointsLedger.points })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.orderId, orderId), eq(pointsLedger.kind, 'redeem')));
  const [reward] = await db
    .select({ nameAr: rewards.nameAr, nameEn: rewards.nameEn, kind: rewards.kind })
    .from(customerRewards)
    .innerJoin(rewards, eq(rewards.id, customerRewards.rewardId))
    .where(eq(customerRewards.claimedOrderId, orderId));
  const [rule] = await db
    .select({ pointValueHalalas: loyaltyRules.pointValueHalalas })
    .from(loyaltyRules)
    .innerJoin(customerRewards, eq(customerRewards.brandId, loyaltyRules.brandId))
    .where(eq(customerRewards.claimedOrderId, orderId))
    .limit(1);
  return {
    coupon,
    points: points ? -points.points : null,
    reward,
    pointValueHalalas: rule?.pointValueHalalas ?? null,
  };
}

/** When a card order's payment was verified (its paid attempt's last move). */
export async function findCardPaidAt(db: Queryable, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: paymentAttempts.updatedAt })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'paid')))
    .orderBy(desc(paymentAttempts.id))
    .limit(1);
  return row?.at ?? null;
}

/** Where a diner's receipt can be e-mailed: their address (null: they gave none) and the language they use. */
export async function findDinerMail(db: Queryable, customerId: number, brandId: number) {
  const [row] = await db
    .select({ email: customers.email, language: customers.language })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.brandId, brandId)));
  return row;
}

/** An active QR code of the branch, to open the receipt page under from an e-mail (none: no link). */
export async function findBranchQrUuid(db: Queryable, branchId: number): Promise<string | null> {
  const [row] = await db
    .select({ uuid: qrCodes.uuid })
    .from(qrCodes)
    .where(and(eq(qrCodes.branchId, branchId), eq(qrCodes.active, true)))
    .orderBy(qrCodes.createdAt)
    .limit(1);
  return row?.uuid ?? null;
}

/** Locks the diner's order row: two "Email me this receipt" at once are counted one after the other. */
export async function lockCustomerOrder(db: Queryable, orderId: number, customerId: number, brandId: number) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId), eq(orders.brandId, brandId)))
    .for('update');
  return row;
}

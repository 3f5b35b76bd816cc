import type { Coupon, StaffCoupon } from '@sufra/shared/schemas/coupons';
import type { CouponRow } from './coupons.repo.ts';

/** A coupon row as diners and managers see it (shared by the coupons' services). */
export function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    name: { ar: row.nameAr, en: row.nameEn },
    kind: row.kind as Coupon['kind'],
    percentBasisPoints: row.percentBp,
    maxDiscountHalalas: row.maxDiscountHalalas,
    amountHalalas: row.amountHalalas,
    itemId: row.itemId,
    minimumOrderHalalas: row.minimumOrderHalalas,
    startsAt: row.startsAt ? row.startsAt.toISOString() : null,
    endsAt: row.endsAt ? row.endsAt.toISOString() : null,
    branchIds: row.branchIds,
    orderTypes: row.orderTypes,
    newCustomersOnly: row.newCustomersOnly,
    combinesWithPoints: row.combinesWithPoints,
  };
}

export function toStaffCoupon(row: CouponRow): StaffCoupon {
  return {
    ...toCoupon(row),
    globalLimit: row.globalLimit,
    perCustomerLimit: row.perCustomerLimit,
    usedCount: row.usedCount,
    isActive: row.isActive,
    version: row.version,
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
  };
}

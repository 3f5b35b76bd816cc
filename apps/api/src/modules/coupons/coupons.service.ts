import { DEFAULT_LANGUAGE, type Language } from '@sufra/shared/language';
import { checkCoupon, couponDiscountOn, normalizeCouponCode } from '@sufra/shared/loyalty/coupons';
import type { ErrorCode } from '@sufra/shared/messages/errors';
import type { OrderType } from '@sufra/shared/order-types';
import { parsePhone } from '@sufra/shared/phone/phone-number';
import { priceCart } from '@sufra/shared/pricing/price-cart';
import type {
  CounterCouponBody,
  CounterCouponResponse,
  CouponCheckResponse,
  CouponHistoryResponse,
  couponBody,
  couponCheckBody,
  MyCouponsResponse,
  StaffCoupon,
} from '@sufra/shared/schemas/coupons';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { findBranchWithBrand } from '../../core/branch-context.repo.ts';
import { findCustomerByPhone } from '../../core/diners.repo.ts';
import type { QrContextRow } from '../../core/qr-context.repo.ts';
import { isUniqueViolation, pgErrorCode } from '../../db/errors.ts';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import type { MenuService } from '../menu/menu.service.ts';
import { priceLines, pricingColumns } from '../orders/order-lines.service.ts';
import { archive, duplicate, restore } from './coupon-archive.service.ts';
import { couponError, findTypedCoupon, prepareOrderCoupon, toRule } from './coupon-uses.service.ts';
import {
  claimCustomerUses,
  claimGlobalUses,
  countOwnReferences,
  customerUseCount,
  findCoupon,
  insertCoupon,
  insertCouponUses,
  isNewAtBranch,
  listBrandCoupons,
  listCustomerUses,
  listExpiredUnused,
  listUsableCoupons,
  lockBranchOrders,
  lockCoupons,
  updateCoupon,
} from './coupons.repo.ts';
import { toCoupon, toStaffCoupon } from './coupons.view.ts';

const HISTORY_EXPIRED_DAYS = 90;

type CouponBodyOut = z.output<typeof couponBody>;

/** What the coupons' operations need: the app, and the menu (a cart is priced as placement prices it). */
export interface CouponsDeps {
  ctx: AppContext;
  menu: MenuService;
}

/**
 * A manager's form → the row's columns, with the figures of the other kinds cleared. Every broken rule is named in
 * one answer (the form shows each under its field at once). The brand's default language's name is required; the
 * other, left blank, reads it (both languages are equal: neither is required for being English).
 */
function columnsOf(body: CouponBodyOut) {
  const code = normalizeCouponCode(body.code);
  const fields: Record<string, ErrorCode> = {};
  if (code === '') fields.code = 'field_required';
  else if (!/^[A-Z0-9-]{3,32}$/.test(code)) fields.code = 'coupon_code_invalid';
  if (body.name[DEFAULT_LANGUAGE] === '') fields[`name.${DEFAULT_LANGUAGE}`] = 'field_required';
  if (body.kind === 'percent' && body.percentBasisPoints === null) fields.percentBasisPoints = 'field_required';
  if (body.kind === 'fixed' && body.amountHalalas === null) fields.amountHalalas = 'field_required';
  if (body.kind === 'free_item' && body.itemId === null) fields.itemId = 'field_required';
  if (body.startsAt && body.endsAt && Date.parse(body.startsAt) >= Date.parse(body.endsAt)) {
    fields.endsAt = 'field_invalid';
  }
  if (Object.keys(fields).length > 0) throw new AppError('validation_failed', undefined, fields);
  const fallback = body.name[DEFAULT_LANGUAGE];
  return {
    code,
    nameAr: body.name.ar || fallback,
    nameEn: body.name.en || fallback,
    kind: body.kind,
    percentBp: body.kind === 'percent' ? body.percentBasisPoints : null,
    maxDiscountHalalas: body.kind === 'percent' ? body.maxDiscountHalalas : null,
    amountHalalas: body.kind === 'fixed' ? body.amountHalalas : null,
    itemId: body.kind === 'free_item' ? body.itemId : null,
    minimumOrderHalalas: body.minimumOrderHalalas,
    startsAt: body.startsAt ? new Date(body.startsAt) : null,
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
    globalLimit: body.globalLimit,
    perCustomerLimit: body.perCustomerLimit,
    branchIds: body.branchIds ? [...new Set(body.branchIds)].sort((a, b) => a - b) : null,
    orderTypes: body.orderTypes ? [...new Set(body.orderTypes)].sort((a, b) => a - b) : null,
    newCustomersOnly: body.newCustomersOnly,
    combinesWithPoints: body.combinesWithPoints,
    isActive: body.isActive,
  };
}

/**
 * The coupon's free item and branches must be the brand's own (issue 24: another brand's were accepted): 422 with
 * the field, nothing written. An item or branch that does not exist at all is refused alike.
 */
async function assertOwnReferences(deps: CouponsDeps, brandId: number, columns: ReturnType<typeof columnsOf>) {
  const found = await countOwnReferences(deps.ctx.db, brandId, columns);
  const fields: Record<string, ErrorCode> = {};
  if (columns.itemId !== null && found.items !== 1) fields.itemId = 'coupon_item_unknown';
  if (columns.branchIds && found.branches !== columns.branchIds.length) fields.branchIds = 'coupon_branch_unknown';
  const first = Object.values(fields)[0];
  if (first) throw new AppError(first, undefined, fields);
}

async function saved<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'coupons_brand_code_uq')) {
      throw new AppError('coupon_code_taken', undefined, { code: 'coupon_code_taken' });
    }
    // The only reference a coupon row holds: its free item, which no longer (or never) existed (issue 24 item 17).
    if (pgErrorCode(error) === '23503')
      throw new AppError('validation_failed', undefined, { itemId: 'item_not_found' });
    throw error;
  }
}

/**
 * The discount a coupon gives on this cart, priced by the server (the same checks as placement, the same
 * pricing function), or the refusal with its message. Nothing is taken: placement takes the use. The coupons
 * switch was checked with the QR code (the route's diner context).
 */
export async function check(
  deps: CouponsDeps,
  qr: QrContextRow,
  customer: CustomerPrincipal,
  body: z.output<typeof couponCheckBody>,
): Promise<CouponCheckResponse> {
  const { ctx } = deps;
  const { db } = ctx;
  let branch = qr.branch;
  if (body.orderType !== 1 && body.branchId !== undefined && body.branchId !== qr.branch.id) {
    const chosen = await findBranchWithBrand(db, body.branchId);
    if (!chosen || chosen.brand.id !== qr.brand.id) throw new AppError('branch_not_found');
    branch = chosen.branch;
  }
  const version = qr.brand.menuVersion;
  const [menuAr, menuEn] = await Promise.all([
    deps.menu.getBranchMenu(qr.brand.id, branch.id, version, 'ar'),
    deps.menu.getBranchMenu(qr.brand.id, branch.id, version, 'en'),
  ]);
  const lines = await priceLines(deps.menu, qr.brand.id, { ar: menuAr, en: menuEn }, {
    ...body,
    paymentMethod: 'cash',
  } as Parameters<typeof priceLines>[3]);
  const pricingInput = {
    lines: lines.map((l) => l.input),
    taxMode: menuEn.menu.taxMode,
    vatRateBasisPoints: menuEn.menu.vatRateBasisPoints,
    integrated: branch.integrated,
  };
  const before = priceCart(pricingInput);
  const { coupon, pricing } = await prepareOrderCoupon(db, {
    brandId: qr.brand.id,
    code: body.code,
    branchId: branch.id,
    orderType: body.orderType as OrderType,
    customerId: customer.id,
    subtotalHalalas: before.subtotal,
    lines: lines.map((l) => ({ itemId: l.row.itemId, unitPriceHalalas: l.input.unitPriceHalalas })),
    spendsPoints: body.points !== undefined,
    now: ctx.now(),
  });
  const after = priceCart({ ...pricingInput, coupon: pricing });
  const { taxMode: _mode, ...figures } = pricingColumns(after);
  return {
    coupon: toCoupon(coupon),
    discountHalalas: after.couponDiscount,
    pricing: { taxMode: after.taxMode, ...figures },
  };
}

/** The brand's coupons the diner may use now, with their uses left (null: no per-customer limit). */
export async function mine(deps: CouponsDeps, customer: CustomerPrincipal): Promise<MyCouponsResponse> {
  const { ctx } = deps;
  const { db } = ctx;
  const rows = await listUsableCoupons(db, customer.brandId, customer.id, ctx.now());
  return {
    coupons: rows.map(({ coupon, used }) => ({
      ...toCoupon(coupon),
      usesLeft: coupon.perCustomerLimit === null ? null : coupon.perCustomerLimit - used,
    })),
  };
}

/** Coupons History: the diner's uses (with their order) and the coupons that expired unused, newest first. */
export async function history(deps: CouponsDeps, customer: CustomerPrincipal): Promise<CouponHistoryResponse> {
  const { ctx } = deps;
  const { db } = ctx;
  const now = ctx.now();
  const [uses, expired] = await Promise.all([
    listCustomerUses(db, customer.brandId, customer.id),
    listExpiredUnused(
      db,
      customer.brandId,
      customer.id,
      new Date(now.getTime() - HISTORY_EXPIRED_DAYS * 86_400_000),
      now,
    ),
  ]);
  const entries: CouponHistoryResponse['entries'] = [
    ...uses.map(({ use, coupon, orderNumber }) => ({
      coupon: toCoupon(coupon),
      status: use.releasedAt ? ('given_back' as const) : ('used' as const),
      at: use.usedAt.toISOString(),
      discountHalalas: use.discountHalalas,
      order: use.orderId !== null && orderNumber !== null ? { id: use.orderId, number: orderNumber } : null,
    })),
    ...expired.map((coupon) => ({
      coupon: toCoupon(coupon),
      status: 'expired' as const,
      at: (coupon.endsAt ?? now).toISOString(),
      discountHalalas: null,
      order: null,
    })),
  ];
  entries.sort((a, b) => b.at.localeCompare(a.at));
  return { entries };
}

/**
 * A coupon used in a walk-in sale at the counter, recorded like a reward redemption (staff, branch, time). The
 * diner's phone is needed where the coupon counts per customer or is for new customers only. The limits are taken
 * by the same conditional updates as placement, in one transaction with the use's row.
 */
export async function redeemAtCounter(
  deps: CouponsDeps,
  staff: StaffPrincipal,
  body: CounterCouponBody,
  _language: Language,
): Promise<CounterCouponResponse> {
  const { ctx } = deps;
  const { db } = ctx;
  if (!staff.branchIds.includes(body.branchId)) throw new AppError('branch_out_of_scope');
  const now = ctx.now();
  const coupon = await findTypedCoupon(db, staff.brandId, body.code);
  const rule = toRule(coupon);
  let customer: { id: number; name: string; phone: string } | null = null;
  if (body.phone && body.phone.phone_number.trim() !== '') {
    const phone = parsePhone(body.phone);
    if (!phone.ok) throw new AppError(phone.problem, undefined, { phone: phone.problem });
    const found = await findCustomerByPhone(db, staff.brandId, phone.e164);
    if (!found) throw new AppError('customer_not_found', undefined, { phone: 'customer_not_found' });
    customer = { id: found.id, name: found.fullName, phone: found.phone };
  }
  const [customerUses, isNew] = customer
    ? await Promise.all([customerUseCount(db, coupon.id, customer.id), isNewAtBranch(db, customer.id, body.branchId)])
    : [0, null];
  const refusal = checkCoupon(rule, {
    now,
    branchId: body.branchId,
    orderType: null,
    subtotalHalalas: body.saleHalalas,
    customerUses,
    customerIsNewAtBranch: isNew,
  });
  // At the counter the spec's words for the cashier: "Customer is not new to … this branch".
  if (refusal === 'coupon_new_customers_only') throw new AppError('coupon_customer_not_new');
  if (refusal) throw couponError(refusal, coupon);
  const discountHalalas = couponDiscountOn(rule, body.saleHalalas);
  await db.transaction(async (tx) => {
    // For new customers only: asked again under the branch's counter row lock (the coupon's row first, placement's
    // lock order, core/checkout-extras.rules), so an order of theirs placed at the branch meanwhile is seen, or waits for this.
    if (customer && coupon.newCustomersOnly) {
      await lockCoupons(tx, [coupon.id]);
      await lockBranchOrders(tx, body.branchId);
      if (!(await isNewAtBranch(tx, customer.id, body.branchId))) throw new AppError('coupon_customer_not_new');
    }
    if (customer && coupon.perCustomerLimit !== null) {
      const k = await claimCustomerUses(tx, {
        couponId: coupon.id,
        customerId: customer.id,
        limit: coupon.perCustomerLimit,
        n: 1,
      });
      if (k < 1) throw new AppError('coupon_customer_limit');
    }
    if ((await claimGlobalUses(tx, coupon.id, 1, now)) < 1) throw new AppError('coupon_used_up');
    await insertCouponUses(tx, [
      {
        couponId: coupon.id,
        brandId: staff.brandId,
        customerId: customer?.id ?? null,
        orderId: null,
        branchId: body.branchId,
        staffUserId: staff.id,
        saleHalalas: body.saleHalalas,
        discountHalalas,
        usedAt: now,
      },
    ]);
  });
  return {
    coupon: toCoupon(coupon),
    discountHalalas,
    payHalalas: body.saleHalalas - discountHalalas,
    usedAt: now.toISOString(),
    customer: customer ? { name: customer.name, phone: customer.phone } : null,
  };
}

export async function list(deps: CouponsDeps, staff: StaffPrincipal): Promise<{ coupons: StaffCoupon[] }> {
  const { db } = deps.ctx;
  return { coupons: (await listBrandCoupons(db, staff.brandId)).map(toStaffCoupon) };
}

export async function create(deps: CouponsDeps, staff: StaffPrincipal, body: CouponBodyOut): Promise<StaffCoupon> {
  const { ctx } = deps;
  const { db } = ctx;
  const columns = columnsOf(body);
  await assertOwnReferences(deps, staff.brandId, columns);
  const now = ctx.now();
  const row = await saved(() =>
    insertCoupon(db, { ...columns, brandId: staff.brandId, createdAt: now, updatedAt: now }),
  );
  return toStaffCoupon(row);
}

export async function update(
  deps: CouponsDeps,
  staff: StaffPrincipal,
  id: number,
  body: CouponBodyOut,
): Promise<StaffCoupon> {
  const { ctx } = deps;
  const { db } = ctx;
  const existing = await findCoupon(db, id, staff.brandId);
  if (!existing) throw new AppError('coupon_not_found');
  // An archived coupon is restored before it is edited (else an edit could switch it back on, docs/adr/0590).
  if (existing.archivedAt) throw new AppError('archived_edit_refused');
  const columns = columnsOf(body);
  await assertOwnReferences(deps, staff.brandId, columns);
  // A global limit below the uses already made would break the counter's CHECK: refused with its field.
  if (columns.globalLimit !== null && columns.globalLimit < existing.usedCount) {
    throw new AppError('validation_failed', { usedCount: existing.usedCount }, { globalLimit: 'field_invalid' });
  }
  const row = await saved(() => updateCoupon(db, id, staff.brandId, { ...columns, updatedAt: ctx.now() }));
  if (!row) throw new AppError('coupon_not_found');
  return toStaffCoupon(row);
}

/**
 * Coupons for diners (the check before placing, their coupons and history), the cashier's redemption at the counter,
 * and managers' coupons. Placement's own use of a coupon is in coupon-uses.service.ts (it runs in the placement's transaction).
 * The operations are the plain functions above; this binds them to the app.
 */
export function createCouponsService(ctx: AppContext, options: { menu: MenuService }) {
  const deps: CouponsDeps = { ctx, menu: options.menu };
  return {
    check: check.bind(null, deps),
    mine: mine.bind(null, deps),
    history: history.bind(null, deps),
    redeemAtCounter: redeemAtCounter.bind(null, deps),
    list: list.bind(null, deps),
    create: create.bind(null, deps),
    update: update.bind(null, deps),
    archive: archive.bind(null, deps),
    restore: restore.bind(null, deps),
    duplicate: duplicate.bind(null, deps),
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;

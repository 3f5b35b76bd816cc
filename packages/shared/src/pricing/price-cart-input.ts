import type { Halalas } from '../money.ts';

// What priceCart takes (price-cart.ts re-exports it all), the limits it holds it to, and its checks.

export type TaxMode = 'inclusive' | 'exclusive';
/** A rate in basis points: 1500 = 15 %. */
export type BasisPoints = number;

export interface ModifierInput {
  priceHalalas: Halalas;
  /** The option's own tax rate; null or absent: the line's rate. */
  taxRateBasisPoints?: BasisPoints | null;
}

export interface ProductLineInput {
  kind: 'product';
  /** One unit of the item, without options. */
  unitPriceHalalas: Halalas;
  /** The item's tax rate override; null: the brand's VAT. */
  taxRateBasisPoints: BasisPoints | null;
  modifiers: readonly ModifierInput[];
  quantity: number;
}

export interface ComboLineInput {
  kind: 'combo';
  unitPriceHalalas: Halalas;
  taxRateBasisPoints: BasisPoints | null;
  /** The product chosen for each slot, with what it adds to the combo price (taxed at the combo's rate). */
  slots: readonly { extraPriceHalalas: Halalas }[];
  modifiers: readonly ModifierInput[];
  quantity: number;
}

export type CartLineInput = ProductLineInput | ComboLineInput;

export type ChargeInput =
  | { kind: 'percentage'; basisPoints: BasisPoints; taxRateBasisPoints?: BasisPoints | null }
  | { kind: 'fixed'; amountHalalas: Halalas; taxRateBasisPoints?: BasisPoints | null };

export type CouponInput =
  | { kind: 'fixed'; amountHalalas: Halalas }
  | { kind: 'percentage'; basisPoints: BasisPoints; maxHalalas?: Halalas | null };

export interface PriceCartInput {
  lines: readonly CartLineInput[];
  taxMode: TaxMode;
  vatRateBasisPoints: BasisPoints;
  /** Service charge and the like, in the order the brand lists them. */
  charges?: readonly ChargeInput[];
  /** From the delivery zone; 0 or absent when the order is not a delivery. */
  deliveryFeeHalalas?: Halalas;
  /** null or absent: the brand's VAT. */
  deliveryFeeTaxRateBasisPoints?: BasisPoints | null;
  coupon?: CouponInput | null;
  /** An owned reward's discount (fixed, or a percentage with its cap), priced like a coupon, before it. */
  reward?: CouponInput | null;
  /** Loyalty points redeemed, already converted to halalas. */
  pointsHalalas?: Halalas;
  /** The branch sends orders to Foodics: the foodics* figures are filled (else 0). */
  integrated?: boolean;
}

/** Limits that keep every sum far inside Number.MAX_SAFE_INTEGER. */
export const PRICING_LIMITS = {
  maxQuantity: 99,
  maxLines: 200,
  maxModifiersPerLine: 50,
  maxSlotsPerCombo: 20,
  maxCharges: 10,
  /** 1,000,000 SAR: for any one price, fee, coupon or points amount. */
  maxAmountHalalas: 100_000_000,
  /** 100 %: for tax rates, percentage charges and percentage coupons. */
  maxBasisPoints: 10_000,
} as const;

export type PricingInputProblem =
  | 'not_an_integer'
  | 'negative'
  | 'too_large'
  | 'out_of_range'
  | 'unknown_kind'
  | 'not_a_list';

/**
 * Thrown for input the function refuses (a price that is negative or not a whole number of halalas, a quantity
 * outside 1..99, a rate above 100 %, too many lines). `code` is the catalogue's `validation_failed` (400), so the
 * server can rethrow it as its own error; `field` names the value, e.g. `lines[2].quantity`.
 */
export class PricingInputError extends Error {
  readonly code = 'validation_failed' as const;
  readonly field: string;
  readonly problem: PricingInputProblem;

  constructor(field: string, problem: PricingInputProblem) {
    super(`Cannot price the cart: ${field} is ${problem.replaceAll('_', ' ')}`);
    this.name = 'PricingInputError';
    this.field = field;
    this.problem = problem;
  }
}

/** The cart's input but its discounts (validateDiscounts): checked first, in this order. */
export function validateCart(input: PriceCartInput): void {
  const L = PRICING_LIMITS;
  if (input.taxMode !== 'inclusive' && input.taxMode !== 'exclusive') fail('taxMode', 'unknown_kind');
  checkRate(input.vatRateBasisPoints, 'vatRateBasisPoints');
  checkList(input.lines, 'lines', L.maxLines);
  input.lines.forEach((line, i) => {
    const at = `lines[${i}]`;
    if (line.kind !== 'product' && line.kind !== 'combo') fail(`${at}.kind`, 'unknown_kind');
    checkAmount(line.unitPriceHalalas, `${at}.unitPriceHalalas`);
    if (line.taxRateBasisPoints !== null) checkRate(line.taxRateBasisPoints, `${at}.taxRateBasisPoints`);
    checkInteger(line.quantity, `${at}.quantity`);
    if (line.quantity < 1 || line.quantity > L.maxQuantity) fail(`${at}.quantity`, 'out_of_range');
    checkList(line.modifiers, `${at}.modifiers`, L.maxModifiersPerLine);
    line.modifiers.forEach((modifier, m) => {
      checkAmount(modifier.priceHalalas, `${at}.modifiers[${m}].priceHalalas`);
      if (modifier.taxRateBasisPoints != null) {
        checkRate(modifier.taxRateBasisPoints, `${at}.modifiers[${m}].taxRateBasisPoints`);
      }
    });
    if (line.kind === 'combo') {
      checkList(line.slots, `${at}.slots`, L.maxSlotsPerCombo);
      line.slots.forEach((slot, s) => {
        checkAmount(slot.extraPriceHalalas, `${at}.slots[${s}].extraPriceHalalas`);
      });
    }
  });
  const charges = input.charges ?? [];
  checkList(charges, 'charges', L.maxCharges);
  charges.forEach((charge, i) => {
    const at = `charges[${i}]`;
    if (charge.kind === 'percentage') checkRate(charge.basisPoints, `${at}.basisPoints`);
    else if (charge.kind === 'fixed') checkAmount(charge.amountHalalas, `${at}.amountHalalas`);
    else fail(`${at}.kind`, 'unknown_kind');
    if (charge.taxRateBasisPoints != null) checkRate(charge.taxRateBasisPoints, `${at}.taxRateBasisPoints`);
  });
  if (input.deliveryFeeHalalas !== undefined) checkAmount(input.deliveryFeeHalalas, 'deliveryFeeHalalas');
  if (input.deliveryFeeTaxRateBasisPoints != null) {
    checkRate(input.deliveryFeeTaxRateBasisPoints, 'deliveryFeeTaxRateBasisPoints');
  }
}

/** The coupon and points, checked after the rest of the input (priceCart's errors come in this order). */
export function validateDiscounts(input: PriceCartInput): void {
  checkDiscount(input.reward, 'reward');
  checkDiscount(input.coupon, 'coupon');
  if (input.pointsHalalas !== undefined) checkAmount(input.pointsHalalas, 'pointsHalalas');
}

function checkDiscount(discount: CouponInput | null | undefined, field: string): void {
  if (discount == null) return;
  if (discount.kind === 'fixed') checkAmount(discount.amountHalalas, `${field}.amountHalalas`);
  else if (discount.kind === 'percentage') {
    checkRate(discount.basisPoints, `${field}.basisPoints`);
    if (discount.maxHalalas != null) checkAmount(discount.maxHalalas, `${field}.maxHalalas`);
  } else fail(`${field}.kind`, 'unknown_kind');
}

function fail(field: string, problem: PricingInputProblem): never {
  throw new PricingInputError(field, problem);
}

function checkList(value: readonly unknown[], field: string, max: number): void {
  if (!Array.isArray(value)) fail(field, 'not_a_list');
  if (value.length > max) fail(field, 'too_large');
}

function checkInteger(value: unknown, field: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) fail(field, 'not_an_integer');
}

function checkAmount(value: unknown, field: string): void {
  checkInteger(value, field);
  if (value < 0) fail(field, 'negative');
  if (value > PRICING_LIMITS.maxAmountHalalas) fail(field, 'too_large');
}

function checkRate(value: unknown, field: string): void {
  checkInteger(value, field);
  if (value < 0) fail(field, 'negative');
  if (value > PRICING_LIMITS.maxBasisPoints) fail(field, 'out_of_range');
}

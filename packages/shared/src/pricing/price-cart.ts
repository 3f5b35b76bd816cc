import type { Halalas } from '../money.ts';
import { apportion } from './apportion.ts';

/**
 * Prices a cart: the one function the web app uses for previews and the server uses for every order (DESIGN §3).
 * Pure, integer halalas in and out, no floating point anywhere (BigInt where a product could pass 2^53).
 *
 * The rules, in order:
 * 1. Tax mode is the brand's and covers every amount the brand sets: menu prices, modifier prices, combo extras,
 *    fixed charges and the delivery fee all include VAT in `inclusive` mode and exclude it in `exclusive` mode.
 * 2. A line is split into its item part ((unit price + combo slot extras) × quantity, at the line's rate: its override
 *    or the brand's VAT) and its modifiers (Σ option price × quantity, grouped by rate: an option's own rate or else
 *    the line's). Each part is taxed on its own and the tax rounded to the halala, half away from zero; the order's
 *    taxes are sums of those rounded figures (rounding per line, never on the total).
 * 3. Discounts apply to the lines only (never to charges or the delivery fee) and before tax: coupon first (fixed, or
 *    a percentage of the subtotal rounded like taxes and capped by its maximum), then points; each is capped at what
 *    is left of the subtotal, so the discount never exceeds the subtotal. The discount is spread over the line parts
 *    in proportion to their amounts (see `apportion`) and each part is taxed on what is left of it.
 * 4. Charges are a percentage of the subtotal before discounts, or a fixed amount; each has its own rate (default:
 *    the brand's VAT). The delivery fee is a charge too: `chargeAmount` includes it, `deliveryFee` shows it alone.
 * 5. Exclusive: total = subtotal − totalDiscount + chargeAmount + taxesPrice.
 *    Inclusive: total = subtotal − totalDiscount + chargeAmount, and taxesPrice is the VAT those amounts contain
 *    (a part's tax is amount × rate / (10000 + rate), rounded as in 2).
 */

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
  /** Loyalty points redeemed, already converted to halalas. */
  pointsHalalas?: Halalas;
  /** The branch sends orders to Foodics: the foodics* figures are filled (else 0). */
  integrated?: boolean;
}

export interface LinePricing {
  /** One unit with its slot extras and modifiers, as the menu shows it. */
  unitPriceHalalas: Halalas;
  /** unitPriceHalalas × quantity. */
  subtotal: Halalas;
  /** This line's share of the coupon and points. */
  discount: Halalas;
  /** Tax on the item part (with combo slot extras). */
  itemTax: Halalas;
  /** Tax on the modifiers. */
  modifiersTax: Halalas;
  /** itemTax + modifiersTax. */
  tax: Halalas;
  /** What the line costs after its discount, tax included (exclusive: subtotal − discount + tax). */
  total: Halalas;
}

export interface ChargePricing {
  amount: Halalas;
  tax: Halalas;
}

/** The spec's cart totals (§3), plus the figures behind them. */
export interface CartPricing {
  taxMode: TaxMode;
  /** In the order of the input lines. */
  lines: LinePricing[];
  /** Σ line subtotals, before discounts (tax included in inclusive mode, excluded in exclusive mode). */
  subtotal: Halalas;
  /** Taxes on the items (and combo extras): the spec's branchTaxes. */
  branchTaxes: Halalas;
  /** Taxes on the modifiers. */
  modifiersTaxes: Halalas;
  /** Σ charges, delivery fee included. */
  chargeAmount: Halalas;
  /** Taxes on the charges and the delivery fee. */
  chargesTaxes: Halalas;
  /** In the order of the input charges (without the delivery fee). */
  charges: ChargePricing[];
  deliveryFee: Halalas;
  deliveryFeeTax: Halalas;
  /** branchTaxes + modifiersTaxes + chargesTaxes. */
  taxesPrice: Halalas;
  couponDiscount: Halalas;
  pointsDiscount: Halalas;
  /** couponDiscount + pointsDiscount, never above the subtotal. */
  totalDiscount: Halalas;
  /** What the customer pays. */
  total: Halalas;
  /**
   * The figures sent to the POS when the branch is integrated (Foodics): the same as taxesPrice, chargeAmount
   * (delivery fee included) and total; 0 when it is not.
   */
  foodicsTaxes: Halalas;
  foodicsCharges: Halalas;
  foodicsTotal: Halalas;
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

/** A part of a line that is taxed on its own. */
export interface TaxedPart {
  line: number;
  part: 'item' | 'modifiers';
  rate: BasisPoints;
  amount: Halalas;
}

/**
 * A cart's lines priced before any discount (priceCartLines): the parts taxed on their own, each line's unit price
 * and the subtotal. What a coupon's minimum is checked on, before the coupon is known to apply.
 */
export interface CartLinesPricing {
  parts: readonly TaxedPart[];
  lineUnitPrices: readonly Halalas[];
  subtotal: Halalas;
}

export function priceCart(input: PriceCartInput): CartPricing {
  return priceCartWith(priceCartLines(input), input);
}

/**
 * The first half of priceCart: the input checked (but its coupon and points, which priceCartWith checks) and its lines
 * split into taxed parts. The server prices an order's lines once and finishes it with and without its discounts.
 */
export function priceCartLines(input: PriceCartInput): CartLinesPricing {
  validateCart(input);
  const vat = input.vatRateBasisPoints;
  const parts: TaxedPart[] = [];
  const lineUnitPrices: Halalas[] = [];
  input.lines.forEach((line, index) => {
    const rate = line.taxRateBasisPoints ?? vat;
    const extras = line.kind === 'combo' ? sum(line.slots.map((s) => s.extraPriceHalalas)) : 0;
    const itemUnit = line.unitPriceHalalas + extras;
    parts.push({ line: index, part: 'item', rate, amount: itemUnit * line.quantity });
    const byRate = new Map<BasisPoints, Halalas>();
    for (const modifier of line.modifiers) {
      const modifierRate = modifier.taxRateBasisPoints ?? rate;
      byRate.set(modifierRate, (byRate.get(modifierRate) ?? 0) + modifier.priceHalalas);
    }
    for (const [modifierRate, unitAmount] of [...byRate].sort(([a], [b]) => a - b)) {
      parts.push({ line: index, part: 'modifiers', rate: modifierRate, amount: unitAmount * line.quantity });
    }
    lineUnitPrices.push(itemUnit + sum(line.modifiers.map((m) => m.priceHalalas)));
  });
  return { parts, lineUnitPrices, subtotal: sum(parts.map((p) => p.amount)) };
}

/**
 * The second half of priceCart: `priced` (priceCartLines of the same lines, taxes and VAT) finished with the input's
 * discounts, charges and delivery fee. Pure: the same `priced` may be finished with several discounts.
 */
export function priceCartWith(priced: CartLinesPricing, input: PriceCartInput): CartPricing {
  validateDiscounts(input);
  const { taxMode, vatRateBasisPoints: vat } = input;
  const taxOn = (amount: Halalas, rate: BasisPoints): Halalas =>
    taxMode === 'exclusive' ? mulDivRound(amount, rate, 10_000) : mulDivRound(amount, rate, 10_000 + rate);
  const { subtotal } = priced;
  const { couponDiscount, pointsDiscount } = discountsOf(input, subtotal);
  const totalDiscount = couponDiscount + pointsDiscount;
  const lines = taxedLines(input, priced, subtotal - totalDiscount, taxOn);

  const charges: ChargePricing[] = (input.charges ?? []).map((charge) => {
    const amount =
      charge.kind === 'percentage' ? mulDivRound(subtotal, charge.basisPoints, 10_000) : charge.amountHalalas;
    return { amount, tax: taxOn(amount, charge.taxRateBasisPoints ?? vat) };
  });
  const deliveryFee = input.deliveryFeeHalalas ?? 0;
  const deliveryFeeTax = taxOn(deliveryFee, input.deliveryFeeTaxRateBasisPoints ?? vat);

  const branchTaxes = sum(lines.map((l) => l.itemTax));
  const modifiersTaxes = sum(lines.map((l) => l.modifiersTax));
  const chargeAmount = sum(charges.map((c) => c.amount)) + deliveryFee;
  const chargesTaxes = sum(charges.map((c) => c.tax)) + deliveryFeeTax;
  const taxesPrice = branchTaxes + modifiersTaxes + chargesTaxes;
  const total = subtotal - totalDiscount + chargeAmount + (taxMode === 'exclusive' ? taxesPrice : 0);
  const integrated = input.integrated === true;

  return {
    taxMode,
    lines,
    subtotal,
    branchTaxes,
    modifiersTaxes,
    chargeAmount,
    chargesTaxes,
    charges,
    deliveryFee,
    deliveryFeeTax,
    taxesPrice,
    couponDiscount,
    pointsDiscount,
    totalDiscount,
    total,
    foodicsTaxes: integrated ? taxesPrice : 0,
    foodicsCharges: integrated ? chargeAmount : 0,
    foodicsTotal: integrated ? total : 0,
  };
}

/** Discounts: coupon, then points, each capped by what is left of the subtotal. */
function discountsOf(input: PriceCartInput, subtotal: Halalas): { couponDiscount: Halalas; pointsDiscount: Halalas } {
  const coupon = input.coupon;
  let couponDiscount = 0;
  if (coupon?.kind === 'fixed') couponDiscount = coupon.amountHalalas;
  else if (coupon?.kind === 'percentage') {
    couponDiscount = mulDivRound(subtotal, coupon.basisPoints, 10_000);
    if (coupon.maxHalalas != null) couponDiscount = Math.min(couponDiscount, coupon.maxHalalas);
  }
  couponDiscount = Math.min(couponDiscount, subtotal);
  const pointsDiscount = Math.min(input.pointsHalalas ?? 0, subtotal - couponDiscount);
  return { couponDiscount, pointsDiscount };
}

/** Each line's discount and taxes: `left` (the subtotal after discounts) spread over the parts, each taxed. */
function taxedLines(
  input: PriceCartInput,
  priced: CartLinesPricing,
  left: Halalas,
  taxOn: (amount: Halalas, rate: BasisPoints) => Halalas,
): LinePricing[] {
  const { parts, lineUnitPrices } = priced;
  // What is left after the discount, spread over the parts; ties go to the bigger part, then the higher rate, then
  // items before modifiers, so the order of the lines cannot change any total.
  const rankOrder = parts
    .map((_, i) => i)
    .sort((a, b) => {
      const pa = parts[a] as TaxedPart;
      const pb = parts[b] as TaxedPart;
      return pb.amount - pa.amount || pb.rate - pa.rate || (pa.part === pb.part ? 0 : pa.part === 'item' ? -1 : 1);
    });
  const tieRank = parts.map(() => 0);
  rankOrder.forEach((partIndex, rank) => {
    tieRank[partIndex] = rank;
  });
  const remaining = apportion(
    left,
    parts.map((p) => p.amount),
    tieRank,
  );

  const lines: LinePricing[] = input.lines.map((line, index) => {
    const unitPriceHalalas = lineUnitPrices[index] ?? 0;
    return {
      unitPriceHalalas,
      subtotal: unitPriceHalalas * line.quantity,
      discount: 0,
      itemTax: 0,
      modifiersTax: 0,
      tax: 0,
      total: 0,
    };
  });
  parts.forEach((part, i) => {
    const partLeft = remaining[i] ?? 0;
    const line = lines[part.line] as LinePricing;
    const tax = taxOn(partLeft, part.rate);
    line.discount += part.amount - partLeft;
    if (part.part === 'item') line.itemTax += tax;
    else line.modifiersTax += tax;
  });
  for (const line of lines) {
    line.tax = line.itemTax + line.modifiersTax;
    line.total = line.subtotal - line.discount + (input.taxMode === 'exclusive' ? line.tax : 0);
  }
  return lines;
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/** a × b / c rounded half away from zero (all three are non-negative here, so: half up), exactly. */
function mulDivRound(a: number, b: number, c: number): number {
  const numerator = BigInt(a) * BigInt(b);
  const denominator = BigInt(c);
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** The cart's input but its discounts (validateDiscounts): checked first, in this order. */
function validateCart(input: PriceCartInput): void {
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
function validateDiscounts(input: PriceCartInput): void {
  const coupon = input.coupon;
  if (coupon != null) {
    if (coupon.kind === 'fixed') checkAmount(coupon.amountHalalas, 'coupon.amountHalalas');
    else if (coupon.kind === 'percentage') {
      checkRate(coupon.basisPoints, 'coupon.basisPoints');
      if (coupon.maxHalalas != null) checkAmount(coupon.maxHalalas, 'coupon.maxHalalas');
    } else fail('coupon.kind', 'unknown_kind');
  }
  if (input.pointsHalalas !== undefined) checkAmount(input.pointsHalalas, 'pointsHalalas');
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

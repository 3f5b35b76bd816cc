import type { Halalas } from '../money.ts';
import { apportion } from './apportion.ts';
import {
  type BasisPoints,
  type CouponInput,
  type PriceCartInput,
  type TaxMode,
  validateCart,
  validateDiscounts,
} from './price-cart-input.ts';

// What priceCart takes, its limits and its error live beside it (price-cart-input.ts): importers keep taking them
// from here.
export type {
  BasisPoints,
  CartLineInput,
  ChargeInput,
  ComboLineInput,
  CouponInput,
  ModifierInput,
  PriceCartInput,
  PricingInputProblem,
  ProductLineInput,
  TaxMode,
} from './price-cart-input.ts';
export { PRICING_LIMITS, PricingInputError } from './price-cart-input.ts';

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
 * 3. Discounts apply to the lines only (never to charges or the delivery fee) and before tax: an owned reward's
 *    discount first, then the coupon (each fixed, or a percentage of the subtotal rounded like taxes and capped by its
 *    maximum), then points; each is capped at what is left of the subtotal, so the discount never exceeds the subtotal. The discount is spread over the line parts
 *    in proportion to their amounts (see `apportion`) and each part is taxed on what is left of it.
 * 4. Charges are a percentage of the subtotal before discounts, or a fixed amount; each has its own rate (default:
 *    the brand's VAT). The delivery fee is a charge too: `chargeAmount` includes it, `deliveryFee` shows it alone.
 * 5. Exclusive: total = subtotal − totalDiscount + chargeAmount + taxesPrice.
 *    Inclusive: total = subtotal − totalDiscount + chargeAmount, and taxesPrice is the VAT those amounts contain
 *    (a part's tax is amount × rate / (10000 + rate), rounded as in 2).
 */

export interface LinePricing {
  /** One unit with its slot extras and modifiers, as the menu shows it. */
  unitPriceHalalas: Halalas;
  /** unitPriceHalalas × quantity. */
  subtotal: Halalas;
  /** This line's share of the reward, coupon and points. */
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
  /** An owned reward's discount (its fixed amount or percentage). */
  rewardDiscount: Halalas;
  couponDiscount: Halalas;
  pointsDiscount: Halalas;
  /** rewardDiscount + couponDiscount + pointsDiscount, never above the subtotal. */
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
  const { rewardDiscount, couponDiscount, pointsDiscount } = discountsOf(input, subtotal);
  const totalDiscount = rewardDiscount + couponDiscount + pointsDiscount;
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
    rewardDiscount,
    couponDiscount,
    pointsDiscount,
    totalDiscount,
    total,
    foodicsTaxes: integrated ? taxesPrice : 0,
    foodicsCharges: integrated ? chargeAmount : 0,
    foodicsTotal: integrated ? total : 0,
  };
}

/** Discounts: the reward's, the coupon's, then points, each capped by what is left of the subtotal. */
function discountsOf(
  input: PriceCartInput,
  subtotal: Halalas,
): { rewardDiscount: Halalas; couponDiscount: Halalas; pointsDiscount: Halalas } {
  const rewardDiscount = Math.min(discountOf(input.reward, subtotal), subtotal);
  const couponDiscount = Math.min(discountOf(input.coupon, subtotal), subtotal - rewardDiscount);
  const pointsDiscount = Math.min(input.pointsHalalas ?? 0, subtotal - rewardDiscount - couponDiscount);
  return { rewardDiscount, couponDiscount, pointsDiscount };
}

/** A fixed amount, or a percentage of the subtotal rounded like taxes and capped by its maximum. */
function discountOf(discount: CouponInput | null | undefined, subtotal: Halalas): Halalas {
  if (discount?.kind === 'fixed') return discount.amountHalalas;
  if (discount?.kind !== 'percentage') return 0;
  const off = mulDivRound(subtotal, discount.basisPoints, 10_000);
  return discount.maxHalalas != null ? Math.min(off, discount.maxHalalas) : off;
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

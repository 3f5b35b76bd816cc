import type { ErrorCode } from '@sufra/shared/messages/errors';
import type { CouponInput } from '@sufra/shared/pricing/price-cart';
import type { Queryable } from '../db/client.ts';
import type {
  GuardScope,
  GuardSql,
  RowsScope,
  RowsSql,
  StatementColumnType,
  StatementExtra,
} from './checkout-statement.repo.ts';
import type { LoyaltyRulesLite } from './qr-context.repo.ts';

/**
 * The rows a placement may lock, in the house's lock order (docs/adr/0084, 0320): every transaction that takes more
 * than one of them takes them in this order, so two never wait on each other in a cycle. The placement statement
 * takes the branch's counter; an extra's guard runs before it (its rank is before the counter), its rows after.
 */
export const LOCK_ORDER = [
  'customers',
  'coupons',
  'coupon_customer_uses',
  'branch_order_counters',
  'customer_rewards',
  'order_outbox',
] as const;
export type LockRank = (typeof LOCK_ORDER)[number];
/** The rank of the row the placement statement itself locks: every guard's rows come before it. */
export const COUNTER_RANK_NAME: LockRank = 'branch_order_counters';
const COUNTER_RANK = LOCK_ORDER.indexOf(COUNTER_RANK_NAME);

/** A value an extra's input column carries in the statement's jsonb input. */
export type ColumnValue = string | number | boolean | null;

/** One write of a batch an extra is asked about: its index in the batch, whom it is for, and what it carries. */
export interface ExtraWrite<V> {
  index: number;
  brandId: number;
  branchId: number;
  customerId: number;
  value: V;
}

/**
 * A checkout extra: one more thing a placed order carries (points spent, a coupon's use, an owned reward, the
 * kitchen's hand-off; next a gift card or a wallet), folded into the one placement statement as a plug-in registered
 * at the composition root (checkout-extras.ts). It declares its inputs (its columns of the statement's input, filled
 * from the value a write carries), its locks (its rank in LOCK_ORDER), its guard (CTEs before the branch's counter
 * reading `go`, and the condition that every one of them held) and the rows it writes (CTEs after, reading
 * `placed`). When a guard does not hold, the statement writes nothing; `refusals` reads which writes to refuse and
 * why (the shared rules over what the database holds now), and the batch is written again without them.
 */
export interface CheckoutExtra<V, C extends string = string> extends StatementExtra<C> {
  name: string;
  rank: LockRank;
  /** In every batch, carried or not (the kitchen's hand-off reads the write's own `hand_to_kitchen`). */
  inEveryBatch?: boolean;
  /** Its input columns and their SQL types (names unique across extras). */
  columns: Readonly<Record<C, StatementColumnType>>;
  /** The input columns' values for a write carrying `value` (null for a write that does not). */
  input(value: V, at: Date): Record<C, ColumnValue>;
  /** Before the branch's counter: CTEs reading `go`, and the condition that all of them held (their rows locked). */
  guard?(scope: GuardScope<C>): GuardSql;
  /** After the orders are written: CTEs reading `placed`, what must then hold, expressions of the answer's select. */
  rows?(scope: RowsScope<C>): RowsSql;
  /**
   * Whether this write's guard reads rows that only the branch's counter row protects (a new-customers-only coupon
   * reads the diner's orders at the branch). Such a batch is one transaction: every present extra's `lock` in rank
   * order, the counter row, then the statement, whose snapshot then sees every order placed before it.
   */
  locksFirst?(value: V): boolean;
  lock?(tx: Queryable, writes: readonly ExtraWrite<V>[]): Promise<void>;
  /**
   * After a guard refused: which of these writes to refuse, and with what error (reads only). `batch` is every write
   * still in the batch, for rules that look at the diner's other writes.
   */
  refusals?(
    db: Queryable,
    writes: readonly ExtraWrite<V>[],
    context: { at: Date; batch: readonly ExtraWrite<unknown>[] },
  ): Promise<Map<number, ErrorCode>>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds extras of every value type.
export type AnyCheckoutExtra = CheckoutExtra<any, string>;

/** What one write carries for one extra. */
export interface Carried {
  extra: AnyCheckoutExtra;
  value: unknown;
}

/** A write's value for an extra, typed by the extra. */
export function carry<V, C extends string>(extra: CheckoutExtra<V, C>, value: V): Carried {
  return { extra: extra as AnyCheckoutExtra, value };
}

/**
 * The extras registered at the composition root, checked once: names and input columns unique, guards only before
 * the branch's counter; kept in lock order, the order the statement folds their guards and rows in.
 */
export function inLockOrder(extras: readonly AnyCheckoutExtra[]): readonly AnyCheckoutExtra[] {
  const names = new Set<string>();
  const columns = new Set<string>();
  for (const extra of extras) {
    if (names.has(extra.name)) throw new Error(`two checkout extras are named ${extra.name}`);
    names.add(extra.name);
    for (const column of Object.keys(extra.columns)) {
      if (columns.has(column)) throw new Error(`${extra.name}: the input column ${column} is taken`);
      columns.add(column);
    }
    if (extra.guard && LOCK_ORDER.indexOf(extra.rank) >= COUNTER_RANK) {
      throw new Error(`${extra.name}: a guard locks before the branch's counter`);
    }
  }
  return [...extras].sort((a, b) => LOCK_ORDER.indexOf(a.rank) - LOCK_ORDER.indexOf(b.rank));
}

/** What an owned reward brings to an order: a free item (one more line at no price) or a discount off the lines. */
export type RewardBrings =
  | { kind: 'free_item'; itemId: number; name: { ar: string; en: string } }
  | { kind: 'discount'; discount: CouponInput };

/**
 * What placement asks of a coupon typed at checkout: the order's brand, branch, type and diner, its priced lines'
 * items and unit prices, and whether points are spent alongside.
 */
export interface OrderCouponAsk {
  brandId: number;
  code: string;
  branchId: number;
  orderType: number;
  customerId: number;
  subtotalHalalas: number;
  lines: readonly { itemId: number; unitPriceHalalas: number }[];
  spendsPoints: boolean;
  now: Date;
}

/**
 * What placement asks of the modules that offer extras at checkout, before pricing (each refuses with the AppError
 * the diner sees), and the extras' write plug-ins: the port the composition root (checkout-extras.ts) fills, so
 * orders imports no loyalty or coupons code.
 */
export interface CheckoutOffers {
  /** Every extra's write plug-in, in lock order (inLockOrder). */
  extras: readonly AnyCheckoutExtra[];
  /** The diner's own reward, usable at this branch now: what it brings, and what the write carries. */
  reward(
    db: Queryable,
    input: { ownedId: number; customerId: number; brandId: number; branchId: number; now: Date },
  ): Promise<{ brings: RewardBrings; carried: Carried }>;
  /** The coupon for this order, checked against its rules: its pricing, and what the write carries once priced. */
  coupon(
    db: Queryable,
    input: OrderCouponAsk,
  ): Promise<{ pricing: CouponInput; carried(discountHalalas: number): Carried }>;
  /** Points spent on the order: their value, and what the write carries once priced. */
  points(input: { rules: LoyaltyRulesLite | null; points: number; loyaltyOn: boolean; discountableHalalas: number }): {
    valueHalalas: number;
    carried(discountableHalalas: number): Carried;
  };
}

import type { ErrorCode } from '@sufra/shared/messages/errors';
import type { Database, Queryable } from '../../db/client.ts';
import {
  canFoldExtras,
  FoldedExtraRefused,
  insertPlacedOrders,
  type PlacedOrderWrite,
  type PlacementOutcome,
} from './placement.repo.ts';

/** One write of a batch that the placement statement placed, with its order's id. */
export interface PlacedExtraWrite {
  /** The write's index in the batch as the caller gave it (refusals are keyed by it). */
  index: number;
  write: PlacedOrderWrite;
  orderId: number;
}

/**
 * A placement extra: one more write a placed order carries (points spent at checkout, a coupon's use, a reward's
 * free item), done for the whole batch in the placement's transaction, once the orders are written. It is
 * batch-shaped (a statement or two per batch, not per order) and answers the writes it refuses, by index, with the
 * error each is refused with; it writes nothing when it refuses any (the batch is rolled back and written again
 * without them).
 */
export interface PlacementExtra {
  name: string;
  /** Whether the write asks this extra for anything (a batch no write of which does runs without a transaction). */
  appliesTo(write: PlacedOrderWrite): boolean;
  /**
   * Row locks the extra's write needs, taken in the batch's transaction before the placement statement (which locks
   * the branch's counter): so they are not waited for, nor taken, while every order of the branch waits on it.
   */
  lock?(tx: Queryable, writes: PlacedOrderWrite[]): Promise<void>;
  write(tx: Queryable, placed: PlacedExtraWrite[], now: Date): Promise<Map<number, ErrorCode>>;
}

/** Placement's outcomes plus the one an extra gives: refused, with the error the diner is answered. */
export type BatchOutcome = PlacementOutcome | { kind: 'refused'; code: ErrorCode };

/** Thrown to roll the batch's transaction back: extras refused these writes. */
class ExtrasRefused {
  readonly refusals: Map<number, ErrorCode>;
  constructor(refusals: Map<number, ErrorCode>) {
    this.refusals = refusals;
  }
}
/** Thrown to roll the batch's transaction back: no write was placed (it may be aborted), answered as they are. */
class NothingPlaced {
  readonly outcomes: PlacementOutcome[];
  constructor(outcomes: PlacementOutcome[]) {
    this.outcomes = outcomes;
  }
}

/**
 * Writes one branch's batch: the placement statement alone when no write carries an extra (one round trip, as
 * before extras existed); the placement statement with the points and coupons folded into it when those are all
 * the batch carries (placement.repo canFoldExtras: not a reward's free item, not a new-customers-only coupon) and
 * none is refused there; else one transaction with the extras' locks (`lock`), the placement statement and then
 * each extra's write, in the order given. The locks come first so the branch's counter row, which the placement
 * statement locks and every order of the branch waits for, is held for fewer round trips (the points' customers'
 * locks were a round trip under it). That order is a fixed lock order (customers by id, then coupons, then the
 * customers' coupon counters, then the branch's counter, then customer_rewards): every transaction that takes more than one of these locks takes them in
 * it, so two batches never wait on each other in a cycle. Every order at the branch takes the counter row, so what
 * an extra reads of the branch's orders after the statement stays true until the commit (the newness of a
 * new-customers-only coupon, coupons/coupon-uses; a counter use locks the counter row, then coupons, the same order).
 * A refused write is rare (the rules were checked before, only a race with another spend gets here): the
 * transaction is rolled back and the batch written again without the refused writes, which answer `refused`.
 */
export async function writePlacementBatch(
  db: Database,
  branchId: number,
  writes: PlacedOrderWrite[],
  extras: readonly PlacementExtra[],
  now: Date,
): Promise<BatchOutcome[]> {
  if (!writes.some((w) => extras.some((e) => e.appliesTo(w)))) return insertPlacedOrders(db, branchId, writes);
  // Points and a coupon fold into the placement statement itself (one round trip, the counter held no longer than
  // for a plain order); a refusal there writes nothing, and the batch is written again the careful way below.
  if (writes.every(canFoldExtras)) {
    try {
      return await insertPlacedOrders(db, branchId, writes, { at: now });
    } catch (error) {
      if (!(error instanceof FoldedExtraRefused)) throw error;
    }
  }
  const outcomes: (BatchOutcome | undefined)[] = writes.map(() => undefined);
  let live = writes.map((_, i) => i);
  // Each pass either writes the batch or refuses at least one more write, so the loop ends.
  while (live.length > 0) {
    const indices = live;
    const batch = indices.map((i) => writes[i] as PlacedOrderWrite);
    try {
      const placedOutcomes = await db.transaction(async (tx) => {
        for (const extra of extras) {
          const theirs = batch.filter((w) => extra.appliesTo(w));
          if (theirs.length > 0) await extra.lock?.(tx, theirs);
        }
        const answered = await insertPlacedOrders(tx, branchId, batch);
        const placed: PlacedExtraWrite[] = [];
        for (const [j, outcome] of answered.entries()) {
          if (outcome.kind === 'placed')
            placed.push({ index: indices[j] as number, write: batch[j] as PlacedOrderWrite, orderId: outcome.id });
        }
        // Nothing placed (a racing key's failed insert may have aborted the transaction): roll back, answer as is.
        if (placed.length === 0) throw new NothingPlaced(answered);
        for (const extra of extras) {
          const theirs = placed.filter((p) => extra.appliesTo(p.write));
          if (theirs.length === 0) continue;
          const refusals = await extra.write(tx, theirs, now);
          if (refusals.size > 0) throw new ExtrasRefused(refusals);
        }
        return answered;
      });
      for (const [j, outcome] of placedOutcomes.entries()) outcomes[indices[j] as number] = outcome;
      live = [];
    } catch (error) {
      if (error instanceof NothingPlaced) {
        for (const [j, outcome] of error.outcomes.entries()) outcomes[indices[j] as number] = outcome;
        live = [];
      } else if (error instanceof ExtrasRefused) {
        for (const [index, code] of error.refusals) outcomes[index] = { kind: 'refused', code };
        live = indices.filter((i) => !error.refusals.has(i));
      } else {
        throw error;
      }
    }
  }
  return outcomes.map((o) => {
    if (!o) throw new Error('a placement left without an outcome');
    return o;
  });
}

import type { ErrorCode } from '@sufra/shared/messages/errors';
import {
  type AnyCheckoutExtra,
  COUNTER_RANK_NAME,
  type ExtraWrite,
  LOCK_ORDER,
} from '../../core/checkout-extras.rules.ts';
import type { Database, Queryable } from '../../db/client.ts';
import {
  ExtraRefused,
  extrasOfBatch,
  insertPlacedOrders,
  lockBranchCounter,
  type PlacedOrderWrite,
  type PlacementOutcome,
} from './placement.repo.ts';

/** Placement's outcomes plus the one an extra gives: refused, with the error the diner is answered. */
export type BatchOutcome = PlacementOutcome | { kind: 'refused'; code: ErrorCode };

/** Passes in a row that a guard refused and no extra could say why (the state moved back): then refuse, not loop. */
const BLIND_PASSES = 3;

/** The writes of `indices` that carry `extra`, as it is asked about them. */
function writesOf(
  writes: readonly PlacedOrderWrite[],
  indices: readonly number[],
  extra: AnyCheckoutExtra,
): ExtraWrite<unknown>[] {
  return indices.flatMap((index) => {
    const w = writes[index] as PlacedOrderWrite;
    const carried = w.extras?.find((c) => c.extra === extra);
    return carried ? [{ index, ...whose(w), value: carried.value }] : [];
  });
}

const whose = (w: PlacedOrderWrite) => ({
  brandId: w.order.brandId,
  branchId: w.order.branchId,
  customerId: w.order.customerId,
});

/**
 * The one checkout write (group commit's writeBatch): one branch's batch as the placement statement, every extra its
 * writes carry folded in (core/checkout-extras.rules: points, a coupon, a reward, the kitchen's hand-off) — one round trip, the
 * branch's counter held no longer than for a plain order. A batch with an extra that must lock first (a
 * new-customers-only coupon) is one transaction: the extras' locks in lock order, the counter row, the statement.
 * When an extra's guard did not hold, nothing was written: the extras say which writes they refuse and why (the
 * shared rules over what the database holds now), those writes are dropped from the batch and answered with their
 * refusal, and the rest is written again the same way. Refusals are rare: every rule was checked before pricing,
 * only a race with another spend or a manager's edit gets here.
 */
export async function writeCheckoutBatch(
  db: Database,
  branchId: number,
  writes: readonly PlacedOrderWrite[],
  registered: readonly AnyCheckoutExtra[],
  now: Date,
): Promise<BatchOutcome[]> {
  const outcomes: (BatchOutcome | undefined)[] = writes.map(() => undefined);
  let live = writes.map((_, i) => i);
  let blind = 0;
  while (live.length > 0) {
    const indices = live;
    const batch = indices.map((i) => writes[i] as PlacedOrderWrite);
    try {
      const answered = await writeOnce(db, branchId, batch, registered, now);
      for (const [j, outcome] of answered.entries()) outcomes[indices[j] as number] = outcome;
      live = [];
    } catch (error) {
      if (!(error instanceof ExtraRefused)) throw error;
      const refusals = await refusalsOf(db, writes, indices, extrasOfBatch(batch, registered), now);
      if (refusals.size === 0) {
        blind += 1;
        if (blind < BLIND_PASSES) continue;
        // Never expected: a guard keeps refusing what no extra can explain. The writes with extras are told to try
        // again rather than loop.
        for (const i of indices)
          if ((writes[i] as PlacedOrderWrite).extras?.length) refusals.set(i, 'settings_changing');
        if (refusals.size === 0) throw error;
      }
      for (const [index, code] of refusals) outcomes[index] = { kind: 'refused', code };
      live = indices.filter((i) => !refusals.has(i));
    }
  }
  return outcomes.map((o) => {
    if (!o) throw new Error('a placement left without an outcome');
    return o;
  });
}

/** The batch's statement; in a transaction with the locks first when an extra's guard needs them (locksFirst). */
async function writeOnce(
  db: Database,
  branchId: number,
  batch: PlacedOrderWrite[],
  registered: readonly AnyCheckoutExtra[],
  now: Date,
): Promise<PlacementOutcome[]> {
  const locksFirst = batch.some((w) => w.extras?.some((c) => c.extra.locksFirst?.(c.value)));
  if (!locksFirst) return insertPlacedOrders(db, branchId, batch, registered, now);
  const indices = batch.map((_, i) => i);
  return db.transaction(async (tx: Queryable) => {
    const counter = LOCK_ORDER.indexOf(COUNTER_RANK_NAME);
    for (const extra of extrasOfBatch(batch, registered)) {
      if (LOCK_ORDER.indexOf(extra.rank) >= counter || !extra.lock) continue;
      const theirs = writesOf(batch, indices, extra);
      if (theirs.length > 0) await extra.lock(tx, theirs);
    }
    await lockBranchCounter(tx, branchId);
    return insertPlacedOrders(tx, branchId, batch, registered, now);
  });
}

/** Which of the live writes the batch's extras refuse, and why: the first extra (in lock order) to refuse one wins. */
async function refusalsOf(
  db: Queryable,
  writes: readonly PlacedOrderWrite[],
  indices: readonly number[],
  extras: readonly AnyCheckoutExtra[],
  at: Date,
): Promise<Map<number, ErrorCode>> {
  const refusals = new Map<number, ErrorCode>();
  const batch = indices.map((index) => ({ index, ...whose(writes[index] as PlacedOrderWrite), value: undefined }));
  for (const extra of extras) {
    if (!extra.refusals) continue;
    const theirs = writesOf(writes, indices, extra).filter((w) => !refusals.has(w.index));
    if (theirs.length === 0) continue;
    for (const [index, code] of await extra.refusals(db, theirs, { at, batch })) {
      if (!refusals.has(index)) refusals.set(index, code);
    }
  }
  return refusals;
}

import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';

/** The one channel every API instance LISTENs on for live order and table events. */
export const LIVE_CHANNEL = 'sufra_events';

/**
 * What crosses instances: ids and the kind of change, never the row (NOTIFY payloads are capped at 8000 bytes,
 * and each instance loads the fresh row itself, once per event, for its own subscribers).
 */
export type LiveNotice =
  | {
      kind: 'order_placed' | 'order_updated';
      orderId: number;
      brandId: number;
      branchId: number;
      customerId: number | null;
    }
  | { kind: 'table_updated'; tableId: number; brandId: number; branchId: number }
  /** A low rating (issue 17): for the branch's managers and owners only. */
  | { kind: 'evaluation_low'; evaluationId: number; brandId: number; branchId: number };

/**
 * Announces a change. Call it inside the transaction that makes the change: PostgreSQL delivers a
 * NOTIFY only when its transaction commits, so nothing is announced that did not happen.
 */
export async function notifyLive(db: Queryable, notice: LiveNotice): Promise<void> {
  const { channel, payload } = liveNotification(notice);
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** The live `order_updated` notice to the order's diner and board; sent when the caller's transaction commits. */
export function announceOrder(
  tx: Queryable,
  order: { id: number; brandId: number; branchId: number; customerId: number | null },
): Promise<void> {
  return notifyLive(tx, {
    kind: 'order_updated',
    orderId: order.id,
    brandId: order.brandId,
    branchId: order.branchId,
    customerId: order.customerId,
  });
}

/** The NOTIFY that carries a notice, for a statement that sends it itself (the kitchen relay's announcement). */
export function liveNotification(notice: LiveNotice): { channel: string; payload: string } {
  return { channel: LIVE_CHANNEL, payload: JSON.stringify(notice) };
}

/**
 * The `order_placed` notice as SQL over a statement's own columns, for the placement statement, which draws a cash
 * order's id itself: the same payload as liveNotification's (parseLiveNotice reads either), sent at its commit.
 */
export function orderPlacedNoticeSql(order: { id: SQL; brandId: SQL; branchId: SQL; customerId: SQL }): SQL {
  return sql`pg_notify(${LIVE_CHANNEL}, jsonb_build_object('kind', 'order_placed', 'orderId', ${order.id},
    'brandId', ${order.brandId}, 'branchId', ${order.branchId}, 'customerId', ${order.customerId})::text)`;
}

/** The notice a payload carries, or null for anything malformed (a NOTIFY anyone with SQL access could send). */
export function parseLiveNotice(payload: string): LiveNotice | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const int = (x: unknown): x is number => Number.isSafeInteger(x);
  if (!int(v.brandId) || !int(v.branchId)) return null;
  if ((v.kind === 'order_placed' || v.kind === 'order_updated') && int(v.orderId)) {
    return {
      kind: v.kind,
      orderId: v.orderId,
      brandId: v.brandId,
      branchId: v.branchId,
      customerId: int(v.customerId) ? v.customerId : null,
    };
  }
  if (v.kind === 'table_updated' && int(v.tableId)) {
    return { kind: v.kind, tableId: v.tableId, brandId: v.brandId, branchId: v.branchId };
  }
  if (v.kind === 'evaluation_low' && int(v.evaluationId)) {
    return { kind: v.kind, evaluationId: v.evaluationId, brandId: v.brandId, branchId: v.branchId };
  }
  return null;
}

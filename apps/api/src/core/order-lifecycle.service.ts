import type { OrderMoment } from '@sufra/shared/machines/order-lifecycle';
import type { Queryable } from '../db/client.ts';
import type { OrderRow } from './order-rows.repo.ts';

/** What a reaction is told: the moment, the order as it is now (inside the transaction), and the move if any. */
export interface OrderMomentEvent {
  moment: OrderMoment;
  order: OrderRow;
  from?: string;
  to?: string;
  at: Date;
}

/** A reaction that must be atomic with the moment: it runs in the moment's transaction, and its failure undoes it. */
export type OrderMomentHandler = (tx: Queryable, event: OrderMomentEvent) => Promise<void>;

/** The order a placement is about to write, as its rules priced it (no id or number yet). */
export type PlacingOrder = Pick<OrderRow, 'brandId' | 'branchId' | 'orderType' | 'paymentMethod' | 'total'>;

/** What a placement's statement writes besides the order, as its planners decided. */
export interface PlacementPlan {
  /** Hand the order to the kitchen in the same statement: its outbox row (POS) and the board's live notice. */
  handToKitchen: boolean;
}

/**
 * A say in what a placement writes. A placement is one statement for a batch of a branch's orders (group commit):
 * no handler can run queries inside it, so `placed` is raised before the write, to planners that decide what the
 * statement writes for the order; the statement then makes `handed_to_kitchen` true itself when told to.
 */
export type PlacementPlanner = (order: PlacingOrder, plan: PlacementPlan) => void;

/**
 * The order lifecycle seam (shared/machines/order-lifecycle.ts names the moments). Modules subscribe at start-up
 * (`on`); the code that makes a moment true raises it inside its transaction (`raise`), and every handler runs
 * there in subscription order. A handler that throws fails the transaction: the move and all reactions are undone
 * together, so loyalty can never disagree with the order it reacts to. `placed` is the exception: it is planned
 * (`onPlacement`, `planPlacement`), because the placement's write is one statement with no room for handlers.
 */
export function createOrderLifecycle() {
  const handlers = new Map<OrderMoment, { name: string; handle: OrderMomentHandler }[]>();
  const planners: { name: string; plan: PlacementPlanner }[] = [];
  return {
    on(moment: OrderMoment, name: string, handle: OrderMomentHandler): void {
      // Nothing would ever call it: a subscriber to placement plans its write instead (onPlacement).
      if (moment === 'placed') throw new Error(`${name}: subscribe to placed with onPlacement`);
      const list = handlers.get(moment) ?? [];
      if (list.some((h) => h.name === name)) throw new Error(`${name} already reacts to ${moment}`);
      list.push({ name, handle });
      handlers.set(moment, list);
    },
    async raise(tx: Queryable, event: OrderMomentEvent): Promise<void> {
      for (const { handle } of handlers.get(event.moment) ?? []) await handle(tx, event);
    },
    onPlacement(name: string, plan: PlacementPlanner): void {
      if (planners.some((p) => p.name === name)) throw new Error(`${name} already plans placements`);
      planners.push({ name, plan });
    },
    /** Raises `placed` before the write: what the statement writes for this order besides the order itself. */
    planPlacement(order: PlacingOrder): PlacementPlan {
      const plan: PlacementPlan = { handToKitchen: false };
      for (const { plan: decide } of planners) decide(order, plan);
      return plan;
    },
    /** Who reacts to what (for the docs and a test). */
    subscribers(): Record<string, string[]> {
      const reactions = Object.fromEntries([...handlers].map(([moment, list]) => [moment, list.map((h) => h.name)]));
      return planners.length > 0 ? { ...reactions, placed: planners.map((p) => p.name) } : reactions;
    },
  };
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;

import type { OrderMoment } from '@sufra/shared/machines/order-lifecycle';
import type { Queryable } from '../../db/client.ts';
import type { OrderRow } from './orders.repo.ts';

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

/**
 * The order lifecycle seam (shared/machines/order-lifecycle.ts names the moments). Modules subscribe at start-up
 * (`on`); the code that makes a moment true raises it inside its transaction (`raise`), and every handler runs
 * there in subscription order. A handler that throws fails the transaction: the move and all reactions are undone
 * together, so loyalty can never disagree with the order it reacts to.
 */
export function createOrderLifecycle() {
  const handlers = new Map<OrderMoment, { name: string; handle: OrderMomentHandler }[]>();
  return {
    on(moment: OrderMoment, name: string, handle: OrderMomentHandler): void {
      const list = handlers.get(moment) ?? [];
      if (list.some((h) => h.name === name)) throw new Error(`${name} already reacts to ${moment}`);
      list.push({ name, handle });
      handlers.set(moment, list);
    },
    async raise(tx: Queryable, event: OrderMomentEvent): Promise<void> {
      for (const { handle } of handlers.get(event.moment) ?? []) await handle(tx, event);
    },
    /** Who reacts to what (for the docs and a test). */
    subscribers(): Record<string, string[]> {
      return Object.fromEntries([...handlers].map(([moment, list]) => [moment, list.map((h) => h.name)]));
    },
  };
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;

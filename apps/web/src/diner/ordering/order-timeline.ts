import { type OrderStatus, orderStatusesFor } from '@sufra/shared/machines/order-status';
import type { OrderType } from '@sufra/shared/order-types';

export type StepState = 'done' | 'current' | 'upcoming';

/** Off the main path: an order ends there instead of being delivered. */
const EXITS: readonly OrderStatus[] = ['canceled', 'returned'];

/**
 * The steps the confirmation page shows for an order of this type (the status machine's own list, so delivery has
 * Assigned and En route and the others do not), each done, current or upcoming. A canceled or returned order shows
 * the way it had come (returned: out for delivery; canceled: placed) and then where it ended.
 */
export function orderTimeline(orderType: OrderType, status: OrderStatus): { status: OrderStatus; state: StepState }[] {
  const path = orderStatusesFor(orderType).filter((s) => !EXITS.includes(s));
  if (EXITS.includes(status)) {
    const reached = status === 'returned' ? path.indexOf('en_route') : 0;
    return [
      ...path.slice(0, reached + 1).map((s) => ({ status: s, state: 'done' as const })),
      { status, state: 'current' as const },
    ];
  }
  const at = path.indexOf(status);
  return path.map((s, i) => ({ status: s, state: i < at ? 'done' : i === at ? 'current' : 'upcoming' }));
}

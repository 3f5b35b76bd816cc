/** Order types with the spec's numbers, also used on the wire. */
export const ORDER_TYPES = { dineIn: 1, pickup: 2, delivery: 3 } as const;
export type OrderType = (typeof ORDER_TYPES)[keyof typeof ORDER_TYPES];

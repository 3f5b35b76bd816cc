// What every order load measures, shared by the API's runs and the raw baseline.

/** Connections (autocannon's, or the baseline's pool) in the order runs. */
export const ORDER_CONNECTIONS = 50;

export interface OrderLoad {
  label: string;
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Orders counted (201s for the API, committed transactions for the baseline). */
  orders: number;
  /** Anything else: non-201 statuses, socket errors, timeouts, failed transactions. */
  problems: number;
  breakdown: string;
}

/** The p-th percentile of ascending latencies (NaN when there are none). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

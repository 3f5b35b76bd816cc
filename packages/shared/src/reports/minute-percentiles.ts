/**
 * Median and 90th percentile from a histogram of whole minutes (the reports' preparation and delivery times are
 * rolled up per day as minute → orders, docs/adr/0630, since percentiles of days do not add up). Nearest rank: the
 * p-th percentile is the smallest minute whose running count reaches ceil(p × N), so it is always a minute some
 * order really took (of an even count, the median is the lower middle one).
 */
export interface MinuteFigure {
  orders: number;
  medianMinutes: number | null;
  p90Minutes: number | null;
}

export function minutePercentiles(histogram: ReadonlyMap<number, number>): MinuteFigure {
  const minutes = [...histogram.entries()].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
  const orders = minutes.reduce((sum, [, n]) => sum + n, 0);
  if (orders === 0) return { orders: 0, medianMinutes: null, p90Minutes: null };
  const at = (p: number) => {
    const rank = Math.max(1, Math.ceil(p * orders));
    let seen = 0;
    for (const [minute, n] of minutes) {
      seen += n;
      if (seen >= rank) return minute;
    }
    return minutes[minutes.length - 1]?.[0] ?? null;
  };
  return { orders, medianMinutes: at(0.5), p90Minutes: at(0.9) };
}

/** Adds `count` orders at `minute` to a histogram (creating the entry). */
export function addToHistogram(histogram: Map<number, number>, minute: number, count: number): void {
  histogram.set(minute, (histogram.get(minute) ?? 0) + count);
}

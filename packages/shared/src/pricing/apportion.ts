/**
 * Splits a whole number of halalas across parts in proportion to their weights (D'Hondt, a highest-averages method):
 * each part first gets the whole part of its share, then the few halalas left go one at a time to the part with the
 * highest weight / (halalas so far + 1). Ties go to the part with the lower `tieRank`.
 *
 * Why D'Hondt rather than "largest remainder": it is house-monotone (giving out more halalas never takes one away
 * from a part) and depends only on the weights' proportions, so scaling every weight keeps every share from
 * shrinking. Pricing relies on that: doubling every quantity must never lower a line's taxable amount. When
 * `total` is at most the sum of the weights, no part receives more than its weight.
 *
 * Exact integer arithmetic (BigInt) throughout: products of two amounts can pass 2^53.
 */
export function apportion(total: number, weights: readonly number[], tieRank: readonly number[]): number[] {
  const shares = weights.map(() => 0);
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || sum === 0) return shares;
  const bigTotal = BigInt(total);
  const bigSum = BigInt(sum);
  let left = total;
  for (let i = 0; i < weights.length; i++) {
    const share = Number((bigTotal * BigInt(weights[i] ?? 0)) / bigSum);
    shares[i] = share;
    left -= share;
  }
  // Fewer halalas are left than there are parts, so a heap keyed on the next average keeps this cheap on big carts.
  const before = (a: number, b: number): boolean => {
    const byAverage =
      BigInt(weights[a] ?? 0) * BigInt((shares[b] ?? 0) + 1) - BigInt(weights[b] ?? 0) * BigInt((shares[a] ?? 0) + 1);
    if (byAverage !== 0n) return byAverage > 0n;
    return (tieRank[a] ?? a) < (tieRank[b] ?? b);
  };
  const heap = new MaxHeap(
    weights.flatMap((weight, i) => (weight > 0 ? [i] : [])),
    before,
  );
  while (left > 0) {
    const i = heap.popTop();
    shares[i] = (shares[i] ?? 0) + 1;
    heap.push(i);
    left -= 1;
  }
  return shares;
}

class MaxHeap {
  private readonly items: number[] = [];
  private readonly before: (a: number, b: number) => boolean;

  constructor(items: number[], before: (a: number, b: number) => boolean) {
    this.before = before;
    for (const item of items) this.push(item);
  }

  push(item: number): void {
    const items = this.items;
    items.push(item);
    let child = items.length - 1;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.before(item, items[parent] as number)) break;
      items[child] = items[parent] as number;
      child = parent;
    }
    items[child] = item;
  }

  popTop(): number {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined) throw new Error('apportion: nothing left to give halalas to');
    if (items.length === 0) return top;
    let parent = 0;
    for (;;) {
      const left = 2 * parent + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && this.before(items[right] as number, items[left] as number) ? right : left;
      if (!this.before(items[child] as number, last)) break;
      items[parent] = items[child] as number;
      parent = child;
    }
    items[parent] = last;
    return top;
  }
}

/**
 * A free-item reward's required choices (issue 24 item 10; docs/adr/0121), one rule for the server (placement) and
 * the cart: a reward names an item, not its options, so the diner picks the choices the item requires (optional
 * extras are not part of the reward), and the reward pays for the item and, in each required group, up to the
 * group's cheapest available option; a dearer choice costs what it adds over that.
 */

export interface ChoiceGroup {
  id: number;
  /** Choices the diner must make (0: optional, not offered with a free item). */
  min: number;
  options: readonly { id: number; priceHalalas: number; available: boolean }[];
}

/** The groups a free item offers: its required ones, in the item's order. */
export function freeItemGroups<G extends ChoiceGroup>(groups: readonly G[]): G[] {
  return groups.filter((g) => g.min > 0);
}

/** What the reward pays of each option of the required groups: its group's cheapest available price. */
export function freeUpTo(groups: readonly ChoiceGroup[]): Map<number, number> {
  const upTo = new Map<number, number>();
  for (const group of freeItemGroups(groups)) {
    const prices = group.options.filter((o) => o.available).map((o) => o.priceHalalas);
    const cheapest = prices.length > 0 ? Math.min(...prices) : 0;
    for (const option of group.options) upTo.set(option.id, cheapest);
  }
  return upTo;
}

/** What a chosen option of a free item costs the diner. */
export function freeItemChoicePrice(upTo: ReadonlyMap<number, number>, optionId: number, priceHalalas: number): number {
  return Math.max(0, priceHalalas - (upTo.get(optionId) ?? priceHalalas));
}

/** The choices made when the diner picks none: in each required group, its cheapest available options, as many as it needs. */
export function defaultFreeItemChoices(groups: readonly ChoiceGroup[]): number[] {
  return freeItemGroups(groups).flatMap((group) =>
    group.options
      .filter((o) => o.available)
      .slice()
      .sort((a, b) => a.priceHalalas - b.priceHalalas)
      .slice(0, group.min)
      .map((o) => o.id),
  );
}

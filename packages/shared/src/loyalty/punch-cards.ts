/**
 * Punch cards (DESIGN §7, spec §3/§4): a programme names qualifying items (or categories), an items count, days to
 * complete and a reward. A completed order punches the diner's card once per qualifying item; a full card issues the
 * reward. Pure rules shared by the server (how an order's punches land) and the web app (how a card is labelled).
 */

/**
 * The spec's card statuses (§4), plus `expired`; what each means to a diner (docs/adr/0091-punch-cards.md):
 * - no_punches: nothing collected yet (the card a diner is offered before the first punch, or one whose punches were
 *   all taken back by refunds);
 * - partially_punched: some punches, fewer than the count;
 * - fully_punched: every punch collected and the reward issued into My Rewards, waiting there to be used;
 * - completed: the card's reward has been used (redeemed at the counter, or its free item ordered): nothing is left
 *   to do with the card;
 * - expired: nothing more will come of it: its days ran out before it filled, or its reward lapsed unused (both
 *   computed on read from the dates; nothing sweeps them).
 * A refund of the order that filled the card, while the reward waits, withdraws the reward and takes the card back to
 * partially punched; once the reward is used, the card stays completed.
 */
export const PUNCH_CARD_STATUSES = [
  'no_punches',
  'partially_punched',
  'fully_punched',
  'completed',
  'expired',
] as const;
export type PunchCardStatus = (typeof PUNCH_CARD_STATUSES)[number];

/** Limits a manager may set (the database checks them too). */
export const PUNCH_ITEMS_COUNT_MIN = 2;
export const PUNCH_ITEMS_COUNT_MAX = 50;
export const PUNCH_DAYS_MIN = 1;
export const PUNCH_DAYS_MAX = 3_650;

/** The reward a full card issued, as its status needs it (the diner's owned reward). */
export interface IssuedRewardState {
  /** Set when it was used: redeemed by a cashier, or its free item ordered. */
  claimedAt: Date | null;
  /** null: it never lapses. */
  expiresAt: Date | null;
}

export interface PunchCardState {
  punches: number;
  itemsCount: number;
  expiresAt: Date | null;
  /** Set when the card filled and its reward was issued. */
  completedAt: Date | null;
  /** The reward the card issued, while it exists (null: none issued, or no longer known). */
  reward: IssuedRewardState | null;
}

export function punchCardStatus(card: PunchCardState, now: Date): PunchCardStatus {
  if (card.completedAt) {
    // Filled: where its reward stands says the rest. A reward no longer known was used (a withdrawn one reopens the
    // card, so a full card without its reward is one whose reward went its way).
    const reward = card.reward;
    if (!reward || reward.claimedAt) return 'completed';
    if (reward.expiresAt && reward.expiresAt.getTime() <= now.getTime()) return 'expired';
    return 'fully_punched';
  }
  if (card.expiresAt && card.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (card.punches <= 0) return 'no_punches';
  // Full but not completed only inside the transaction that fills it (the reward is issued in the same one).
  return card.punches >= card.itemsCount ? 'fully_punched' : 'partially_punched';
}

/** Whether a card still takes punches: not filled, not expired, with room left. */
export function isOpenCard(card: PunchCardState, now: Date): boolean {
  if (card.completedAt) return false;
  const status = punchCardStatus(card, now);
  return status === 'no_punches' || status === 'partially_punched';
}

/** A programme's qualifying rule: items by id, or every item of a category. */
export interface QualifyingRule {
  itemIds: readonly number[];
  categoryIds: readonly number[];
}

/** An order line as the punch rule sees it: its item, that item's category, and how many. */
export interface PunchLine {
  itemId: number;
  categoryId: number | null;
  quantity: number;
}

/** How many punches an order earns on a programme: one per qualifying item (quantity counts). */
export function qualifyingCount(lines: readonly PunchLine[], rule: QualifyingRule): number {
  let count = 0;
  for (const line of lines) {
    const qualifies =
      rule.itemIds.includes(line.itemId) || (line.categoryId !== null && rule.categoryIds.includes(line.categoryId));
    if (qualifies) count += Math.max(0, Math.trunc(line.quantity));
  }
  return count;
}

/** One card's share of an order's punches: how many land on it, and whether they fill it. */
export interface PunchStep {
  /** 'current': the diner's open card; 'new': a fresh card started by the overflow. */
  card: 'current' | 'new';
  punches: number;
  fills: boolean;
}

/**
 * Where an order's `earned` punches land: first on the open card (`currentPunches` of `itemsCount`, or null when the
 * diner has none), then, once a card fills, on fresh cards, each filled in turn. Extra punches are never lost: they
 * start the next card. Every step has at least one punch; the steps' punches sum to `earned`.
 */
export function planPunches(currentPunches: number | null, itemsCount: number, earned: number): PunchStep[] {
  if (!Number.isInteger(itemsCount) || itemsCount < 1) throw new Error('itemsCount must be a positive integer');
  const steps: PunchStep[] = [];
  let left = Math.max(0, Math.trunc(earned));
  if (currentPunches !== null && left > 0) {
    const room = Math.max(0, itemsCount - currentPunches);
    const take = Math.min(room, left);
    if (take > 0) {
      steps.push({ card: 'current', punches: take, fills: currentPunches + take >= itemsCount });
      left -= take;
    }
  }
  while (left > 0) {
    const take = Math.min(itemsCount, left);
    steps.push({ card: 'new', punches: take, fills: take >= itemsCount });
    left -= take;
  }
  return steps;
}

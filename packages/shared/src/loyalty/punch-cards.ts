/**
 * Punch cards (DESIGN §7, spec §3/§4): a programme names qualifying items (or categories), an items count, days to
 * complete and a reward. A completed order punches the diner's card once per qualifying item; a full card issues the
 * reward. Pure rules shared by the server (how an order's punches land) and the web app (how a card is labelled).
 */

/**
 * The spec's card statuses (§4), plus `expired` for a card whose days ran out before it was full:
 * - no_punches: nothing collected yet (the card a diner is offered before the first punch, or one whose punches were
 *   all taken back by refunds);
 * - partially_punched: some punches, fewer than the count;
 * - fully_punched: every punch collected, the reward not issued yet. Our fill issues the reward in the same
 *   transaction as the last punch, so no committed card stays here; the status is kept so the rule is total and the
 *   spec's four labels all have a meaning;
 * - completed: full, and its reward issued into My Rewards;
 * - expired: its days ran out before it was completed (computed on read from `expiresAt`; nothing sweeps it).
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

export interface PunchCardState {
  punches: number;
  itemsCount: number;
  expiresAt: Date | null;
  /** Set when the card filled and its reward was issued. */
  completedAt: Date | null;
}

export function punchCardStatus(card: PunchCardState, now: Date): PunchCardStatus {
  if (card.completedAt) return 'completed';
  if (card.expiresAt && card.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (card.punches <= 0) return 'no_punches';
  return card.punches >= card.itemsCount ? 'fully_punched' : 'partially_punched';
}

/** Whether a card still takes punches: neither completed nor expired, with room left. */
export function isOpenCard(card: PunchCardState, now: Date): boolean {
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

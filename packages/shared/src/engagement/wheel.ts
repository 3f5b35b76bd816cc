/**
 * The prize wheel (DESIGN §7, issue 17): pure rules shared by the server (which draws) and the web app (which shows
 * the odds and the retry text). The server draws with a cryptographic random number in [0, total weight) and this
 * module turns it into a segment; the client only animates to the segment the server answered.
 */

/** A wheel game: the brand's wheel, or register-and-win (one spin for a new diner who registers through it). */
export const GAME_KINDS = ['wheel', 'register_and_win'] as const;
export type GameKind = (typeof GAME_KINDS)[number];

/** What a segment gives: an owned reward (My Rewards), points (the ledger), or nothing ("try again"). */
export const SEGMENT_PRIZES = ['reward', 'points', 'none'] as const;
export type SegmentPrize = (typeof SEGMENT_PRIZES)[number];

/**
 * Who may play a game (issue 27 item 4): everyone signed in, or only diners new to the brand (no order at any of its
 * branches), new to the branch (no order at the QR code's branch) or new to the game (never spun it: one spin each).
 */
export const GAME_ELIGIBILITY = ['everyone', 'new_to_brand', 'new_to_branch', 'new_to_game'] as const;
export type GameEligibility = (typeof GAME_ELIGIBILITY)[number];

/** One try a minute per diner and game, on every instance (the player's row is the shared clock). */
export const SPIN_GAP_MS = 60_000;

/**
 * How long an account counts as new for register-and-win: the diner registered through the page (or just before)
 * and has not ordered at the branch. Our reading of "Customer is not new to … the registration form"
 * (docs/adr/0096-wheel-server-draws.md).
 */
export const NEW_CUSTOMER_WINDOW_MS = 24 * 3_600_000;

export interface DrawableSegment {
  id: number;
  weight: number;
  prize: SegmentPrize;
  /** Prizes left in total (null: no limit) and left today (null: no daily budget). */
  stockLeft: number | null;
  todayLeft: number | null;
}

/** A segment that can be drawn now: "try again" always; a prize while it has stock and today's budget. */
export function isDrawable(segment: DrawableSegment): boolean {
  if (segment.prize === 'none') return true;
  return (segment.stockLeft === null || segment.stockLeft > 0) && (segment.todayLeft === null || segment.todayLeft > 0);
}

/** True when no prize can be won now: the wheel refuses ("Oops, System out of gifts") rather than only losing. */
export function outOfGifts(segments: readonly DrawableSegment[]): boolean {
  return !segments.some((s) => s.prize !== 'none' && isDrawable(s));
}

/**
 * Each segment's chance now, in basis points of 10,000 (published on the page): its weight over the weights of the
 * segments that can be drawn; a prize out of stock or of today's budget has 0. Rounded down; the rest of 10,000
 * goes to the drawable segments in order, so the figures shown always add up to 100 %.
 */
export function wheelOdds(segments: readonly DrawableSegment[]): Map<number, number> {
  const drawable = segments.filter(isDrawable);
  const total = drawable.reduce((sum, s) => sum + s.weight, 0);
  const odds = new Map<number, number>(segments.map((s) => [s.id, 0]));
  if (total === 0) return odds;
  let given = 0;
  for (const s of drawable) {
    const bp = Math.floor((s.weight * 10_000) / total);
    odds.set(s.id, bp);
    given += bp;
  }
  for (let i = 0; given < 10_000; i = (i + 1) % drawable.length) {
    const s = drawable[i];
    if (!s) break;
    odds.set(s.id, (odds.get(s.id) ?? 0) + 1);
    given += 1;
  }
  return odds;
}

/** The total weight of what can be drawn now: the server's random number is drawn in [0, this). */
export function drawableWeight(segments: readonly DrawableSegment[]): number {
  return segments.filter(isDrawable).reduce((sum, s) => sum + s.weight, 0);
}

/**
 * The segment a random number r in [0, drawableWeight) lands on: the drawable segments laid end to end in order,
 * each as long as its weight. Undefined when nothing is drawable or r is outside the range.
 */
export function pickSegment<T extends DrawableSegment>(segments: readonly T[], r: number): T | undefined {
  if (!Number.isInteger(r) || r < 0) return undefined;
  let end = 0;
  for (const s of segments) {
    if (!isDrawable(s)) continue;
    end += s.weight;
    if (r < end) return s;
  }
  return undefined;
}

/**
 * The retry text's figures (spec §9: "7 or 10 days, or a number of hours and minutes"): whole days (rounded up) when
 * a day or more is left, else hours and minutes (rounded up to the minute, at least one minute).
 */
export type RetryLeft = { days: number } | { hours: number; minutes: number };

export function retryLeft(ms: number): RetryLeft {
  if (ms >= 86_400_000) return { days: Math.ceil(ms / 86_400_000) };
  const totalMinutes = Math.max(1, Math.ceil(ms / 60_000));
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}

/** Why a player waits before their next spin: the minute between tries, a loss's retry time, or a win's cooldown. */
export type SpinWaitReason = 'one_minute' | 'retry_later' | 'won_cooldown';

export interface SpinPlayerClock {
  lastSpinAt: Date;
  lastWinAt: Date | null;
  /** After a loss: when the game lets them try again (null after a win, or when the game has no retry time). */
  retryAt: Date | null;
}

/**
 * The wait a player is told about: the longest that applies, so the first minute after a win says the game's
 * cooldown (7 days) and not "try again in one minute" (issue 24 item 6). The minute between tries is named only
 * when nothing longer runs (a tie with a loss's retry time is the minute, the spec's "one minute" message).
 * Null when they may spin now.
 */
export function spinWait(
  player: SpinPlayerClock,
  cooldownDaysAfterWin: number,
  now: Date,
): { reason: SpinWaitReason; until: Date } | null {
  const waits: { reason: SpinWaitReason; until: Date }[] = [
    { reason: 'one_minute', until: new Date(player.lastSpinAt.getTime() + SPIN_GAP_MS) },
  ];
  if (player.lastWinAt) {
    waits.push({
      reason: 'won_cooldown',
      until: new Date(player.lastWinAt.getTime() + cooldownDaysAfterWin * 86_400_000),
    });
  }
  if (player.retryAt) waits.push({ reason: 'retry_later', until: player.retryAt });
  let longest: { reason: SpinWaitReason; until: Date } | null = null;
  for (const wait of waits) {
    if (wait.until.getTime() <= now.getTime()) continue;
    if (!longest || wait.until.getTime() > longest.until.getTime()) longest = wait;
  }
  return longest;
}

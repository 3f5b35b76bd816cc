import type { SegmentPrize } from '@sufra/shared/engagement/wheel';
import type { GameBody, ManageGame } from '@sufra/shared/schemas/manage-games';

/**
 * The games form's draft and its rules (issue 27 item 4), pure so the component tests read them without a server:
 * what a segment keeps when its prize kind changes, a new segment, which segments may go, and what must be mended
 * before a save (the same rules the API refuses with game_window_invalid, game_needs_prize,
 * game_segment_prize_invalid, game_stock_below_won and game_segment_has_draws).
 */

export type DraftSegment = GameBody['segments'][number] & { won: number };
export type Draft = Omit<GameBody, 'segments'> & { segments: DraftSegment[] };

export const MIN_SEGMENTS = 2;
export const MAX_SEGMENTS = 12;

/** The wheel's colours offered to a new segment, in turn. */
const PALETTE = ['#1f7a5c', '#d9822b', '#2b6cb0', '#b83280', '#6b46c1', '#c53030', '#2c7a7b', '#975a16'];

export const draftOf = (game: ManageGame): Draft => {
  const { id: _i, kind: _k, branchId: _b, canEdit: _c, segments, ...fields } = game;
  return { ...fields, segments: segments.map((s) => ({ ...s })) };
};

/** The body a save sends: the draft without the figures the server keeps. */
export const bodyOf = (draft: Draft): GameBody => ({
  ...draft,
  segments: draft.segments.map(({ won: _w, ...s }) => s),
});

/**
 * A segment given another prize kind: "try again" gives nothing, so it has no reward, points, stock, budget or text;
 * points have a number (10 to start); a reward names one of the brand's (the first, to start).
 */
export function withPrize(segment: DraftSegment, prize: SegmentPrize, firstRewardId: number | null): DraftSegment {
  if (prize === 'none')
    return { ...segment, prize, rewardId: null, points: null, stock: null, dailyBudget: null, sendBySms: false };
  if (prize === 'points') return { ...segment, prize, rewardId: null, points: segment.points ?? 10 };
  return { ...segment, prize, points: null, rewardId: segment.rewardId ?? firstRewardId };
}

/** A new "try again" segment (the owner then picks its prize), coloured in turn. */
export function newSegment(index: number, labels: { ar: string; en: string }): DraftSegment {
  return {
    id: null,
    labelAr: labels.ar,
    labelEn: labels.en,
    color: PALETTE[index % PALETTE.length] ?? '#1f7a5c',
    prize: 'none',
    rewardId: null,
    points: null,
    sendBySms: false,
    weight: 1,
    stock: null,
    dailyBudget: null,
    won: 0,
  };
}

/** A segment may go when the wheel keeps its minimum and no draw has given its prize (the draws name it). */
export const canRemove = (segment: DraftSegment, count: number): boolean => count > MIN_SEGMENTS && segment.won === 0;

export type DraftProblem =
  | { code: 'windowInvalid' }
  | { code: 'needsPrize' }
  | { code: 'labelMissing'; index: number }
  | { code: 'rewardMissing'; index: number }
  | { code: 'pointsMissing'; index: number }
  | { code: 'stockBelowWon'; index: number; won: number };

/** What must be mended before the draft can be saved; empty when it can. */
export function draftProblems(draft: Draft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (draft.startsAt && draft.endsAt && Date.parse(draft.startsAt) >= Date.parse(draft.endsAt))
    problems.push({ code: 'windowInvalid' });
  if (!draft.segments.some((s) => s.prize !== 'none')) problems.push({ code: 'needsPrize' });
  draft.segments.forEach((s, index) => {
    if (s.labelAr.trim() === '' || s.labelEn.trim() === '') problems.push({ code: 'labelMissing', index });
    if (s.prize === 'reward' && s.rewardId === null) problems.push({ code: 'rewardMissing', index });
    if (s.prize === 'points' && (s.points === null || s.points < 1)) problems.push({ code: 'pointsMissing', index });
    if (s.stock !== null && s.stock < s.won) problems.push({ code: 'stockBelowWon', index, won: s.won });
  });
  return problems;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` field shows it, in this device's time zone; '' for none. */
export function toLocalInput(iso: string | null): string {
  if (iso === null) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (this device's time zone) as the instant the API stores; null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * A whole number typed in a field (Arabic-Indic digits read too), or null when empty (no limit); what is not a
 * number reads as 0, never NaN.
 */
export function countOf(text: string): number | null {
  const latin = text.trim().replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  if (latin === '') return null;
  const value = Math.floor(Number(latin));
  return Number.isFinite(value) ? Math.max(0, value) : 0;
}

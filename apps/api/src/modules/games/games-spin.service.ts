import { randomInt } from 'node:crypto';
import { drawableWeight, type GameKind, outOfGifts, pickSegment, SPIN_GAP_MS } from '@sufra/shared/engagement/wheel';
import type { Language } from '@sufra/shared/language';
import { formatRewardCode } from '@sufra/shared/loyalty/rewards';
import type { SpinResponse } from '@sufra/shared/schemas/games';
import type { AppContext } from '../../app-context.ts';
import type { QrContextRow } from '../../core/qr-context.repo.ts';
import type { Queryable } from '../../db/client.ts';
import { dayIn } from '../../lib/brand-day.ts';
import type { CustomerPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { notifyRewardIssued } from '../inbox/inbox.service.ts';
import { creditPoints } from '../loyalty/loyalty.service.ts';
import { newRewardCode } from '../loyalty/owned-rewards.service.ts';
import { giveOwnedReward } from '../loyalty/rewards.service.ts';
import { queueDinerSms } from '../notify/notify.service.ts';
import {
  type GameRow,
  type GameState,
  listSegments,
  loadGameState,
  recordPointsSpin,
  recordPrize,
  recordSpin,
  type SegmentState,
  takePrize,
} from './games.repo.ts';
import { DAY_MS, drawable, oneSpinEach, refusalOf, usable } from './games.rules.ts';

/** A concurrent spin may take the last of a prize between the draw and its write: draw again this many times. */
const DRAW_TRIES = 4;
/** Thrown inside the spin's transaction (so it rolls back) when the drawn prize was taken meanwhile. */
const PRIZE_GONE = Symbol('prize gone');

/** What the games' operations need: the app, and a nudge to the SMS relay when a prize was queued by text. */
export interface GamesDeps {
  ctx: AppContext;
  onSmsQueued: () => void;
}

/** One spin's facts, shared by its steps: who spins which game where, and the segment drawn. */
interface SpinAttempt {
  qr: QrContextRow;
  me: CustomerPrincipal;
  language: Language;
  game: GameRow;
  segment: SegmentState;
  day: string;
  now: Date;
  won: boolean;
  newPlayersOnly: boolean;
  retryAt: Date | null;
  spinWrite: Omit<Parameters<typeof recordSpin>[1], 'won' | 'retryAt'>;
}

/** A cryptographic random number in [0, the drawable weight), turned into a segment by the shared rule. */
function draw(segments: SegmentState[]) {
  const total = drawableWeight(segments.map(drawable));
  const randomValue = randomInt(total);
  const segment = pickSegment(
    segments.map((s) => ({ ...drawable(s), state: s })),
    randomValue,
  )?.state;
  if (!segment) throw new Error('the draw landed on no segment');
  return { segment, randomValue, total };
}

/** The spin's read with the diner's session and context checked, and the rules' first refusal thrown. */
async function readForSpin(
  { ctx }: GamesDeps,
  qr: QrContextRow,
  kind: GameKind,
  me: CustomerPrincipal,
  session: { familyId: string },
  at: { now: Date; day: string },
): Promise<GameState | 'stale_context'> {
  const { now, day } = at;
  const read = await loadGameState(
    ctx.db,
    { brandId: qr.brand.id, branchId: qr.branch.id, kind, day, customerId: me.id },
    { familyId: session.familyId, now, contextVersion: qr.contextVersion },
  );
  if (!read.sessionLive) throw new AppError('session_expired');
  if (!read.contextCurrent) return 'stale_context';
  const state = usable(read.state, now);
  if (!state.diner) throw new Error('the signed-in customer has no row');
  const first = refusalOf(state.game, state.diner, state.segments, now);
  if (first) throw first;
  return state;
}

/**
 * Points from a segment that cannot run out: one statement (no transaction; the segment's row is locked for that
 * statement alone, not across round trips, though every such win counts on it).
 */
async function spinForPoints({ ctx }: GamesDeps, spin: SpinAttempt, points: number): Promise<SpinResponse> {
  const { qr, segment, game, now, newPlayersOnly } = spin;
  const written = await recordPointsSpin(ctx.db, { ...spin.spinWrite, brandId: qr.brand.id, points });
  // Given a stock or a budget since the read: draw again on a fresh read (it goes through the transaction).
  if (written.limited) throw PRIZE_GONE;
  if (written.drawId === null) throw new AppError(newPlayersOnly ? 'wheel_new_only' : 'wheel_one_minute');
  return {
    drawId: written.drawId,
    segmentId: segment.id,
    prize: segment.prize,
    reward: null,
    points,
    sentBySms: false,
    nextSpinAt: newPlayersOnly ? null : new Date(now.getTime() + game.cooldownDaysAfterWin * DAY_MS).toISOString(),
  };
}

/** A reward prize: the owned copy, its code texted when the segment says so, and the draw's record of it. */
async function giveReward(tx: Queryable, spin: SpinAttempt, drawId: number) {
  const { qr, me, segment, now } = spin;
  const owned = await issuePrize(tx, me, segment, now);
  const reward: NonNullable<SpinResponse['reward']> = {
    ownedId: owned.id,
    name: { ar: segment.rewardNameAr ?? '', en: segment.rewardNameEn ?? '' },
    code: formatRewardCode(owned.code),
  };
  // Issue 28 item 4: in the brand's wording and the diner's language, once per prize, not to a diner who opted out.
  const sentBySms =
    segment.sendBySms &&
    (await queueDinerSms(tx, {
      brandId: qr.brand.id,
      customerId: me.id,
      kind: 'prize_code',
      dedupeKey: `prize:${owned.id}`,
      values: (lang) => ({
        brand: lang === 'ar' ? qr.brand.nameAr : qr.brand.nameEn,
        prize: (lang === 'ar' ? segment.rewardNameAr : segment.rewardNameEn) ?? '',
        code: reward.code,
      }),
      now,
    }));
  await recordPrize(tx, drawId, { customerRewardId: owned.id, points: null });
  return { reward, sentBySms };
}

/**
 * A lost spin writes one statement (the player's row and the draw), atomic alone: no transaction, one round trip. A
 * prize with a limit is taken and given in a transaction.
 */
async function spinAndGive({ ctx }: GamesDeps, spin: SpinAttempt): Promise<SpinResponse> {
  const { qr, me, game, segment, day, now, won, newPlayersOnly, retryAt } = spin;
  const atomically = <T>(work: (q: Queryable) => Promise<T>): Promise<T> =>
    won ? ctx.db.transaction(work) : work(ctx.db);
  return atomically(async (tx): Promise<SpinResponse> => {
    // Stock and today's budget first (a loser takes nothing): a prize gone since the read is drawn again. Thrown,
    // not returned, so the transaction rolls back (the total taken before today's budget refused, with it).
    if (won && !(await takePrize(tx, segment, day))) throw PRIZE_GONE;
    const drawId = await recordSpin(tx, { ...spin.spinWrite, won, retryAt });
    // The player's row refused: a spin at the same moment (this diner's other tab or device) went first.
    if (drawId === null) throw new AppError(newPlayersOnly ? 'wheel_new_only' : 'wheel_one_minute');
    let reward: SpinResponse['reward'] = null;
    let sentBySms = false;
    if (segment.prize === 'reward' && segment.rewardId !== null) {
      ({ reward, sentBySms } = await giveReward(tx, spin, drawId));
    } else if (segment.prize === 'points' && segment.points !== null) {
      const moved = await creditPoints(tx, {
        brandId: qr.brand.id,
        customerId: me.id,
        kind: 'bonus',
        points: segment.points,
        reason: 'wheel_prize',
        at: now,
      });
      if (!moved) throw new Error('a points prize could not be added');
      await recordPrize(tx, drawId, { customerRewardId: null, points: segment.points });
    }
    const nextSpinAt = newPlayersOnly
      ? null
      : won
        ? new Date(now.getTime() + game.cooldownDaysAfterWin * DAY_MS)
        : retryAt;
    return {
      drawId,
      segmentId: segment.id,
      prize: segment.prize,
      reward,
      points: segment.prize === 'points' ? segment.points : null,
      sentBySms,
      nextSpinAt: nextSpinAt ? nextSpinAt.toISOString() : null,
    };
  });
}

/**
 * A spin on a QR context the caller may have kept (qr.service withKeptContext): the game's read also checks the
 * diner's session (`session`: the guard's query, folded in) and that the context is still its brand's, and answers
 * 'stale_context' when it is not (nothing written; the caller reads it again). A loss, or points from a segment
 * without limits, is then one statement; a prize with a stock or a daily budget, a transaction.
 */
export async function spin(
  deps: GamesDeps,
  qr: QrContextRow,
  kind: GameKind,
  me: CustomerPrincipal,
  session: { familyId: string },
  language: Language,
): Promise<SpinResponse | 'stale_context'> {
  const now = deps.ctx.now();
  const day = dayIn(now, qr.branch.timeZone);
  const state = await readForSpin(deps, qr, kind, me, session, { now, day });
  if (state === 'stale_context') return state;
  const { game } = state;
  let { segments } = state;
  for (let attempt = 0; ; attempt += 1) {
    const { segment, randomValue, total } = draw(segments);
    const won = segment.prize !== 'none';
    const newPlayersOnly = oneSpinEach(game);
    const retryAt =
      won || newPlayersOnly
        ? null
        : new Date(now.getTime() + Math.max(game.retryMinutesAfterLoss * 60_000, SPIN_GAP_MS));
    const spinWrite = {
      gameId: game.id,
      customerId: me.id,
      branchId: qr.branch.id,
      segmentId: segment.id,
      randomValue,
      totalWeight: total,
      newPlayersOnly,
      cooldownDaysAfterWin: game.cooldownDaysAfterWin,
      gapMs: SPIN_GAP_MS,
      now,
    };
    const attemptFacts: SpinAttempt = {
      qr,
      me,
      language,
      game,
      segment,
      day,
      now,
      won,
      newPlayersOnly,
      retryAt,
      spinWrite,
    };
    let outcome: SpinResponse;
    try {
      if (
        segment.prize === 'points' &&
        segment.points !== null &&
        segment.stock === null &&
        segment.dailyBudget === null
      ) {
        return await spinForPoints(deps, attemptFacts, segment.points);
      }
      outcome = await spinAndGive(deps, attemptFacts);
    } catch (error) {
      if (error !== PRIZE_GONE) throw error;
      // Someone took the last of that prize: read what is left and draw again (or say the gifts are gone).
      segments = await listSegments(deps.ctx.db, {
        brandId: qr.brand.id,
        branchId: qr.branch.id,
        kind,
        day,
        customerId: null,
      });
      if (attempt + 1 >= DRAW_TRIES || outOfGifts(segments.map(drawable))) throw new AppError('wheel_out_of_gifts');
      continue;
    }
    if (outcome.sentBySms) deps.onSmsQueued();
    return outcome;
  }
}

async function issuePrize(tx: Queryable, me: CustomerPrincipal, segment: SegmentState, now: Date) {
  if (segment.rewardId === null) throw new Error('a reward segment without its reward');
  const input = {
    brandId: me.brandId,
    customerId: me.id,
    rewardId: segment.rewardId,
    source: 'prize' as const,
    pointsSpent: 0,
    validFrom: now,
    expiresAt: segment.rewardValidDays === null ? null : new Date(now.getTime() + segment.rewardValidDays * DAY_MS),
    createdAt: now,
  };
  // A code taken in the brand (one in 2^40) is drawn again inside a savepoint.
  for (let attempt = 0; ; attempt += 1) {
    try {
      const owned = await tx.transaction((sp) => giveOwnedReward(sp, { ...input, code: newRewardCode() }));
      // The diner's inbox: a prize won, in the spin's transaction.
      await notifyRewardIssued(tx, input);
      return owned;
    } catch (error) {
      if (attempt >= 4) throw error;
    }
  }
}

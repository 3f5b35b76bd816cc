import {
  type DrawableSegment,
  NEW_CUSTOMER_WINDOW_MS,
  outOfGifts,
  retryLeft,
  spinWait,
} from '@sufra/shared/engagement/wheel';
import type { ErrorCode } from '@sufra/shared/messages/errors';
import { AppError } from '../../plugins/errors.ts';
import type { GameRow, GameState, SegmentState } from './games.repo.ts';

// The wheel's rules shared by showing a game and spinning it: the brand's day, the drawable segments, the refusals.

export const DAY_MS = 86_400_000;

export function drawable(s: SegmentState): DrawableSegment {
  return {
    id: s.id,
    weight: s.weight,
    prize: s.prize,
    stockLeft: s.stock === null ? null : s.stock - s.won,
    todayLeft: s.dailyBudget === null ? null : s.dailyBudget - s.wonToday,
  };
}

function laterRefusal(code: ErrorCode, until: Date, now: Date): AppError {
  const left = until.getTime() - now.getTime();
  return new AppError(code, {
    retryAt: until.toISOString(),
    retryAfterSeconds: Math.ceil(left / 1000),
    ...retryLeft(left),
  });
}

/**
 * Why this diner may not spin this game now (the spec's messages), or null. The same rules are re-checked by the
 * spin's write on the player's newest row (games.repo recordSpin), so a race can't slip past them.
 */
export function refusalOf(
  game: GameRow,
  state: NonNullable<GameState['diner']>,
  segments: SegmentState[],
  now: Date,
): AppError | null {
  const { player } = state;
  if (game.kind === 'register_and_win') {
    if (player) return new AppError('wheel_new_only');
    if (state.customerSince.getTime() < now.getTime() - NEW_CUSTOMER_WINDOW_MS || state.orderedAtBranch) {
      return new AppError('wheel_not_new');
    }
  }
  // Who may play (the console's setting, issue 27 item 4), on top of what register-and-win asks.
  if (game.eligibility === 'new_to_game' && player) return new AppError('wheel_new_only');
  if (game.eligibility === 'new_to_branch' && state.orderedAtBranch) return new AppError('wheel_not_new');
  if (game.eligibility === 'new_to_brand' && state.orderedInBrand) return new AppError('wheel_not_new');
  if (player) {
    // The longest wait that runs is the one the diner is told (shared spinWait): a win's cooldown over the minute.
    const wait = spinWait(player, game.cooldownDaysAfterWin, now);
    if (wait?.reason === 'one_minute') {
      return new AppError('wheel_one_minute', {
        retryAfterSeconds: Math.ceil((wait.until.getTime() - now.getTime()) / 1000),
      });
    }
    if (wait)
      return laterRefusal(wait.reason === 'won_cooldown' ? 'wheel_won_cooldown' : 'wheel_retry_later', wait.until, now);
  }
  if (outOfGifts(segments.map(drawable))) return new AppError('wheel_out_of_gifts');
  return null;
}

/** The game to show or spin; none, or one outside its start and end, is "no game here now". */
export function usable(state: GameState | undefined, now: Date): GameState {
  if (!state) throw new AppError('game_not_found');
  const { startsAt, endsAt } = state.game;
  if ((startsAt && startsAt > now) || (endsAt && endsAt <= now)) throw new AppError('game_not_found');
  if (!state.game.isActive) throw new AppError('wheel_not_allowed');
  return state;
}

/** A game whose players spin once each: register-and-win, and a game for diners new to it. */
export function oneSpinEach(game: GameRow): boolean {
  return game.kind === 'register_and_win' || game.eligibility === 'new_to_game';
}

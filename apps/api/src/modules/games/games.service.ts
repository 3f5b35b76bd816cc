import { type GameKind, wheelOdds } from '@sufra/shared/engagement/wheel';
import type { Language } from '@sufra/shared/language';
import { errorMessage } from '@sufra/shared/messages/errors';
import type { GameResponse } from '@sufra/shared/schemas/games';
import type { AppContext } from '../../app-context.ts';
import type { QrContextRow } from '../../core/qr-context.repo.ts';
import { dayIn } from '../../lib/brand-day.ts';
import type { CustomerPrincipal } from '../../plugins/auth.ts';
import { loadGameState } from './games.repo.ts';
import { drawable, refusalOf, usable } from './games.rules.ts';
import { type GamesDeps, spin } from './games-spin.service.ts';

/** The game and the diner's state in one read; refusals for no game and a game switched off. */
async function stateOf(
  { ctx }: GamesDeps,
  qr: QrContextRow,
  kind: GameKind,
  me: CustomerPrincipal | null,
  day: string,
  now: Date,
) {
  const { state } = await loadGameState(ctx.db, {
    brandId: qr.brand.id,
    branchId: qr.branch.id,
    kind,
    day,
    customerId: me?.id ?? null,
  });
  return usable(state, now);
}

/** The game as the diner sees it: segments with their odds, and whether they may spin now (and why not). */
export async function show(
  deps: GamesDeps,
  qr: QrContextRow,
  kind: GameKind,
  me: CustomerPrincipal | null,
  language: Language,
): Promise<GameResponse> {
  const now = deps.ctx.now();
  const { game, segments, diner } = await stateOf(deps, qr, kind, me, dayIn(now, qr.branch.timeZone), now);
  const odds = wheelOdds(segments.map(drawable));
  let mine: GameResponse['me'] = null;
  if (diner) {
    const refusal = refusalOf(game, diner, segments, now);
    mine = {
      canSpin: refusal === null,
      refusal: refusal
        ? {
            code: refusal.code,
            message: errorMessage(refusal.code, language),
            ...(refusal.details ? { details: refusal.details } : {}),
          }
        : null,
    };
  }
  return {
    game: {
      id: game.id,
      kind: game.kind as GameKind,
      name: { ar: game.nameAr, en: game.nameEn },
      cooldownDaysAfterWin: game.cooldownDaysAfterWin,
    },
    segments: segments.map((s) => ({
      id: s.id,
      label: { ar: s.labelAr, en: s.labelEn },
      color: s.color,
      prize: s.prize,
      rewardName: s.rewardNameAr === null ? null : { ar: s.rewardNameAr, en: s.rewardNameEn ?? s.rewardNameAr },
      points: s.points,
      oddsBasisPoints: odds.get(s.id) ?? 0,
      stockLeft: s.stock === null ? null : s.stock - s.won,
    })),
    me: mine,
  };
}

/**
 * The wheel and register-and-win (issue 17). The server draws: a cryptographic random number in [0, the drawable
 * weight), turned into a segment by the shared rule, in the transaction that takes the prize's stock and today's
 * budget (conditional writes: never oversold) and records the spin on the player's row (the one-a-minute gap and
 * the cooldowns, on every instance) with the draw for audit. The client only animates to the answer. The operations
 * are plain functions (show here, spin in games-spin.ts); this binds them to the app.
 */
export function createGamesService(ctx: AppContext, options: { onSmsQueued: () => void }) {
  const deps: GamesDeps = { ctx, onSmsQueued: options.onSmsQueued };
  return { show: show.bind(null, deps), spin: spin.bind(null, deps) };
}

export type GamesService = ReturnType<typeof createGamesService>;

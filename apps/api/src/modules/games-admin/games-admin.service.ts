import type { AuditSnapshot } from '@sufra/shared/audit';
import type { GameKind } from '@sufra/shared/engagement/wheel';
import type { GameBody, GameSegmentBody, ManageGame, ManageGamesResponse } from '@sufra/shared/schemas/manage-games';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import {
  brandBranches,
  brandRewardIds,
  brandRewards,
  deleteUndrawnSegment,
  findGame,
  type GameAdminRow,
  insertSegment,
  listGames,
  listSegments,
  type SegmentAdminRow,
  type SegmentValues,
  updateGame,
  updateSegment,
} from './games-admin.repo.ts';

/** May this user save this game: owners any; managers their branches' games (a brand-wide game is owners'). */
function editable(staff: StaffPrincipal, game: GameAdminRow): boolean {
  if (staff.role === 'owner') return true;
  return game.branchId !== null && staff.branchIds.includes(game.branchId);
}

/** May this user see it: a manager sees the brand-wide games and their branches'. */
function visible(staff: StaffPrincipal, game: GameAdminRow): boolean {
  return staff.role === 'owner' || game.branchId === null || staff.branchIds.includes(game.branchId);
}

function gameView(staff: StaffPrincipal, game: GameAdminRow, segments: SegmentAdminRow[]): ManageGame {
  return {
    id: game.id,
    kind: game.kind as GameKind,
    branchId: game.branchId,
    nameAr: game.nameAr,
    nameEn: game.nameEn,
    isActive: game.isActive,
    startsAt: game.startsAt?.toISOString() ?? null,
    endsAt: game.endsAt?.toISOString() ?? null,
    cooldownDaysAfterWin: game.cooldownDaysAfterWin,
    retryMinutesAfterLoss: game.retryMinutesAfterLoss,
    eligibility: game.eligibility as ManageGame['eligibility'],
    version: game.version,
    canEdit: editable(staff, game),
    segments: segments.map((s) => ({
      id: s.id,
      labelAr: s.labelAr,
      labelEn: s.labelEn,
      color: s.color,
      prize: s.prize as ManageGame['segments'][number]['prize'],
      rewardId: s.rewardId,
      points: s.points,
      sendBySms: s.sendBySms,
      weight: s.weight,
      stock: s.stock,
      dailyBudget: s.dailyBudget,
      won: s.won,
    })),
  };
}

/** A segment's prize and its figures agree: a reward names one, points have points, "try again" neither. */
function checkPrize(s: GameSegmentBody) {
  const ok =
    s.prize === 'reward'
      ? s.rewardId !== null && s.points === null
      : s.prize === 'points'
        ? s.points !== null && s.rewardId === null
        : s.rewardId === null && s.points === null && s.stock === null && s.dailyBudget === null && !s.sendBySms;
  if (!ok) throw new AppError('game_segment_prize_invalid');
}

const segmentValues = (s: GameSegmentBody, position: number): SegmentValues => ({
  position,
  labelAr: s.labelAr,
  labelEn: s.labelEn,
  color: s.color,
  prize: s.prize,
  rewardId: s.rewardId,
  points: s.points,
  sendBySms: s.sendBySms,
  weight: s.weight,
  stock: s.stock,
  dailyBudget: s.dailyBudget,
});

const loggableGame = (g: GameAdminRow) => ({
  ...g,
  startsAt: g.startsAt?.toISOString() ?? null,
  endsAt: g.endsAt?.toISOString() ?? null,
  createdAt: g.createdAt.toISOString(),
});

/**
 * The games in the management console (issue 27 item 4). A save is one transaction: the game's row locked and its
 * version checked, every segment written under its own row lock (a stock never below the prizes already won: the
 * conditional update, and the database's CHECK behind it), and an audit row per change. The diner's page reads the
 * game fresh on every request, so its published odds follow at once.
 */
export function createGamesAdminService(ctx: AppContext) {
  const { db } = ctx;

  async function gameInScope(q: Queryable, staff: StaffPrincipal, id: number, forUpdate = false) {
    const game = await findGame(q, staff.brandId, id, forUpdate);
    if (!game || !visible(staff, game)) throw new AppError('game_not_found');
    return game;
  }

  const audit = (
    tx: Queryable,
    staff: StaffPrincipal,
    ip: string | null,
    entry: {
      branchId: number | null;
      objectType: 'game' | 'game_segment';
      objectId: number;
      action: 'create' | 'update' | 'delete';
      before: AuditSnapshot | null;
      after: AuditSnapshot | null;
    },
  ) => recordStaffChange(tx, staff, ip, { brandId: staff.brandId, ...entry, at: ctx.now() });

  return {
    async list(staff: StaffPrincipal): Promise<ManageGamesResponse> {
      const [rows, rewards, branches] = await Promise.all([
        listGames(db, staff.brandId),
        brandRewards(db, staff.brandId),
        brandBranches(db, staff.brandId),
      ]);
      return {
        games: rows
          .filter((r) => visible(staff, r.game))
          .map(({ game, segmentCount, prizesWon }) => ({
            id: game.id,
            kind: game.kind as GameKind,
            branchId: game.branchId,
            nameAr: game.nameAr,
            nameEn: game.nameEn,
            isActive: game.isActive,
            startsAt: game.startsAt?.toISOString() ?? null,
            endsAt: game.endsAt?.toISOString() ?? null,
            eligibility: game.eligibility as ManageGame['eligibility'],
            segmentCount: Number(segmentCount),
            prizesWon: Number(prizesWon),
            canEdit: editable(staff, game),
          })),
        rewards: rewards.map((r) => ({ id: r.id, name: { ar: r.nameAr, en: r.nameEn } })),
        branches: branches.map((b) => ({ id: b.id, name: { ar: b.nameAr, en: b.nameEn } })),
      };
    },

    async read(staff: StaffPrincipal, id: number): Promise<ManageGame> {
      const game = await gameInScope(db, staff, id);
      return gameView(staff, game, await listSegments(db, id));
    },

    async update(staff: StaffPrincipal, ip: string | null, id: number, body: GameBody): Promise<ManageGame> {
      if (body.startsAt && body.endsAt && Date.parse(body.startsAt) >= Date.parse(body.endsAt)) {
        throw new AppError('game_window_invalid');
      }
      for (const s of body.segments) checkPrize(s);
      if (!body.segments.some((s) => s.prize !== 'none')) throw new AppError('game_needs_prize');
      return db.transaction(async (tx) => {
        const current = await gameInScope(tx, staff, id, true);
        if (!editable(staff, current)) {
          throw new AppError(current.branchId === null ? 'game_brand_wide_owner_only' : 'branch_out_of_scope');
        }
        const before = await listSegments(tx, id);
        if (current.version !== body.version) {
          throw new AppError('edit_conflict', { theirs: gameView(staff, current, before), yours: body });
        }
        // A reward named in the body must be the brand's (another brand's id is refused as not found).
        const rewardIds = [...new Set(body.segments.flatMap((s) => (s.rewardId === null ? [] : [s.rewardId])))];
        const owned = await brandRewardIds(tx, staff.brandId, rewardIds);
        if (rewardIds.some((r) => !owned.has(r))) throw new AppError('reward_not_found');
        const byId = new Map(before.map((s) => [s.id, s]));
        const kept = new Set<number>();
        for (const s of body.segments) {
          if (s.id === null) continue;
          if (!byId.has(s.id) || kept.has(s.id)) throw new AppError('game_segment_not_found');
          kept.add(s.id);
        }
        const updated = await updateGame(tx, id, body.version, {
          nameAr: body.nameAr,
          nameEn: body.nameEn,
          isActive: body.isActive,
          startsAt: body.startsAt ? new Date(body.startsAt) : null,
          endsAt: body.endsAt ? new Date(body.endsAt) : null,
          cooldownDaysAfterWin: body.cooldownDaysAfterWin,
          retryMinutesAfterLoss: body.retryMinutesAfterLoss,
          eligibility: body.eligibility,
        });
        if (!updated) throw new AppError('edit_conflict', { theirs: gameView(staff, current, before), yours: body });
        await audit(tx, staff, ip, {
          branchId: current.branchId,
          objectType: 'game',
          objectId: id,
          action: 'update',
          before: loggableGame(current),
          after: loggableGame(updated),
        });
        for (const old of before) {
          if (kept.has(old.id)) continue;
          if (!(await deleteUndrawnSegment(tx, id, old.id))) {
            throw new AppError('game_segment_has_draws', { segmentId: old.id });
          }
          await audit(tx, staff, ip, {
            branchId: current.branchId,
            objectType: 'game_segment',
            objectId: old.id,
            action: 'delete',
            before: { ...old },
            after: null,
          });
        }
        for (const [position, s] of body.segments.entries()) {
          const values = segmentValues(s, position);
          if (s.id === null) {
            const row = await insertSegment(tx, id, values);
            await audit(tx, staff, ip, {
              branchId: current.branchId,
              objectType: 'game_segment',
              objectId: row.id,
              action: 'create',
              before: null,
              after: { ...row },
            });
            continue;
          }
          const old = byId.get(s.id);
          const row = await updateSegment(tx, id, s.id, values);
          if (!row) {
            // The prizes already given, read again under the lock the update waited for (a spin may have taken one).
            const won = (await listSegments(tx, id)).find((x) => x.id === s.id)?.won ?? old?.won ?? 0;
            throw new AppError('game_stock_below_won', { segmentId: s.id, won, stock: s.stock });
          }
          await audit(tx, staff, ip, {
            branchId: current.branchId,
            objectType: 'game_segment',
            objectId: s.id,
            action: 'update',
            before: old ? { ...old } : null,
            after: { ...row },
          });
        }
        return gameView(staff, updated, await listSegments(tx, id));
      });
    },
  };
}

export type GamesAdminService = ReturnType<typeof createGamesAdminService>;

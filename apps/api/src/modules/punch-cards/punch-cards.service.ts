import { punchCardStatus } from '@sufra/shared/loyalty/punch-cards';
import type {
  PunchCard,
  PunchCardsResponse,
  PunchHistoryResponse,
  PunchProgrammeBody,
  StaffPunchProgramme,
  StaffPunchProgrammesResponse,
} from '@sufra/shared/schemas/punch-cards';
import type { AppContext } from '../../app-context.ts';
import type { CustomerPrincipal, StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { findRewardOfBrand } from '../loyalty/rewards.service.ts';
import {
  countBrandMenuIds,
  countCards,
  findCustomerCard,
  findProgramme,
  findProgrammeWithReward,
  insertProgramme,
  listBrandChoices,
  listCardPunches,
  listCustomerCards,
  listProgrammes,
  type ProgrammeWithReward,
  type PunchCardWithReward,
  updateProgramme,
} from './punch-cards.repo.ts';
import { archive, duplicate, restore } from './punch-programme-archive.service.ts';
import { toStaffProgramme } from './punch-programmes.view.ts';

function toSummary({ programme, rewardAr, rewardEn }: ProgrammeWithReward): PunchCard['programme'] {
  return {
    id: programme.id,
    name: { ar: programme.nameAr, en: programme.nameEn },
    itemsCount: programme.itemsCount,
    daysToComplete: programme.daysToComplete,
    reward: { id: programme.rewardId, name: { ar: rewardAr, en: rewardEn } },
  };
}

function toCard(row: PunchCardWithReward, programme: ProgrammeWithReward, now: Date): PunchCard {
  return {
    id: row.id,
    programme: toSummary(programme),
    punches: row.punches,
    itemsCount: row.itemsCount,
    status: punchCardStatus(row, now),
    startedAt: row.startedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    ownedRewardId: row.customerRewardId,
  };
}

/** The card a diner is offered before their first punch (or after their last card finished). */
function emptyCard(programme: ProgrammeWithReward): PunchCard {
  return {
    id: null,
    programme: toSummary(programme),
    punches: 0,
    itemsCount: programme.programme.itemsCount,
    status: 'no_punches',
    startedAt: null,
    expiresAt: null,
    completedAt: null,
    ownedRewardId: null,
  };
}

/** What the punch cards' operations need: the app (database, clock). */
export interface PunchCardsDeps {
  ctx: AppContext;
}

function assertManager(staff: StaffPrincipal): void {
  if (staff.role === 'cashier') throw new AppError('forbidden');
}

/** The programme's fields as stored, after checking the ids are this brand's. */
async function checked(deps: PunchCardsDeps, staff: StaffPrincipal, body: PunchProgrammeBody) {
  const { db } = deps.ctx;
  const itemIds = [...new Set(body.itemIds)];
  const categoryIds = [...new Set(body.categoryIds)];
  if (itemIds.length + categoryIds.length === 0) {
    throw new AppError('punch_qualifying_required', undefined, { itemIds: 'punch_qualifying_required' });
  }
  const found = await countBrandMenuIds(db, staff.brandId, itemIds, categoryIds);
  if (found.items !== itemIds.length || found.categories !== categoryIds.length) {
    throw new AppError('punch_item_unknown', undefined, { itemIds: 'punch_item_unknown' });
  }
  if (!(await findRewardOfBrand(db, body.rewardId, staff.brandId))) {
    throw new AppError('punch_reward_unknown', undefined, { rewardId: 'punch_reward_unknown' });
  }
  return {
    nameAr: body.name.ar,
    nameEn: body.name.en,
    itemIds,
    categoryIds,
    itemsCount: body.itemsCount,
    daysToComplete: body.daysToComplete,
    rewardId: body.rewardId,
    isActive: body.isActive,
  };
}

/**
 * The card in progress of every active programme (empty when there is none, or nobody is signed in), then the
 * diner's full cards whose reward waits in My Rewards, then their finished cards (completed or expired), newest
 * first. A card of a programme switched off since still shows once finished.
 */
export async function cards(
  deps: PunchCardsDeps,
  brandId: number,
  customer: CustomerPrincipal | null,
): Promise<PunchCardsResponse> {
  const { ctx } = deps;
  const { db } = ctx;
  const now = ctx.now();
  const active = await listProgrammes(db, brandId, { activeOnly: true });
  if (!customer) return { cards: active.map(emptyCard) };
  const rows = await listCustomerCards(db, customer.id, brandId);
  const programmes = new Map(active.map((p) => [p.programme.id, p]));
  const programmeOf = async (id: number) => {
    let found = programmes.get(id);
    if (!found) {
      found = await findProgrammeWithReward(db, id);
      if (found) programmes.set(id, found);
    }
    return found;
  };
  const current: PunchCard[] = [];
  for (const p of active) {
    // The oldest card still taking punches: the one the next order punches first (punch-reactions.ts).
    const open = rows
      .filter(
        (r) =>
          r.programmeId === p.programme.id && ['no_punches', 'partially_punched'].includes(punchCardStatus(r, now)),
      )
      .at(-1);
    current.push(open ? toCard(open, p, now) : emptyCard(p));
  }
  // Full cards whose reward waits in My Rewards come next (still something to do), then the finished ones.
  const waiting: PunchCard[] = [];
  const finished: PunchCard[] = [];
  for (const row of rows) {
    const status = punchCardStatus(row, now);
    if (status !== 'fully_punched' && status !== 'completed' && status !== 'expired') continue;
    const programme = await programmeOf(row.programmeId);
    if (programme) (status === 'fully_punched' ? waiting : finished).push(toCard(row, programme, now));
  }
  return { cards: [...current, ...waiting, ...finished] };
}

/** Punches History of one of the diner's cards (another diner's card answers 404, like one that never was). */
export async function history(
  deps: PunchCardsDeps,
  customer: CustomerPrincipal,
  cardId: number,
): Promise<PunchHistoryResponse> {
  const { ctx } = deps;
  const { db } = ctx;
  const card = await findCustomerCard(db, cardId, customer.id, customer.brandId);
  if (!card) throw new AppError('punch_card_not_found');
  const programme = await findProgrammeWithReward(db, card.programmeId);
  if (!programme) throw new AppError('punch_card_not_found');
  const rows = await listCardPunches(db, card.id);
  return {
    card: toCard(card, programme, ctx.now()),
    punches: rows.map(({ punch, orderNumber }) => ({
      id: punch.id,
      orderId: punch.orderId,
      orderNumber,
      count: punch.count,
      at: punch.at.toISOString(),
      takenBackAt: punch.takenBackAt ? punch.takenBackAt.toISOString() : null,
    })),
  };
}

export async function staffList(deps: PunchCardsDeps, staff: StaffPrincipal): Promise<StaffPunchProgrammesResponse> {
  const { ctx } = deps;
  const { db } = ctx;
  assertManager(staff);
  const [programmes, counts, choices] = await Promise.all([
    listProgrammes(db, staff.brandId, { activeOnly: false }),
    countCards(db, staff.brandId, ctx.now()),
    listBrandChoices(db, staff.brandId),
  ]);
  return {
    programmes: programmes.map(({ programme }) => toStaffProgramme(programme, counts.get(programme.id))),
    items: choices.items.map((i) => ({ id: i.id, name: { ar: i.nameAr, en: i.nameEn }, categoryId: i.categoryId })),
    categories: choices.categories.map((c) => ({ id: c.id, name: { ar: c.nameAr, en: c.nameEn } })),
    rewards: choices.rewards.map((r) => ({ id: r.id, name: { ar: r.nameAr, en: r.nameEn } })),
  };
}

export async function create(
  deps: PunchCardsDeps,
  staff: StaffPrincipal,
  input: PunchProgrammeBody,
): Promise<StaffPunchProgramme> {
  const { db } = deps.ctx;
  assertManager(staff);
  const fields = await checked(deps, staff, input);
  const row = await insertProgramme(db, { brandId: staff.brandId, ...fields });
  return toStaffProgramme(row, undefined);
}

/**
 * Edits a programme. Cards already started keep the count and end date they started with (punch_cards keeps
 * its own), so a diner's card never changes under them; the next card follows the new rule.
 */
export async function update(
  deps: PunchCardsDeps,
  staff: StaffPrincipal,
  id: number,
  input: PunchProgrammeBody,
): Promise<StaffPunchProgramme> {
  const { ctx } = deps;
  const { db } = ctx;
  assertManager(staff);
  const existing = await findProgramme(db, id, staff.brandId);
  if (!existing) throw new AppError('punch_programme_not_found');
  // An archived programme is restored before it is edited (else an edit could switch it back on, docs/adr/0590).
  if (existing.archivedAt) throw new AppError('archived_edit_refused');
  const fields = await checked(deps, staff, input);
  const row = await updateProgramme(db, id, staff.brandId, { ...fields, updatedAt: ctx.now() });
  if (!row) throw new AppError('punch_programme_not_found');
  const counts = await countCards(db, staff.brandId, ctx.now());
  return toStaffProgramme(row, counts.get(row.id));
}

/**
 * Punch cards for diners (their cards and each card's Punches History) and for managers (programmes: list with card
 * counts, create, edit). The punches themselves are written by punch-reactions.ts on the order's moments.
 *
 * The operations are the plain functions above; this binds them to the app.
 */
export function createPunchCardsService(ctx: AppContext) {
  const deps = { ctx } satisfies PunchCardsDeps;
  return {
    cards: cards.bind(null, deps),
    history: history.bind(null, deps),
    staffList: staffList.bind(null, deps),
    create: create.bind(null, deps),
    update: update.bind(null, deps),
    archive: archive.bind(null, deps),
    restore: restore.bind(null, deps),
    duplicate: duplicate.bind(null, deps),
  };
}

export type PunchCardsService = ReturnType<typeof createPunchCardsService>;

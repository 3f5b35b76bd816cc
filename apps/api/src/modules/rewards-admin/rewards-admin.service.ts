import { randomUUID } from 'node:crypto';
import {
  type ManageReward,
  type ManageRewardsQuery,
  type ManageRewardsResponse,
  REWARD_IMAGE_PATH,
  type RewardBody,
  type RewardImageResponse,
  type RewardUpdateBody,
} from '@sufra/shared/schemas/manage-rewards';
import type { AppContext } from '../../app-context.ts';
import { reencodeImage } from '../../core/uploaded-image.service.ts';
import type { Queryable } from '../../db/client.ts';
import { pgErrorCode } from '../../db/errors.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import {
  brandBranchIds,
  type CatalogueRewardRow,
  type CatalogueRewardValues,
  insertCatalogueReward,
  itemOfBrand,
  listCatalogue,
  lockCatalogueReward,
  ownedCounts,
  updateCatalogueReward,
} from './rewards-admin.repo.ts';

/** The longest side a reward photo keeps (a shop card on a phone, twice over for sharp screens). */
const REWARD_IMAGE_MAX_SIDE = 1200;

/** The storage key of a reward photo from its file name. */
export function rewardImageKey(name: string): string {
  return `rewards/${name}`;
}

/**
 * The console's points shop and prize shop catalogues (issue 27 item 3, docs/adr/0560). Owners change every
 * reward; a manager only those limited to branches all of which are theirs (a brand-wide reward is the owner's).
 * Another brand's reward is 404, as are a foreign item or branch named in a body. A reward is never deleted: it is
 * retired (off the shops), and copies diners own keep working. Every write records its audit row in its
 * transaction; an edit names the version it read (409 reward_changed with both values when stale).
 */
export function createRewardsAdminService(ctx: AppContext, deps: { storage: FileStorage }) {
  const { db } = ctx;

  function editable(staff: StaffPrincipal, branchIds: readonly number[] | null): boolean {
    if (staff.role === 'owner') return true;
    if (branchIds === null) return false;
    return branchIds.every((id) => staff.branchIds.includes(id));
  }

  function assertEditable(staff: StaffPrincipal, branchIds: readonly number[] | null) {
    if (editable(staff, branchIds)) return;
    throw new AppError(branchIds === null ? 'reward_brand_wide_owner_only' : 'branch_out_of_scope');
  }

  /** The body's own rules, before anything is read. */
  function checkBody(body: RewardBody) {
    if (body.shop === 'points' && body.pointsCost === null) throw new AppError('reward_points_price_required');
    const fields = {
      free_item: body.itemId !== null,
      percent: body.percentBasisPoints !== null,
      fixed: body.amountHalalas !== null,
      gift: true,
    };
    if (!fields[body.kind]) throw new AppError('reward_kind_fields_invalid');
    if (body.activeFrom && body.activeUntil && Date.parse(body.activeFrom) >= Date.parse(body.activeUntil)) {
      throw new AppError('reward_window_invalid');
    }
  }

  /** What the body names must be the brand's: its branches, its item, a photo this API stored. */
  async function checkReferences(q: Queryable, staff: StaffPrincipal, body: RewardBody) {
    if (body.branchIds) {
      const found = await brandBranchIds(q, staff.brandId, body.branchIds);
      if (found.size !== body.branchIds.length) throw new AppError('branch_not_found');
    }
    if (body.kind === 'free_item' && body.itemId !== null && !(await itemOfBrand(q, staff.brandId, body.itemId))) {
      throw new AppError('item_not_found');
    }
    if (body.image && !(await deps.storage.get(rewardImageKey(body.image.slice(REWARD_IMAGE_PATH.length))))) {
      throw new AppError('reward_image_missing');
    }
  }

  /** The row's values from a body: the kind's own fields kept, the others cleared. */
  function values(body: RewardBody): CatalogueRewardValues {
    return {
      shop: body.shop,
      kind: body.kind,
      nameAr: body.nameAr,
      nameEn: body.nameEn,
      descriptionAr: body.descriptionAr,
      descriptionEn: body.descriptionEn,
      image: body.image,
      pointsCost: body.pointsCost,
      itemId: body.kind === 'free_item' ? body.itemId : null,
      percentBp: body.kind === 'percent' ? body.percentBasisPoints : null,
      maxDiscountHalalas: body.kind === 'percent' ? body.maxDiscountHalalas : null,
      amountHalalas: body.kind === 'fixed' ? body.amountHalalas : null,
      validDays: body.validDays,
      branchIds: body.branchIds ? [...body.branchIds].sort((a, b) => a - b) : null,
      stock: body.stock,
      activeFrom: body.activeFrom ? new Date(body.activeFrom) : null,
      activeUntil: body.activeUntil ? new Date(body.activeUntil) : null,
      position: body.position,
    };
  }

  function view(staff: StaffPrincipal, row: CatalogueRewardRow, owned = 0): ManageReward {
    return {
      id: row.id,
      shop: row.shop as ManageReward['shop'],
      kind: row.kind as ManageReward['kind'],
      nameAr: row.nameAr,
      nameEn: row.nameEn,
      descriptionAr: row.descriptionAr,
      descriptionEn: row.descriptionEn,
      image: row.image,
      pointsCost: row.pointsCost,
      itemId: row.itemId,
      percentBasisPoints: row.percentBp,
      maxDiscountHalalas: row.maxDiscountHalalas,
      amountHalalas: row.amountHalalas,
      validDays: row.validDays,
      branchIds: row.branchIds,
      stock: row.stock,
      activeFrom: row.activeFrom?.toISOString() ?? null,
      activeUntil: row.activeUntil?.toISOString() ?? null,
      position: row.position,
      active: row.isActive,
      issuedCount: row.issuedCount,
      ownedCount: owned,
      version: row.version,
      editable: editable(staff, row.branchIds),
    };
  }

  const loggable = (row: CatalogueRewardRow) => ({
    ...row,
    activeFrom: row.activeFrom?.toISOString() ?? null,
    activeUntil: row.activeUntil?.toISOString() ?? null,
  });

  function audit(
    tx: Queryable,
    staff: StaffPrincipal,
    ip: string | null,
    entry: {
      objectId: number;
      action: 'create' | 'update';
      before: CatalogueRewardRow | null;
      after: CatalogueRewardRow;
    },
  ) {
    return recordStaffChange(tx, staff, ip, {
      brandId: staff.brandId,
      branchId: null,
      objectType: 'reward',
      objectId: entry.objectId,
      action: entry.action,
      before: entry.before ? loggable(entry.before) : null,
      after: loggable(entry.after),
      at: ctx.now(),
    });
  }

  /** A reward of the brand this user may change, locked; 404 another brand's, 403 out of scope. */
  async function inScope(tx: Queryable, staff: StaffPrincipal, id: number): Promise<CatalogueRewardRow> {
    const row = await lockCatalogueReward(tx, staff.brandId, id);
    if (!row) throw new AppError('catalogue_reward_not_found');
    assertEditable(staff, row.branchIds);
    return row;
  }

  /** A check the database keeps (stock never below the copies sold) told as the user's error. */
  async function guarded<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (pgErrorCode(error) === '23514' && String(error).includes('rewards_stock_check')) {
        throw new AppError('reward_stock_below_sold');
      }
      throw error;
    }
  }

  return {
    async list(staff: StaffPrincipal, query: ManageRewardsQuery): Promise<ManageRewardsResponse> {
      const rows = await listCatalogue(db, staff.brandId, query.shop, query.status === 'active');
      const owned = await ownedCounts(
        db,
        rows.map((r) => r.id),
      );
      return { rewards: rows.map((r) => view(staff, r, owned.get(r.id) ?? 0)) };
    },

    /** An uploaded photo, checked by its bytes, decoded, turned upright, resized and written again as JPEG. */
    async uploadImage(input: Buffer): Promise<RewardImageResponse> {
      const out = await reencodeImage(input, {
        maxSide: REWARD_IMAGE_MAX_SIDE,
        format: 'jpeg',
        quality: 82,
        notImage: 'reward_image_not_image',
      });
      const name = `${randomUUID()}.jpg`;
      await deps.storage.put(rewardImageKey(name), out.data, 'image/jpeg');
      return { path: `${REWARD_IMAGE_PATH}${name}`, width: out.info.width, height: out.info.height };
    },

    /** A stored reward photo's bytes (public: the shops show them signed out); undefined when none. */
    image(name: string): Promise<Buffer | undefined> {
      return deps.storage.get(rewardImageKey(name));
    },

    async create(staff: StaffPrincipal, ip: string | null, body: RewardBody): Promise<ManageReward> {
      checkBody(body);
      return db.transaction(async (tx) => {
        await checkReferences(tx, staff, body);
        assertEditable(staff, body.branchIds);
        const row = await insertCatalogueReward(tx, staff.brandId, values(body));
        await audit(tx, staff, ip, { objectId: row.id, action: 'create', before: null, after: row });
        return view(staff, row);
      });
    },

    async update(staff: StaffPrincipal, ip: string | null, id: number, body: RewardUpdateBody): Promise<ManageReward> {
      checkBody(body);
      return guarded(() =>
        db.transaction(async (tx) => {
          const current = await inScope(tx, staff, id);
          await checkReferences(tx, staff, body);
          assertEditable(staff, body.branchIds);
          const owned = (await ownedCounts(tx, [id])).get(id) ?? 0;
          if (current.version !== body.version) {
            throw new AppError('reward_changed', { current: view(staff, current, owned), yours: body });
          }
          if (body.stock !== null && body.stock < current.issuedCount) throw new AppError('reward_stock_below_sold');
          const { version: _v, ...rest } = body;
          const updated = await updateCatalogueReward(tx, id, body.version, values(rest));
          if (!updated) throw new AppError('reward_changed', { current: view(staff, current, owned), yours: body });
          await audit(tx, staff, ip, { objectId: id, action: 'update', before: current, after: updated });
          return view(staff, updated, owned);
        }),
      );
    },

    /** Off the shops for good (never deleted): copies diners own keep working. */
    async retire(staff: StaffPrincipal, ip: string | null, id: number, version: number): Promise<ManageReward> {
      return db.transaction(async (tx) => {
        const current = await inScope(tx, staff, id);
        const owned = (await ownedCounts(tx, [id])).get(id) ?? 0;
        const updated =
          current.version === version ? await updateCatalogueReward(tx, id, version, { isActive: false }) : undefined;
        if (!updated)
          throw new AppError('reward_changed', { current: view(staff, current, owned), yours: { version } });
        await audit(tx, staff, ip, { objectId: id, action: 'update', before: current, after: updated });
        return view(staff, updated, owned);
      });
    },
  };
}

export type RewardsAdminService = ReturnType<typeof createRewardsAdminService>;

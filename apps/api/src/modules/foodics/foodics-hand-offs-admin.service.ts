import type { FoodicsHandOffList, FoodicsHandOffQuery } from '@sufra/shared/schemas/foodics';
import type { AppContext } from '../../app-context.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import { announceHandOff, findHandOff, listHandOffs, markHandled, requeueDead } from './foodics.repo.ts';
import type { FoodicsDeps } from './foodics.service.ts';

/**
 * The hand-offs as staff see them in the console (docs/adr/0510): the brand's list by state, and a dead letter
 * retried or marked handled by staff of its branch.
 */
export function createFoodicsHandOffsAdmin(ctx: AppContext, deps: Pick<FoodicsDeps, 'pendingAlertMs' | 'onQueued'>) {
  const { db } = ctx;

  async function list(staff: StaffPrincipal, query: FoodicsHandOffQuery): Promise<FoodicsHandOffList> {
    const pendingBefore = query.state === 'waiting' ? new Date(ctx.now().getTime() - deps.pendingAlertMs) : undefined;
    const rows = await listHandOffs(
      db,
      staff.brandId,
      query.branchId === undefined ? staff.branchIds : staff.branchIds.filter((b) => b === query.branchId),
      {
        ...(query.state && query.state !== 'waiting' ? { state: query.state } : {}),
        ...(pendingBefore ? { pendingBefore } : {}),
      },
      query.limit,
    );
    return {
      handOffs: rows.map((r) => ({
        orderId: r.orderId,
        number: r.number,
        branchId: r.branchId,
        branchName: { ar: r.branchNameAr, en: r.branchNameEn },
        state: r.state,
        failures: r.failures,
        lastError: r.lastError,
        foodicsOrderId: r.foodicsOrderId,
        foodicsStatus: r.foodicsStatus,
        sentAt: r.sentAt?.toISOString() ?? null,
        updatedAt: r.updatedAt.toISOString(),
      })),
    };
  }

  /** A dead letter retried or settled by staff of its branch, audited in the same transaction. */
  async function settle(staff: StaffPrincipal, ip: string, orderId: number, action: 'retry' | 'handled') {
    const handOff = await findHandOff(db, staff.brandId, { orderId });
    if (!handOff || !staff.branchIds.includes(handOff.branchId)) throw new AppError('foodics_hand_off_not_found');
    const now = ctx.now();
    const after = await db.transaction(async (tx) => {
      const moved =
        action === 'retry' ? await requeueDead(tx, handOff.id, now) : await markHandled(tx, handOff.id, staff.id, now);
      if (!moved) throw new AppError('foodics_hand_off_not_dead');
      await announceHandOff(tx, orderId);
      await recordStaffChange(tx, staff, ip, {
        brandId: staff.brandId,
        branchId: handOff.branchId,
        objectType: 'foodics_hand_off',
        objectId: orderId,
        action: 'update',
        before: { state: handOff.state, failures: handOff.failures, lastError: handOff.lastError },
        after: { state: moved.state, failures: moved.failures },
        at: now,
      });
      return moved;
    });
    if (action === 'retry') deps.onQueued();
    return { orderId, state: after.state };
  }

  return {
    list,
    retry: (staff: StaffPrincipal, ip: string, orderId: number) => settle(staff, ip, orderId, 'retry'),
    markHandled: (staff: StaffPrincipal, ip: string, orderId: number) => settle(staff, ip, orderId, 'handled'),
  };
}

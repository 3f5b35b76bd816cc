import type { SwitchHistory } from '@sufra/shared/schemas/audit';
import type { ServiceSwitchList } from '@sufra/shared/schemas/staff';
import { SERVICES, type Service } from '@sufra/shared/services';
import type { AppContext } from '../../app-context.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange, switchHistory } from '../audit/audit.service.ts';
import { listBrandSwitches, switchBrandService } from './services.repo.ts';

/** How many changes the switch history shows. */
const HISTORY_LIMIT = 50;

/**
 * Management's brand-wide service switches (DESIGN §8): diners of a switched-off service land on /deactivated/{uuid}.
 * Every staff user may read them; managers and owners set them. Branch-level switches stay as seeded for now.
 */
export function createServicesService(ctx: AppContext) {
  const { db } = ctx;

  async function list(brandId: number): Promise<ServiceSwitchList> {
    const rows = new Map((await listBrandSwitches(db, brandId)).map((r) => [r.service, r.isActive]));
    return { services: SERVICES.map((service) => ({ service, isActive: rows.get(service) ?? true })) };
  }

  return {
    list: (staff: StaffPrincipal) => list(staff.brandId),

    /**
     * Switches a service for the brand: the switch and its audit row (who, when, from where, before and after) in
     * one transaction, so a failed change records nothing. Switching to what it already is changes nothing and
     * records nothing.
     */
    async set(
      staff: StaffPrincipal,
      ip: string | null,
      service: Service,
      isActive: boolean,
    ): Promise<ServiceSwitchList> {
      if (staff.role === 'cashier') throw new AppError('forbidden');
      await db.transaction(async (tx) => {
        const { before } = await switchBrandService(tx, staff.brandId, service, isActive);
        if (before === isActive) return;
        await recordStaffChange(tx, staff, ip, {
          brandId: staff.brandId,
          objectType: 'service_switch',
          objectId: service,
          action: 'update',
          before: { isActive: before },
          after: { isActive },
          at: ctx.now(),
        });
      });
      return list(staff.brandId);
    },

    /** Who switched what and when (the brand's services, the manual open switch of the user's branches). */
    async history(staff: StaffPrincipal): Promise<SwitchHistory> {
      if (staff.role === 'cashier') throw new AppError('forbidden');
      const rows = await switchHistory(db, staff.brandId, staff.branchIds, HISTORY_LIMIT);
      return {
        entries: rows.flatMap((r) => {
          const service = SERVICES.find((s) => s === r.objectId);
          const target =
            r.objectType === 'branch' && r.branchId !== null
              ? {
                  kind: 'branch' as const,
                  branchId: r.branchId,
                  branchName: { ar: r.branchNameAr ?? '', en: r.branchNameEn ?? '' },
                }
              : service
                ? { kind: 'service' as const, service }
                : null;
          if (!target) return [];
          const isActive = target.kind === 'branch' ? r.after?.isOpen : r.after?.isActive;
          return [
            {
              id: r.id,
              at: r.at.toISOString(),
              timeZone: r.timeZone,
              by: r.staffId !== null && r.staffName !== null ? { id: r.staffId, name: r.staffName } : null,
              target,
              isActive: isActive === true,
            },
          ];
        }),
      };
    },
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;

import type { ServiceSwitchList } from '@sufra/shared/schemas/staff';
import { SERVICES, type Service } from '@sufra/shared/services';
import type { AppContext } from '../../app-context.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { listBrandSwitches, upsertBrandSwitch } from './services.repo.ts';

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

    async set(staff: StaffPrincipal, service: Service, isActive: boolean): Promise<ServiceSwitchList> {
      if (staff.role === 'cashier') throw new AppError('forbidden');
      await upsertBrandSwitch(db, staff.brandId, service, isActive);
      return list(staff.brandId);
    },
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;

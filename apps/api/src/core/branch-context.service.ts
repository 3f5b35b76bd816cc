import { isOpenOn } from '@sufra/shared/branch-hours';
import { imageUrl } from '@sufra/shared/host-rule';
import type { Branch } from '@sufra/shared/schemas/branch';
import type { Brand, PaymentChoice } from '@sufra/shared/schemas/establishment';
import { SERVICES, type Service } from '@sufra/shared/services';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../plugins/errors.ts';
import {
  type BranchRow,
  type BrandRow,
  type DeliveryZoneRow,
  findBranchWithBrand,
  findBrandById,
  findBrandIdByHost,
  findFirstBrandId,
  findMainBranch,
  listBranchesOfBrand,
  listDeliveryZones,
  listPaymentChoices,
} from './branch-context.repo.ts';

/** Open when the manual switch is on and the opening hours (in the branch's zone) include `now`. */
export function branchStatus(branch: BranchRow, now: Date): 'open' | 'closed' {
  return branch.isOpen && isOpenOn(branch.openingHours, branch.specialDays, branch.timeZone, now) ? 'open' : 'closed';
}

/** Why a branch is closed: paused by hand first (it stays closed whatever the hours say), then its hours. */
export function branchClosedBy(branch: BranchRow, now: Date): 'staff' | 'hours' | null {
  if (!branch.isOpen) return 'staff';
  return isOpenOn(branch.openingHours, branch.specialDays, branch.timeZone, now) ? null : 'hours';
}

export function toBranch(branch: BranchRow, zones: DeliveryZoneRow[], now: Date): Branch {
  return {
    id: branch.id,
    brandId: branch.brandId,
    name: { ar: branch.nameAr, en: branch.nameEn },
    address: { ar: branch.addressAr, en: branch.addressEn },
    phone: branch.phone,
    location: { lat: branch.lat, lng: branch.lng },
    timeZone: branch.timeZone,
    openingHours: branch.openingHours,
    specialDays: branch.specialDays,
    status: branchStatus(branch, now),
    closedBy: branchClosedBy(branch, now),
    isMain: branch.isMain,
    integrated: branch.integrated,
    dineInRadiusMeters: branch.dineInRadiusM,
    orderTypes: { dineIn: branch.dineIn, pickup: branch.pickup, delivery: branch.delivery },
    deliveryZones: zones
      .filter((z) => z.branchId === branch.id)
      .map((z) => ({
        id: z.id,
        name: { ar: z.nameAr, en: z.nameEn },
        feeHalalas: z.feeHalalas,
        minimumOrderHalalas: z.minimumOrderHalalas,
        priority: z.priority,
        estimatedMinutes: z.estimatedMinutes,
        geometry: z.geometry,
      })),
    preparation: { baseMinutes: branch.prepBaseMinutes, perItemMinutes: branch.prepPerItemMinutes },
  };
}

export function toBrand(brand: BrandRow, imageHost: string): Brand {
  return {
    id: brand.id,
    slug: brand.slug,
    name: { ar: brand.nameAr, en: brand.nameEn },
    logo: imageUrl(brand.logo, imageHost),
    cover: imageUrl(brand.cover, imageHost),
    settings: {
      languages: ['ar', 'en'],
      currency: 'SAR',
      taxMode: brand.taxMode === 'exclusive' ? 'exclusive' : 'inclusive',
      vatRateBasisPoints: brand.vatRateBp,
    },
  };
}

/** Every service with whether it is on at a branch; everything is off when the brand itself is switched off. */
export function servicesMap(servicesOff: readonly string[]): Record<Service, boolean> {
  const off = new Set(servicesOff);
  const brandOff = off.has('brand');
  return Object.fromEntries(SERVICES.map((s) => [s, !brandOff && !off.has(s)])) as Record<Service, boolean>;
}

/** Throws 403 service_deactivated when the brand, or `service`, is switched off. */
export function assertServiceOn(servicesOff: readonly string[], service: Service = 'brand'): void {
  if (servicesOff.includes('brand')) throw new AppError('service_deactivated', { service: 'brand' });
  if (service !== 'brand' && servicesOff.includes(service)) throw new AppError('service_deactivated', { service });
}

export function createBranchesService(ctx: AppContext) {
  const { db } = ctx;

  /** A branch by id for a diner-facing call: 404 when unknown, 403 when its brand is switched off. */
  async function requireActiveBranch(branchId: number) {
    const found = await findBranchWithBrand(db, branchId);
    if (!found) throw new AppError('branch_not_found');
    assertServiceOn(found.servicesOff);
    return found;
  }

  async function withZones(rows: BranchRow[]): Promise<Branch[]> {
    const zones = await listDeliveryZones(
      db,
      rows.map((r) => r.id),
    );
    const now = ctx.now();
    return rows.map((r) => toBranch(r, zones, now));
  }

  return {
    requireActiveBranch,

    /** The main branch of the brand picked by an explicit brand id, else the request host, else the first brand. */
    async getMainBranch(input: { brandId?: number | undefined; host: string }): Promise<Branch> {
      const host = input.host.toLowerCase();
      const brandId =
        input.brandId ?? (host ? await findBrandIdByHost(db, host) : undefined) ?? (await findFirstBrandId(db));
      if (brandId === undefined) throw new AppError('brand_not_found');
      const main = await findMainBranch(db, brandId);
      if (!main) throw new AppError('branch_not_found');
      const [branch] = await withZones([main]);
      if (!branch) throw new AppError('branch_not_found');
      return branch;
    },

    async listBranches(brandId: number): Promise<Branch[]> {
      const brand = await findBrandById(db, brandId);
      if (!brand) throw new AppError('brand_not_found');
      return withZones(await listBranchesOfBrand(db, brandId));
    },

    async getPaymentChoices(branchId: number): Promise<PaymentChoice[]> {
      await requireActiveBranch(branchId);
      const rows = await listPaymentChoices(db, branchId);
      return rows.map((r) => ({
        id: r.id,
        method: r.method === 'card' ? 'card' : 'cash',
        name: { ar: r.nameAr, en: r.nameEn },
        orderTypes: r.orderTypes.filter((t): t is 1 | 2 | 3 => t === 1 || t === 2 || t === 3),
      }));
    },

    withZones,
  };
}

export type BranchesService = ReturnType<typeof createBranchesService>;

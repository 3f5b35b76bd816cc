import type { Service } from '@sufra/shared/services';
import type { Queryable } from '../client.ts';
import { branches, deliveryZones, paymentChoices, qrCodes, tables } from '../schema/branches.ts';
import { serviceSwitches } from '../schema/services.ts';
import { need } from './seed-inserts.ts';
import type { SeedBrand } from './seed-types.ts';

/** The brand's branches, in data order; returns their ids by data key. */
export async function seedBranches(tx: Queryable, brandId: number, data: SeedBrand): Promise<Map<string, number>> {
  const branchIds = new Map<string, number>();
  if (data.branches.length === 0) return branchIds;
  const rows = await tx
    .insert(branches)
    .values(
      data.branches.map((b) => ({
        brandId,
        nameAr: b.name.ar,
        nameEn: b.name.en,
        addressAr: b.address.ar,
        addressEn: b.address.en,
        phone: b.phone,
        lat: b.lat,
        lng: b.lng,
        timeZone: b.timeZone,
        openingHours: b.openingHours,
        isMain: b.isMain,
        integrated: b.integrated,
        dineInRadiusM: b.dineInRadiusMeters,
        dineIn: b.orderTypes.dineIn,
        pickup: b.orderTypes.pickup,
        delivery: b.orderTypes.delivery,
        specialDays: b.specialDays ?? [],
      })),
    )
    .returning({ id: branches.id });
  data.branches.forEach((b, i) => {
    const row = rows[i];
    if (!row) throw new Error('branch insert returned too few rows');
    branchIds.set(b.key, row.id);
  });
  return branchIds;
}

/** What hangs off each branch: delivery zones, tables and their QR codes, payment choices. */
export async function seedBranchDetails(tx: Queryable, branchIds: Map<string, number>, data: SeedBrand): Promise<void> {
  const label = data.slug;
  const zoneRows = data.branches.flatMap((b) =>
    b.deliveryZones.map((z) => ({
      branchId: need(branchIds, b.key, 'branch', label),
      nameAr: z.name.ar,
      nameEn: z.name.en,
      feeHalalas: z.feeHalalas,
      minimumOrderHalalas: z.minimumOrderHalalas,
      geometry: z.geometry,
    })),
  );
  if (zoneRows.length > 0) await tx.insert(deliveryZones).values(zoneRows);

  const tableRows = data.branches.flatMap((b) =>
    b.tables.map((t) => ({
      branchId: need(branchIds, b.key, 'branch', label),
      number: t.number,
      status: t.status,
      seats: t.seats ?? 4,
      area: t.area ?? '',
    })),
  );
  const tableIds = new Map<string, number>(); // `${branchId}:${number}` → id
  if (tableRows.length > 0) {
    const inserted = await tx
      .insert(tables)
      .values(tableRows)
      .returning({ id: tables.id, branchId: tables.branchId, number: tables.number });
    for (const t of inserted) tableIds.set(`${t.branchId}:${t.number}`, t.id);
  }

  const qrRows = data.branches.flatMap((b) => {
    const branchId = need(branchIds, b.key, 'branch', label);
    return b.qrCodes.map((q) => ({
      uuid: q.uuid,
      branchId,
      tableId: q.table === null ? null : need(tableIds, `${branchId}:${q.table}`, 'table', label),
      active: q.active,
    }));
  });
  if (qrRows.length > 0) await tx.insert(qrCodes).values(qrRows);

  const paymentRows = data.branches.flatMap((b) =>
    b.paymentChoices.map((p, sort) => ({
      branchId: need(branchIds, b.key, 'branch', label),
      method: p.method,
      nameAr: p.name.ar,
      nameEn: p.name.en,
      orderTypes: p.orderTypes,
      sort,
    })),
  );
  if (paymentRows.length > 0) await tx.insert(paymentChoices).values(paymentRows);
}

/** The services switched off, brand-wide first, then per branch. */
export async function seedServiceSwitches(
  tx: Queryable,
  brandId: number,
  branchIds: Map<string, number>,
  data: SeedBrand,
): Promise<void> {
  const switches: { brandId: number; branchId: number | null; service: Service; isActive: boolean }[] = [];
  for (const service of new Set(data.servicesOff)) switches.push({ brandId, branchId: null, service, isActive: false });
  for (const b of data.branches) {
    for (const service of new Set(b.servicesOff)) {
      switches.push({ brandId, branchId: need(branchIds, b.key, 'branch', data.slug), service, isActive: false });
    }
  }
  if (switches.length > 0) await tx.insert(serviceSwitches).values(switches);
}

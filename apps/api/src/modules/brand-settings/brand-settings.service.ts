import { whiteTextPassesAA } from '@sufra/shared/brand-color';
import type { BrandSettings, brandSettingsBody } from '@sufra/shared/schemas/brand-settings';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import {
  type BrandSettingsRow,
  hostTakenElsewhere,
  readBrandSettings,
  writeBrandSettings,
} from './brand-settings.repo.ts';

const VAT_NUMBER = /^3[0-9]{13}3$/;

function view(row: BrandSettingsRow): BrandSettings {
  return {
    name: { ar: row.nameAr, en: row.nameEn },
    logo: row.logo,
    brandColor: row.brandColor,
    defaultLanguage: row.defaultLanguage === 'en' ? 'en' : 'ar',
    vatNumber: row.vatNumber,
    vatRateBp: row.vatRateBp,
    taxMode: row.taxMode === 'exclusive' ? 'exclusive' : 'inclusive',
    hosts: row.hosts,
    managersEditMenu: row.managersEditMenu,
    version: row.version,
  };
}

/** The audit row's fields: what a save may change, flat. */
const auditFields = ({ logo: _logo, version: _version, ...fields }: BrandSettings) => fields;

/**
 * The brand settings (issue 26 item 8): read and saved by owners and managers. A save names the version it read;
 * if someone saved since, it is refused with both versions (409 edit_conflict), never silently overwritten. The
 * save and its audit row are one transaction.
 */
export function createBrandSettingsService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async get(staff: StaffPrincipal): Promise<BrandSettings> {
      if (staff.role === 'cashier') throw new AppError('forbidden');
      const row = await readBrandSettings(db, staff.brandId);
      if (!row) throw new AppError('forbidden');
      return view(row);
    },

    async save(
      staff: StaffPrincipal,
      ip: string | null,
      body: z.output<typeof brandSettingsBody>,
    ): Promise<BrandSettings> {
      if (staff.role === 'cashier') throw new AppError('forbidden');
      if (body.brandColor !== null && !whiteTextPassesAA(body.brandColor))
        throw new AppError('brand_color_contrast', undefined, { brandColor: 'brand_color_contrast' });
      const vatNumber = body.vatNumber === '' ? null : body.vatNumber;
      if (vatNumber !== null && !VAT_NUMBER.test(vatNumber))
        throw new AppError('vat_number_invalid', undefined, { vatNumber: 'vat_number_invalid' });
      const hosts = [...new Set(body.hosts)];
      return db.transaction(async (tx) => {
        const current = await readBrandSettings(tx, staff.brandId, true);
        if (!current) throw new AppError('forbidden');
        const before = view(current);
        if (current.version !== body.version) throw new AppError('edit_conflict', { theirs: before, yours: body });
        const managersEditMenu = body.managersEditMenu ?? current.managersEditMenu;
        // A manager cannot widen (or narrow) managers' own rights.
        if (managersEditMenu !== current.managersEditMenu && staff.role !== 'owner')
          throw new AppError('menu_permission_owner_only', undefined, {
            managersEditMenu: 'menu_permission_owner_only',
          });
        if (await hostTakenElsewhere(tx, staff.brandId, hosts))
          throw new AppError('host_in_use', undefined, { hosts: 'host_in_use' });
        const written = await writeBrandSettings(tx, staff.brandId, body.version, {
          nameAr: body.name.ar,
          nameEn: body.name.en,
          brandColor: body.brandColor,
          defaultLanguage: body.defaultLanguage,
          vatNumber,
          vatRateBp: body.vatRateBp,
          taxMode: body.taxMode,
          hosts,
          managersEditMenu,
        });
        if (!written) throw new AppError('edit_conflict', { theirs: before, yours: body });
        const after = view(written);
        await recordStaffChange(tx, staff, ip, {
          brandId: staff.brandId,
          objectType: 'brand',
          objectId: staff.brandId,
          action: 'update',
          before: auditFields(before),
          after: auditFields(after),
          at: ctx.now(),
        });
        return after;
      });
    },
  };
}
export type BrandSettingsService = ReturnType<typeof createBrandSettingsService>;

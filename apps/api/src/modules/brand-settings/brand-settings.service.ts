import { randomBytes } from 'node:crypto';
import { whiteTextPassesAA } from '@sufra/shared/brand-color';
import type { BrandSettings, brandSettingsBody } from '@sufra/shared/schemas/brand-settings';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { reencodeImage } from '../../core/uploaded-image.service.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import {
  type BrandSettingsRow,
  hostTakenElsewhere,
  readBrandSettings,
  writeBrandLogo,
  writeBrandSettings,
} from './brand-settings.repo.ts';

/** A logo's longest side: the landing shows it at 72 px, the header at 32 px; 512 covers 3x screens with room. */
const LOGO_MAX_SIDE = 512;
const LOGO_PATH = '/api/brand/logos/';
/** Names are made here, never from a client's file name: a random part, always WebP. */
export const LOGO_NAME = /^[a-f0-9]{16}\.webp$/;
const logoKey = (brandId: number, name: string) => `logos/${brandId}/${name}`;

/** The storage key of a logo this API stored for `brandId` (undefined for a seeded or outside path). */
function storedLogoKey(brandId: number, path: string | null): string | undefined {
  const prefix = `${LOGO_PATH}${brandId}/`;
  if (!path?.startsWith(prefix)) return undefined;
  const name = path.slice(prefix.length);
  return LOGO_NAME.test(name) ? logoKey(brandId, name) : undefined;
}

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
export function createBrandSettingsService(ctx: AppContext, deps: { storage: FileStorage }) {
  const { db } = ctx;

  /** Puts `logo` (a path, or null) at `version` with its audit row, one transaction; answers the settings. */
  async function replaceLogo(staff: StaffPrincipal, ip: string | null, version: number, logo: string | null) {
    return db.transaction(async (tx) => {
      const current = await readBrandSettings(tx, staff.brandId, true);
      if (!current) throw new AppError('forbidden');
      const before = view(current);
      const yours = { logo, version };
      if (current.version !== version) throw new AppError('edit_conflict', { theirs: before, yours });
      const written = await writeBrandLogo(tx, staff.brandId, version, logo);
      if (!written) throw new AppError('edit_conflict', { theirs: before, yours });
      await recordStaffChange(tx, staff, ip, {
        brandId: staff.brandId,
        objectType: 'brand',
        objectId: staff.brandId,
        action: 'update',
        before: { logo: current.logo },
        after: { logo },
        at: ctx.now(),
      });
      return { settings: view(written), replaced: current.logo };
    });
  }

  /** After the commit: the file the brand no longer names goes (a seeded logo is not ours to remove). */
  async function forget(brandId: number, path: string | null) {
    const key = storedLogoKey(brandId, path);
    if (key) await deps.storage.delete(key).catch(() => undefined);
  }

  return {
    /**
     * A new logo: checked by its bytes, decoded, upright, at most LOGO_MAX_SIDE, written again as WebP (no
     * metadata), stored, then named by the brand at the version read. A refused save leaves no file behind.
     */
    async setLogo(staff: StaffPrincipal, ip: string | null, version: number, input: Buffer): Promise<BrandSettings> {
      if (staff.role === 'cashier') throw new AppError('forbidden');
      const { data } = await reencodeImage(input, {
        maxSide: LOGO_MAX_SIDE,
        format: 'webp',
        quality: 90,
        notImage: 'brand_logo_not_image',
      });
      const name = `${randomBytes(8).toString('hex')}.webp`;
      const key = logoKey(staff.brandId, name);
      await deps.storage.put(key, data, 'image/webp');
      let result: Awaited<ReturnType<typeof replaceLogo>>;
      try {
        result = await replaceLogo(staff, ip, version, `${LOGO_PATH}${staff.brandId}/${name}`);
      } catch (error) {
        await deps.storage.delete(key).catch(() => undefined);
        throw error;
      }
      await forget(staff.brandId, result.replaced);
      return result.settings;
    },

    /** No logo: the diner's pages show the brand's name alone. */
    async removeLogo(staff: StaffPrincipal, ip: string | null, version: number): Promise<BrandSettings> {
      if (staff.role === 'cashier') throw new AppError('forbidden');
      const result = await replaceLogo(staff, ip, version, null);
      await forget(staff.brandId, result.replaced);
      return result.settings;
    },

    /** A stored logo's bytes (public: diners see it signed out); undefined when none. */
    logo(brandId: number, name: string): Promise<Buffer | undefined> {
      if (!LOGO_NAME.test(name)) return Promise.resolve(undefined);
      return deps.storage.get(logoKey(brandId, name));
    },

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

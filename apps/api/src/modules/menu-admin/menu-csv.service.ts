import type { Language } from '@sufra/shared/language';
import { errorMessage } from '@sufra/shared/messages/errors';
import type { AppContext } from '../../app-context.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  addItemsToAllBranches,
  categoriesByName,
  type ItemColumns,
  type ItemRow,
  insertItemsBatch,
  listCategories,
  listItems,
  lockBrandItems,
  updateItem,
} from './menu-admin.repo.ts';
import { itemSnapshot } from './menu-admin.view.ts';
import { type MenuAdminWrites, slugBase } from './menu-admin-writes.service.ts';
import { type CsvRowError, readMenuCsv, writeMenuCsv } from './menu-csv.rules.ts';

type Staff = StaffPrincipal;
type Ip = string | null;

/** The menu console's CSV: every item and price out, and in all or nothing (docs/adr/0430). */
export function createMenuCsvService(ctx: AppContext, { assertCanEditMenu, write, audit }: MenuAdminWrites) {
  const { db } = ctx;
  return {
    /** Every item of the brand as CSV (the category by its Arabic name; import reads either language's). */
    async exportCsv(staff: Staff): Promise<{ filename: string; csv: string }> {
      if (staff.role === 'cashier') throw new AppError('forbidden');
      const [categories, listing] = await Promise.all([
        listCategories(db, staff.brandId),
        listItems(db, staff.brandId, []),
      ]);
      const names = new Map(categories.map((c) => [c.category.id, c.category.nameAr]));
      const csv = writeMenuCsv(
        listing.items.map((i) => ({
          id: i.id,
          category: names.get(i.categoryId) ?? '',
          nameAr: i.nameAr,
          nameEn: i.nameEn,
          descriptionAr: i.descriptionAr,
          descriptionEn: i.descriptionEn,
          priceHalalas: i.priceHalalas,
          calories: i.calories,
          active: i.active,
        })),
      );
      return { filename: 'menu-items.csv', csv };
    },

    /**
     * Imports items and prices from CSV, all or nothing: rows with an id update that item of the brand, rows without
     * one create an item (sold at every branch). Any bad row refuses the whole file with every bad cell named (422).
     */
    async importCsv(
      staff: Staff,
      ip: Ip,
      csv: string,
      language: Language,
    ): Promise<{ created: number; updated: number }> {
      await assertCanEditMenu(staff);
      const refuse = (errors: CsvRowError[]) =>
        new AppError('menu_csv_invalid', {
          rows: errors.slice(0, 100).map((e) => ({
            line: e.line,
            column: e.column,
            message: errorMessage(e.code, language),
          })),
          errorCount: errors.length,
        });
      const { rows, errors } = readMenuCsv(csv);
      if (errors.some((e) => e.code === 'menu_csv_header')) throw refuse(errors);
      return write(staff, async (tx) => {
        const items = new Map((await lockBrandItems(tx, staff.brandId)).map((i) => [i.id, i]));
        const categories = await categoriesByName(tx, staff.brandId);
        const planned: { row: (typeof rows)[number]; categoryId: number; before: ItemRow | undefined }[] = [];
        for (const row of rows) {
          const categoryId = categories.get(row.category.trim().toLowerCase());
          if (row.category !== '' && categoryId === undefined) {
            errors.push({ line: row.line, column: 'category', code: 'menu_csv_row_category' });
          }
          const before = row.id === null ? undefined : items.get(row.id);
          if (row.id !== null && !before) errors.push({ line: row.line, column: 'id', code: 'menu_csv_row_item' });
          if (categoryId !== undefined) planned.push({ row, categoryId, before });
        }
        if (errors.length > 0) throw refuse(errors.sort((a, b) => a.line - b.line));
        let updated = 0;
        // Slugs picked in memory from the brand's (locked) items: no query per new row.
        const taken = new Set([...items.values()].map((i) => i.slug));
        const slugFor = (nameEn: string) => {
          const base = slugBase(nameEn);
          let slug = base;
          for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
          taken.add(slug);
          return slug;
        };
        const fresh: (ItemColumns & { slug: string })[] = [];
        for (const { row, categoryId, before } of planned) {
          const columns = {
            categoryId,
            nameAr: row.nameAr,
            nameEn: row.nameEn,
            priceHalalas: row.priceHalalas,
            ...(row.descriptionAr === undefined ? {} : { descriptionAr: row.descriptionAr }),
            ...(row.descriptionEn === undefined ? {} : { descriptionEn: row.descriptionEn }),
            ...(row.calories === undefined ? {} : { calories: row.calories }),
            ...(row.active === undefined ? {} : { active: row.active }),
          };
          if (before) {
            const changed = Object.entries(columns).some(
              ([k, v]) => (before as unknown as Record<string, unknown>)[k] !== v,
            );
            if (!changed) continue;
            const after = await updateItem(tx, staff.brandId, before.id, before.version, columns);
            if (!after) throw new AppError('menu_edit_conflict');
            await audit(tx, staff, ip, {
              objectType: 'menu_item',
              objectId: before.id,
              action: 'update',
              before: itemSnapshot(before),
              after: itemSnapshot(after),
            });
            updated += 1;
          } else {
            fresh.push({
              descriptionAr: '',
              descriptionEn: '',
              calories: null,
              active: true,
              ...columns,
              taxRateBp: null,
              allergens: [],
              isCombo: false,
              slug: slugFor(row.nameEn),
            });
          }
        }
        const inserted = await insertItemsBatch(tx, staff.brandId, fresh);
        await addItemsToAllBranches(
          tx,
          staff.brandId,
          inserted.map((i) => i.id),
        );
        for (const after of inserted) {
          await audit(tx, staff, ip, {
            objectType: 'menu_item',
            objectId: after.id,
            action: 'create',
            before: null,
            after: itemSnapshot(after),
          });
        }
        const created = inserted.length;
        return { created, updated };
      });
    },
  };
}

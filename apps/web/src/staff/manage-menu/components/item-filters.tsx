import type { ItemListResponse } from '@sufra/shared/schemas/menu-admin';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { STATUS_FILTERS, type StatusFilter } from '../item-status';
import type { Filters } from './items-table';

/** The item list's branch, category and status pickers (the text filter sits with the table). */
export function ItemFilters({ list, filters }: { list: ItemListResponse; filters: Filters }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="manage-menu__toolbar">
      <label className="manage-menu__control">
        <span>{t('manageMenu.branch')}</span>
        <select
          className="input"
          value={list.branchId ?? ''}
          onChange={(event) => filters.setBranch(Number(event.target.value))}
          data-testid="menu-branch"
        >
          {list.branches.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name[language]}
            </option>
          ))}
        </select>
      </label>
      <label className="manage-menu__control">
        <span>{t('manageMenu.category')}</span>
        <select
          className="input"
          value={filters.categoryId ?? ''}
          onChange={(event) => filters.setCategoryId(event.target.value === '' ? null : Number(event.target.value))}
          data-testid="menu-category-filter"
        >
          <option value="">{t('manageMenu.allCategories')}</option>
          {list.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name[language]}
            </option>
          ))}
        </select>
      </label>
      <label className="manage-menu__control">
        <span>{t('manageMenu.statusFilter')}</span>
        <select
          className="input"
          value={filters.status}
          onChange={(event) => filters.setStatus(event.target.value as StatusFilter)}
          data-testid="menu-status-filter"
        >
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {t(`manageMenu.statusFilters.${s}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

import type { AdminMenuResponse, BulkBody } from '@sufra/shared/schemas/menu-admin';
import { useState } from 'react';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

/** The item list's bulk actions on the selected items: per branch (sold out today, back), and the owner's. */
export function BulkBar({
  count,
  busy,
  branchId,
  editable,
  categories,
  onRun,
}: {
  count: number;
  busy: boolean;
  branchId: number | null;
  editable: boolean;
  categories: AdminMenuResponse['categories'];
  onRun: (action: Omit<BulkBody, 'items'>) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [moveTo, setMoveTo] = useState<number | null>(categories[0]?.id ?? null);
  return (
    <fieldset className="manage-menu__bulk" data-testid="menu-bulk" disabled={busy}>
      <legend>
        {t('manageMenu.bulk.label')} · {t('manageMenu.selected', { count: formatNumber(count, language) })}
      </legend>
      {branchId !== null && (
        <>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => onRun({ action: 'sold_out_today', branchId })}
            data-testid="menu-bulk-sold-out"
          >
            {t('manageMenu.bulk.soldOutToday')}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => onRun({ action: 'back_in_stock', branchId })}
          >
            {t('manageMenu.bulk.backInStock')}
          </button>
        </>
      )}
      {editable && (
        <>
          <button type="button" className="btn btn-secondary" onClick={() => onRun({ action: 'activate' })}>
            {t('manageMenu.bulk.activate')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => onRun({ action: 'deactivate' })}>
            {t('manageMenu.bulk.deactivate')}
          </button>
          <label className="manage-menu__control">
            <span>{t('manageMenu.bulk.moveTo')}</span>
            <select className="input" value={moveTo ?? ''} onChange={(event) => setMoveTo(Number(event.target.value))}>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name[language]}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={moveTo === null}
            onClick={() => moveTo !== null && onRun({ action: 'move_category', categoryId: moveTo })}
          >
            {t('manageMenu.bulk.move')}
          </button>
        </>
      )}
    </fieldset>
  );
}

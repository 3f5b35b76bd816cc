import { formatSar } from '@sufra/shared/money';
import type { AdminBranchItem, AdminItem } from '@sufra/shared/schemas/menu-admin';
import { useState } from 'react';
import { parseSarInput } from '../../../lib/sar-input';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

/** The branch's price of an item: empty = the item's own price. */
export function BranchPrice({
  item,
  row,
  busy,
  onSave,
}: {
  item: AdminItem;
  row: AdminBranchItem | undefined;
  busy: boolean;
  onSave: (priceHalalas: number | null) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const initial = row?.priceHalalas == null ? '' : (row.priceHalalas / 100).toFixed(2);
  const [text, setText] = useState(initial);
  const parsed = text.trim() === '' ? null : parseSarInput(text);
  const invalid = text.trim() !== '' && parsed === null;
  if (!row?.sold) return null;
  return (
    <form
      className="manage-menu__price"
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalid) onSave(parsed);
      }}
    >
      <input
        className="input"
        inputMode="decimal"
        aria-label={t('manageMenu.priceFor', { name: item.name[language] })}
        aria-invalid={invalid || undefined}
        placeholder={formatSar(item.priceHalalas, language)}
        value={text}
        onChange={(event) => setText(event.target.value)}
        data-testid={`menu-item-price-${item.slug}`}
      />
      <button
        type="submit"
        className="btn btn-secondary"
        disabled={busy || invalid || text === initial}
        data-testid={`menu-item-price-save-${item.slug}`}
      >
        {t('manageMenu.savePrice')}
      </button>
    </form>
  );
}

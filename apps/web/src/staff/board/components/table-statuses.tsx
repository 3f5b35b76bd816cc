import { TABLE_STATUSES, type TableStatus, tableStatusLabel } from '@sufra/shared/machines/table-status';
import type { Table } from '@sufra/shared/schemas/order-events';
import { useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { formatTableNumber } from '../../../lib/format-table-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

interface Props {
  tables: Table[] | null;
  error: string | null;
  onRetry: () => void;
  onSet: (table: Table, to: TableStatus) => Promise<void>;
}

/** The branch's tables: each with its status and a menu to set it (Free, Occupied, Reserved, Check Printed). */
export function TableStatuses({ tables, error, onRetry, onSet }: Props) {
  const { t } = useTranslation();
  return (
    <section className="section board-tables" aria-labelledby="tables-heading" data-testid="board-tables">
      <h2 id="tables-heading">{t('staff.tables.title')}</h2>
      {error && (
        <div className="banner banner--error" role="alert">
          <span>{t('staff.tables.loadError')}</span>
          <button type="button" className="btn btn-small" onClick={onRetry}>
            {t('app.retry')}
          </button>
        </div>
      )}
      {!tables && !error && (
        <div role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
          <div className="skeleton skeleton--line" />
        </div>
      )}
      {tables && tables.length === 0 && <p data-testid="tables-empty">{t('staff.tables.empty')}</p>}
      {tables && tables.length > 0 && (
        <ul className="board-tables__list">
          {tables.map((table) => (
            <TableItem key={table.id} table={table} onSet={onSet} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TableItem({ table, onSet }: { table: Table; onSet: Props['onSet'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const shown = formatTableNumber(table.number, language);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `table-${table.id}-status`;

  const change = async (to: TableStatus) => {
    setSaving(true);
    setError(null);
    try {
      await onSet(table, to);
    } catch (cause) {
      setError(errorText(cause, language));
    } finally {
      setSaving(false);
    }
  };

  return (
    <li
      className={`card board-table board-table--${table.status}`}
      data-testid="board-table"
      data-table-number={table.number}
      data-status={table.status}
    >
      <label htmlFor={id} className="board-table__name">
        <span aria-hidden="true">{t('branch.table', { number: shown })}</span>
        <span className="visually-hidden">{t('staff.tables.statusOf', { number: shown })}</span>
      </label>
      <select
        id={id}
        className="input board-table__select"
        value={table.status}
        disabled={saving}
        aria-busy={saving || undefined}
        onChange={(event) => void change(event.target.value as TableStatus)}
      >
        {TABLE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {tableStatusLabel(status, language)}
          </option>
        ))}
      </select>
      {error && (
        <p className="form-alert board-table__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';

/** A console table's filter box (labelled for screen readers): the DataTable's own, and the server-filtered lists'. */
export function TableFilter({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {t('console.table.filter')}
      </label>
      <input
        id={id}
        className="input console-table__filter"
        type="search"
        placeholder={t('console.table.filter')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </>
  );
}

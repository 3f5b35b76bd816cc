import { type ReactNode, useMemo, useState } from 'react';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { TableFilter } from './table-filter';

export interface Column<T> {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Given: the column sorts by this value (numbers numerically, text in the interface language's order). */
  sortValue?: (row: T) => string | number | null;
  /** Numbers and money align to the end. */
  numeric?: boolean;
}

interface Props<T> {
  /** The table's accessible name (a visible caption is the page header's job). */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  /** Given: a filter box; a row stays when this text contains what was typed (case-insensitive). */
  filterText?: (row: T) => string;
  /** Rows per page (client-side paging); 0 shows them all. */
  pageSize?: number;
  emptyText: string;
  loading?: boolean;
  testId?: string;
  /** Given: the caller sorts (a server-sorted list): the headers show `sort`, a click reports the next one, and the
   * rows are shown in the order given. */
  onSort?: (sort: TableSort) => void;
  sort?: TableSort;
}

export type TableSort = { column: string; direction: 'asc' | 'desc' } | null;
type Sort = TableSort;

/**
 * A real desktop table (issue 26): sortable columns (a header button; `aria-sort` tells screen readers), an optional
 * filter box and paging, all on the rows given. Server-paged lists (the audit log) pass one page of rows with
 * `pageSize` 0 and show a `Pager` of their own.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  filterText,
  pageSize = 25,
  emptyText,
  loading = false,
  testId = 'data-table',
  onSort,
  sort: givenSort = null,
}: Props<T>) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [filter, setFilter] = useState('');
  const [ownSort, setOwnSort] = useState<Sort>(null);
  const sort = onSort ? givenSort : ownSort;
  const [page, setPage] = useState(0);

  const shown = useMemo(() => {
    const needle = filter.trim().toLocaleLowerCase(language);
    let list = [...(rows ?? [])];
    if (needle && filterText) list = list.filter((row) => filterText(row).toLocaleLowerCase(language).includes(needle));
    const column = sort && columns.find((c) => c.id === sort.column);
    if (sort && column?.sortValue && !onSort) {
      const value = column.sortValue;
      const collator = new Intl.Collator(language, { numeric: true });
      const sign = sort.direction === 'asc' ? 1 : -1;
      list.sort((a, b) => {
        const x = value(a);
        const y = value(b);
        if (x === y) return 0;
        if (x === null) return 1; // empty values last, whichever the direction
        if (y === null) return -1;
        return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y)));
      });
    }
    return list;
  }, [rows, filter, filterText, sort, columns, language, onSort]);

  const pages = pageSize > 0 ? Math.max(1, Math.ceil(shown.length / pageSize)) : 1;
  const current = Math.min(page, pages - 1);
  const visible = pageSize > 0 ? shown.slice(current * pageSize, (current + 1) * pageSize) : shown;

  const toggle = (id: string) => {
    const next = (previous: Sort): Sort =>
      previous?.column !== id
        ? { column: id, direction: 'asc' }
        : previous.direction === 'asc'
          ? { column: id, direction: 'desc' }
          : null;
    if (onSort) onSort(next(sort));
    else setOwnSort(next);
    setPage(0);
  };

  return (
    <div className="console-table" data-testid={testId}>
      {filterText && (
        <div className="console-table__tools">
          <TableFilter
            value={filter}
            onChange={(text) => {
              setFilter(text);
              setPage(0);
            }}
            testId={`${testId}-filter`}
          />
        </div>
      )}
      <div className="console-table__scroll">
        <table aria-label={label} aria-busy={loading || undefined}>
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = sort?.column === column.id ? sort.direction : null;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    className={column.numeric ? 'console-table__numeric' : undefined}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {column.sortValue ? (
                      <button type="button" className="console-table__sort" onClick={() => toggle(column.id)}>
                        {column.header}
                        <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {visible.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.id} className={column.numeric ? 'console-table__numeric' : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {loading && !rows && (
        <div role="status" className="console-table__state">
          {t('app.loading')}
        </div>
      )}
      {!loading && visible.length === 0 && (
        <p className="console-table__state" data-testid={`${testId}-empty`}>
          {rows && rows.length > 0 ? t('console.table.noMatch') : emptyText}
        </p>
      )}
      {pages > 1 && (
        <Pager
          page={current}
          pages={pages}
          onPage={setPage}
          summary={t('console.table.pageOf', {
            page: formatNumber(current + 1, language),
            pages: formatNumber(pages, language),
          })}
        />
      )}
    </div>
  );
}

/** Previous / next with "Page 2 of 5"; for client paging (DataTable) and server paging alike. */
export function Pager({
  page,
  pages,
  onPage,
  summary,
  hasNext,
}: {
  /** 0-based. */
  page: number;
  /** Unknown for cursor-paged lists: then `hasNext` says whether there is more. */
  pages?: number;
  onPage: (page: number) => void;
  summary?: string;
  hasNext?: boolean;
}) {
  const { t } = useTranslation();
  const more = hasNext ?? (pages !== undefined && page < pages - 1);
  return (
    <nav className="console-pager" aria-label={t('console.table.paging')}>
      <button type="button" className="btn btn-secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('console.table.previous')}
      </button>
      {summary && <span aria-live="polite">{summary}</span>}
      <button type="button" className="btn btn-secondary" disabled={!more} onClick={() => onPage(page + 1)}>
        {t('console.table.next')}
      </button>
    </nav>
  );
}

import { menuPhotoAt } from '@sufra/shared/menu/menu-photo';
import { formatSar } from '@sufra/shared/money';
import type {
  AdminBranchItem,
  AdminItem,
  BulkBody,
  BulkConflictDetails,
  ItemListResponse,
} from '@sufra/shared/schemas/menu-admin';
import type { StaffRole } from '@sufra/shared/schemas/staff';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { showToast } from '../../../lib/toast';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { type Column, DataTable, Pager, type TableSort } from '../../console/ui/data-table';
import { PageHeader } from '../../console/ui/page-header';
import { TableFilter } from '../../console/ui/table-filter';
import { bulkItems, exportItemsCsv, importItemsCsv, menuAdminPrefix, setBranchItem } from '../api/menu-admin';
import { type StatusFilter, untilText } from '../item-status';
import { BranchPrice } from './branch-price';
import { BulkBar } from './bulk-bar';
import { ItemFilters } from './item-filters';

export interface Filters {
  text: string;
  setText: (text: string) => void;
  categoryId: number | null;
  setCategoryId: (id: number | null) => void;
  status: StatusFilter;
  setStatus: (status: StatusFilter) => void;
  setBranch: (id: number) => void;
  sort: TableSort;
  setSort: (sort: TableSort) => void;
  page: number;
  setPage: (page: number) => void;
}

export function ItemsTable({
  list,
  role,
  loading,
  filters,
  emptyText,
}: {
  list: ItemListResponse;
  role: StaffRole;
  loading: boolean;
  filters: Filters;
  emptyText: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const branchId = list.branchId;
  const rows = list.items;
  /** Selected items (across pages) with the version each was read at. */
  const [selected, setSelected] = useState<ReadonlyMap<number, number>>(new Map());
  const [csvErrors, setCsvErrors] = useState<string[]>([]);
  const [conflicts, setConflicts] = useState<BulkConflictDetails['conflicts']>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const branch = list.branches.find((b) => b.id === branchId) ?? null;
  const categoryNames = useMemo(
    () => new Map(list.categories.map((c) => [c.id, c.name[language] || c.name.ar])),
    [list.categories, language],
  );
  const pages = Math.max(1, Math.ceil(list.total / list.limit));

  const invalidates = [menuAdminPrefix];
  const branchWrite = useApiMutation(
    (v: { item: AdminItem; body: Parameters<typeof setBranchItem>[2] }) =>
      setBranchItem(v.item.id, branchId ?? 0, v.body, language),
    { invalidates },
  );
  const bulk = useApiMutation((body: BulkBody) => bulkItems(body, language), { invalidates });
  const csvImport = useApiMutation((csv: string) => importItemsCsv(csv, language), { invalidates });

  const atBranch = (item: AdminItem): AdminBranchItem | undefined => item.branches.find((b) => b.branchId === branchId);
  const statusOf = (row: AdminBranchItem | undefined) => {
    if (!row?.sold) return t('manageMenu.status.notSold');
    if (row.soldOutUntil)
      return t('manageMenu.status.soldOutToday', {
        time: untilText(row.soldOutUntil, branch?.timeZone ?? 'Asia/Riyadh', language),
      });
    return row.available ? t('manageMenu.status.available') : t('manageMenu.status.soldOut');
  };

  /** Every selected item at the version this page read: items saved since are named, and nothing changes. */
  const runBulk = async (action: Omit<BulkBody, 'items'>) => {
    setConflicts([]);
    const items = [...selected].map(([id, version]) => ({ id, version }));
    try {
      const { changed } = await bulk.mutate({ ...action, items });
      setSelected(new Map());
      void showToast(t('manageMenu.bulk.done', { count: formatNumber(changed, language) }));
    } catch (error) {
      const found =
        error instanceof ApiError ? (error.details as BulkConflictDetails | undefined)?.conflicts : undefined;
      if (found) setConflicts(found);
      else void showToast(errorText(error, language), 'error');
    }
  };

  const exportCsv = async () => {
    try {
      const { filename, csv } = await exportItemsCsv(language);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      void showToast(errorText(error, language), 'error');
    }
  };

  const importCsv = async (file: File) => {
    setCsvErrors([]);
    try {
      const result = await csvImport.mutate(await file.text());
      void showToast(
        t('manageMenu.csv.imported', {
          created: formatNumber(result.created, language),
          updated: formatNumber(result.updated, language),
        }),
      );
    } catch (error) {
      const rows =
        error instanceof ApiError
          ? (error.details?.rows as { line: number; column: string; message: string }[])
          : undefined;
      setCsvErrors([
        errorText(error, language),
        ...(rows ?? []).map((r) =>
          t('manageMenu.csv.rowError', { line: formatNumber(r.line, language), column: r.column, message: r.message }),
        ),
      ]);
    }
  };

  const columns: Column<AdminItem>[] = [
    {
      id: 'select',
      header: (
        <input
          type="checkbox"
          className="manage-menu__check"
          aria-label={t('manageMenu.selectAll')}
          checked={rows.length > 0 && rows.every((r) => selected.has(r.id))}
          onChange={(event) => {
            // This page's items: added to the selection, or taken off it.
            const next = new Map(selected);
            for (const r of rows) {
              if (event.target.checked) next.set(r.id, r.version);
              else next.delete(r.id);
            }
            setSelected(next);
          }}
          data-testid="menu-item-select-all"
        />
      ),
      cell: (item) => (
        <input
          type="checkbox"
          className="manage-menu__check"
          aria-label={t('manageMenu.selectRow', { name: item.name[language] })}
          checked={selected.has(item.id)}
          onChange={(event) => {
            const next = new Map(selected);
            if (event.target.checked) next.set(item.id, item.version);
            else next.delete(item.id);
            setSelected(next);
          }}
          data-testid={`menu-item-select-${item.slug}`}
        />
      ),
    },
    {
      id: 'name',
      header: t('manageMenu.columns.name'),
      sortValue: (item) => item.name[language],
      cell: (item) => (
        <span className="manage-menu__name">
          {/* The photo's colour, and over it its smallest stored width (320 px for a 36 px square, not the menu's
              640), fetched as the row scrolls near rather than all 50 rows' at once. */}
          <span
            className="manage-menu__swatch"
            aria-hidden="true"
            style={{ background: item.imageColor ?? 'var(--color-surface-muted, #eee)' }}
          >
            {item.image && <img src={menuPhotoAt(item.image, 320)} alt="" loading="lazy" decoding="async" />}
          </span>
          <Link href={`/items/${item.id}`} data-testid={`menu-item-name-${item.slug}`}>
            {item.name[language]}
          </Link>
        </span>
      ),
    },
    {
      id: 'category',
      header: t('manageMenu.columns.category'),
      sortValue: (item) => categoryNames.get(item.categoryId) ?? '',
      cell: (item) => categoryNames.get(item.categoryId),
    },
    {
      id: 'price',
      header: t('manageMenu.columns.price'),
      numeric: true,
      sortValue: (item) => item.priceHalalas,
      cell: (item) => formatSar(item.priceHalalas, language),
    },
    {
      id: 'status',
      header: t('manageMenu.columns.status'),
      cell: (item) => <span data-testid={`menu-item-status-${item.slug}`}>{statusOf(atBranch(item))}</span>,
    },
    {
      id: 'branch-price',
      header: t('manageMenu.columns.branchPrice'),
      cell: (item) => (
        <BranchPrice
          key={`${item.id}-${branchId}-${atBranch(item)?.priceHalalas}`}
          item={item}
          row={atBranch(item)}
          busy={branchWrite.busy && branchWrite.variables?.item.id === item.id}
          onSave={(priceHalalas) => {
            const row = atBranch(item);
            void branchWrite
              .mutate({
                item,
                body: {
                  sold: true,
                  availability: row?.soldOutUntil
                    ? 'sold_out_today'
                    : row?.available === false
                      ? 'sold_out'
                      : 'available',
                  priceHalalas,
                },
              })
              .then(
                () => showToast(t('manageMenu.saved')),
                (error: unknown) => showToast(errorText(error, language), 'error'),
              );
          }}
        />
      ),
    },
    {
      id: 'actions',
      header: t('manageMenu.columns.actions'),
      cell: (item) => {
        const row = atBranch(item);
        const out = row?.sold === true && !row.available;
        const busy = branchWrite.busy && branchWrite.variables?.item.id === item.id;
        return (
          <button
            type="button"
            className="btn btn-secondary manage-menu__row-action"
            disabled={busy || !row?.sold || branchId === null}
            onClick={() =>
              void branchWrite
                .mutate({
                  item,
                  body: {
                    sold: true,
                    availability: out ? 'available' : 'sold_out_today',
                    priceHalalas: row?.priceHalalas ?? null,
                  },
                })
                .catch((error: unknown) => showToast(errorText(error, language), 'error'))
            }
            data-testid={`menu-item-soldout-${item.slug}`}
          >
            {out ? t('manageMenu.backInStock') : t('manageMenu.soldOutToday')}
          </button>
        );
      },
    },
    {
      id: 'active',
      header: t('manageMenu.columns.active'),
      sortValue: (item) => (item.active ? 1 : 0),
      cell: (item) => (item.active ? t('manageMenu.activeYes') : t('manageMenu.activeNo')),
    },
  ];

  const editable = list.canEditMenu;
  return (
    <>
      <PageHeader
        title={t('manageMenu.title')}
        lead={t('manageMenu.lead')}
        actions={
          <>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void exportCsv()}
              data-testid="menu-csv-export"
            >
              {t('manageMenu.csv.export')}
            </button>
            {editable && (
              <>
                <Link href="/items/new" className="btn btn-primary" data-testid="menu-item-new">
                  {t('manageMenu.item.new')}
                </Link>
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={csvImport.busy}
                  onClick={() => fileInput.current?.click()}
                  data-testid="menu-csv-import"
                >
                  {t('manageMenu.csv.import')}
                </button>
                <input
                  ref={fileInput}
                  type="file"
                  accept=".csv,text/csv"
                  hidden
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    if (file) void importCsv(file);
                  }}
                  data-testid="menu-csv-file"
                />
              </>
            )}
          </>
        }
      />
      {!editable && role === 'manager' && (
        <p className="manage-menu__note" data-testid="menu-read-only">
          {t('manageMenu.readOnly')}
        </p>
      )}
      {csvErrors.length > 0 && (
        <div className="form-alert" role="alert" data-testid="menu-csv-errors">
          <ul>
            {csvErrors.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      <ItemFilters list={list} filters={filters} />
      {conflicts.length > 0 && (
        <div className="form-alert" role="alert" data-testid="menu-bulk-conflicts">
          <p>{t('manageMenu.conflictItems')}</p>
          <ul>
            {conflicts.map((c) => (
              <li key={c.id}>{c.name[language]}</li>
            ))}
          </ul>
        </div>
      )}
      {selected.size > 0 && (
        <BulkBar
          count={selected.size}
          busy={bulk.busy}
          branchId={branchId}
          editable={editable}
          categories={list.categories}
          onRun={(action) => void runBulk(action)}
        />
      )}
      <div className="console-table__tools">
        <TableFilter value={filters.text} onChange={filters.setText} testId="menu-items-filter" />
        <span className="manage-menu__count" aria-live="polite" data-testid="menu-items-count">
          {t('manageMenu.itemCount', { count: formatNumber(list.total, language) })}
        </span>
      </div>
      <DataTable
        label={t('manageMenu.tabs.items')}
        columns={columns}
        rows={rows}
        rowKey={(item) => item.id}
        pageSize={0}
        loading={loading}
        emptyText={emptyText}
        testId="menu-items"
        sort={filters.sort}
        onSort={filters.setSort}
      />
      {pages > 1 && (
        <Pager
          page={filters.page}
          pages={pages}
          onPage={filters.setPage}
          summary={t('console.table.pageOf', {
            page: formatNumber(filters.page + 1, language),
            pages: formatNumber(pages, language),
          })}
        />
      )}
    </>
  );
}

import { formatSar } from '@sufra/shared/money';
import type {
  AdminBranchItem,
  AdminItem,
  AdminMenuResponse,
  BulkBody,
  BulkConflictDetails,
} from '@sufra/shared/schemas/menu-admin';
import type { StaffRole } from '@sufra/shared/schemas/staff';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { showToast } from '../../../lib/toast';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { type Column, DataTable } from '../../console/ui/data-table';
import { PageHeader } from '../../console/ui/page-header';
import {
  bulkItems,
  exportItemsCsv,
  getAdminMenu,
  importItemsCsv,
  menuAdminKey,
  menuAdminPrefix,
  setBranchItem,
} from '../api/menu-admin';
import { BranchPrice } from '../components/branch-price';
import { BulkBar } from '../components/bulk-bar';
import { STATUS_FILTERS, type StatusFilter, statusMatches, untilText } from '../item-status';

function errorText(error: unknown): string | null {
  if (!error) return null;
  return error instanceof ApiError ? error.message : String(error);
}

export function ItemsPage({ role }: { role: StaffRole }) {
  const language = useLanguage();
  const query = useApiQuery(menuAdminKey(language), () => getAdminMenu(language), { staleMs: 0 });
  if (query.error && !query.data) return <LoadError error={query.error} onRetry={query.refetch} />;
  if (!query.data) return <LoadingBlock />;
  return <ItemsTable menu={query.data} role={role} />;
}

function ItemsTable({ menu, role }: { menu: AdminMenuResponse; role: StaffRole }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [branchId, setBranchId] = useState<number | null>(menu.branches[0]?.id ?? null);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [csvErrors, setCsvErrors] = useState<string[]>([]);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [conflicts, setConflicts] = useState<BulkConflictDetails['conflicts']>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const branch = menu.branches.find((b) => b.id === branchId) ?? null;
  const categoryNames = useMemo(
    () => new Map(menu.categories.map((c) => [c.id, c.name[language] || c.name.ar])),
    [menu.categories, language],
  );
  const rows = useMemo(
    () =>
      menu.items.filter(
        (i) =>
          (categoryId === null || i.categoryId === categoryId) &&
          statusMatches(
            status,
            i,
            i.branches.find((b) => b.branchId === branchId),
          ),
      ),
    [menu.items, categoryId, status, branchId],
  );

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
    const versions = new Map(menu.items.map((i) => [i.id, i.version]));
    const items = [...selected].flatMap((id) => {
      const version = versions.get(id);
      return version === undefined ? [] : [{ id, version }];
    });
    try {
      const { changed } = await bulk.mutate({ ...action, items });
      setSelected(new Set());
      void showToast(t('manageMenu.bulk.done', { count: formatNumber(changed, language) }));
    } catch (error) {
      const found =
        error instanceof ApiError ? (error.details as BulkConflictDetails | undefined)?.conflicts : undefined;
      if (found) setConflicts(found);
      else void showToast(errorText(error) ?? '', 'error');
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
      void showToast(errorText(error) ?? '', 'error');
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
        errorText(error) ?? '',
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
          onChange={(event) =>
            setSelected(event.target.checked ? new Set([...selected, ...rows.map((r) => r.id)]) : new Set())
          }
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
            const next = new Set(selected);
            if (event.target.checked) next.add(item.id);
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
          <span
            className="manage-menu__swatch"
            aria-hidden="true"
            style={{
              background: item.imageColor ?? 'var(--color-surface-muted, #eee)',
              backgroundImage: item.image ? `url(${item.image})` : undefined,
            }}
          />
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
                (error: unknown) => showToast(errorText(error) ?? '', 'error'),
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
                .catch((error: unknown) => showToast(errorText(error) ?? '', 'error'))
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

  const ids = [...selected];
  const editable = menu.canEditMenu;
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
      <div className="manage-menu__toolbar">
        <label className="manage-menu__control">
          <span>{t('manageMenu.branch')}</span>
          <select
            className="input"
            value={branchId ?? ''}
            onChange={(event) => setBranchId(Number(event.target.value))}
            data-testid="menu-branch"
          >
            {menu.branches.map((b) => (
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
            value={categoryId ?? ''}
            onChange={(event) => setCategoryId(event.target.value === '' ? null : Number(event.target.value))}
            data-testid="menu-category-filter"
          >
            <option value="">{t('manageMenu.allCategories')}</option>
            {menu.categories.map((c) => (
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
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusFilter)}
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
      {ids.length > 0 && (
        <BulkBar
          count={ids.length}
          busy={bulk.busy}
          branchId={branchId}
          editable={editable}
          categories={menu.categories}
          onRun={(action) => void runBulk(action)}
        />
      )}
      <DataTable
        label={t('manageMenu.tabs.items')}
        columns={columns}
        rows={rows}
        rowKey={(item) => item.id}
        filterText={(item) => `${item.name.ar} ${item.name.en} ${item.slug}`}
        pageSize={50}
        emptyText={t('manageMenu.empty')}
        testId="menu-items"
      />
    </>
  );
}

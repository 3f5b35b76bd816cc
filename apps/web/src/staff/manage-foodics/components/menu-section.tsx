import {
  FOODICS_IMPORT_KINDS,
  type FoodicsMappingKind,
  type FoodicsMappingLocal,
  type FoodicsMappingRemote,
  type FoodicsMenuImportSummary,
} from '@sufra/shared/schemas/foodics-menu';
import { useId, useMemo, useState } from 'react';
import { LoadError } from '../../../components/ui/load-state';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { DataTable } from '../../console/ui/data-table';
import { foodicsMappingKey, getFoodicsMapping, importFoodicsMenu, setFoodicsMapping } from '../api/foodics-menu';

type Filter = 'unmapped' | 'all' | 'mapped';
const FILTERS: readonly Filter[] = ['unmapped', 'all', 'mapped'];

function formatTime(iso: string, language: 'ar' | 'en'): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
    dateStyle: 'medium',
    timeStyle: 'short',
    calendar: 'gregory',
    timeZone: 'Asia/Riyadh',
  }).format(new Date(iso));
}

/** The import button and what the last import did, per kind (owners, docs/adr/0680). */
function ImportCard() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [summary, setSummary] = useState<FoodicsMenuImportSummary | null>(null);
  const run = useApiMutation(() => importFoodicsMenu(language), { invalidates: [foodicsMappingKey] });
  const n = (value: number) => formatNumber(value, language);
  return (
    <section className="card manage-foodics__panel" aria-labelledby="foodics-import-title" data-testid="foodics-import">
      <h2 id="foodics-import-title">{t('foodicsMenu.title')}</h2>
      <p className="console-muted">{t('foodicsMenu.lead')}</p>
      <div className="manage-foodics__connection-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={run.busy}
          aria-busy={run.busy || undefined}
          data-testid="foodics-import-run"
          onClick={() => {
            run.mutate().then(setSummary, () => {});
          }}
        >
          {run.busy ? t('foodicsMenu.importing') : t('foodicsMenu.import')}
        </button>
      </div>
      {run.error !== undefined && (
        <p className="form-alert" role="alert" data-testid="foodics-import-error">
          {errorText(run.error, language)}
        </p>
      )}
      {summary && (
        <div role="status" data-testid="foodics-import-summary">
          <p>{t('foodicsMenu.imported', { time: formatTime(summary.at, language) })}</p>
          <div className="console-table manage-foodics__summary">
            <div className="console-table__scroll">
              <table aria-label={t('foodicsMenu.title')}>
                <thead>
                  <tr>
                    <th scope="col">{t('foodicsMenu.kind')}</th>
                    <th scope="col" className="console-table__numeric">
                      {t('foodicsMenu.created')}
                    </th>
                    <th scope="col" className="console-table__numeric">
                      {t('foodicsMenu.updated')}
                    </th>
                    <th scope="col" className="console-table__numeric">
                      {t('foodicsMenu.deactivated')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {FOODICS_IMPORT_KINDS.map((kind) => (
                    <tr key={kind} data-testid={`foodics-import-${kind}`}>
                      <th scope="row">{t(`foodicsMenu.kinds.${kind}`)}</th>
                      <td className="console-table__numeric">{n(summary.counts[kind].created)}</td>
                      <td className="console-table__numeric">{n(summary.counts[kind].updated)}</td>
                      <td className="console-table__numeric">{n(summary.counts[kind].deactivated)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          {summary.skipped > 0 && (
            <p className="console-muted">
              {t('foodicsMenu.skipped', { count: summary.skipped, n: n(summary.skipped) })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

/** One row's change: pick an unmapped Foodics id of the row's kind and map it, or unmap. */
function MapControl({
  row,
  candidates,
  onSave,
  busy,
}: {
  row: FoodicsMappingLocal;
  candidates: FoodicsMappingRemote[];
  onSave: (foodicsId: string | null) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const selectId = useId();
  const [choice, setChoice] = useState('');
  if (row.foodicsId !== null)
    return (
      <button
        type="button"
        className="btn btn-secondary btn-small manage-foodics__map-button"
        disabled={busy}
        onClick={() => onSave(null)}
        data-testid={`foodics-unmap-${row.kind}-${row.id}`}
      >
        {t('foodicsMenu.mapping.unmap')}
      </button>
    );
  // Foodics' tables are not listed to us (docs/adr/0751): the owner types the table's Foodics id.
  if (row.kind === 'table')
    return (
      <form
        className="manage-foodics__map"
        onSubmit={(e) => {
          e.preventDefault();
          if (choice.trim() !== '') onSave(choice.trim());
        }}
      >
        <label className="visually-hidden" htmlFor={selectId}>
          {t('foodicsMenu.mapping.tableIdFor', {
            name: t('foodicsMenu.mapping.tableName', { number: row.name[language] }),
          })}
        </label>
        <input
          id={selectId}
          dir="ltr"
          value={choice}
          maxLength={100}
          placeholder={t('foodicsMenu.mapping.tableId')}
          onChange={(e) => setChoice(e.target.value)}
          data-testid={`foodics-choose-${row.kind}-${row.id}`}
        />
        <button
          type="submit"
          className="btn btn-primary btn-small manage-foodics__map-button"
          disabled={busy || choice.trim() === ''}
          data-testid={`foodics-map-${row.kind}-${row.id}`}
        >
          {t('foodicsMenu.mapping.map')}
        </button>
      </form>
    );
  if (candidates.length === 0) return <span className="console-muted">{t('foodicsMenu.mapping.none')}</span>;
  return (
    <div className="manage-foodics__map">
      <label className="visually-hidden" htmlFor={selectId}>
        {t('foodicsMenu.mapping.chooseFor', { name: row.name[language] })}
      </label>
      <select
        id={selectId}
        value={choice}
        onChange={(e) => setChoice(e.target.value)}
        data-testid={`foodics-choose-${row.kind}-${row.id}`}
      >
        <option value="">{t('foodicsMenu.mapping.choose')}</option>
        {candidates.map((c) => (
          <option key={c.foodicsId} value={c.foodicsId}>
            {c.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn btn-primary btn-small manage-foodics__map-button"
        disabled={busy || choice === ''}
        onClick={() => onSave(choice)}
        data-testid={`foodics-map-${row.kind}-${row.id}`}
      >
        {t('foodicsMenu.mapping.map')}
      </button>
    </div>
  );
}

/**
 * The mapping of the brand's branches and items with Foodics (owners, issue 28 item 6): unmapped first, a filter,
 * each row mapped to one of Foodics' unmapped ids of its kind or unmapped; what Foodics has that nothing maps to.
 */
function MappingCard() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [filter, setFilter] = useState<Filter>('unmapped');
  const mapping = useApiQuery([...foodicsMappingKey, language], () => getFoodicsMapping(language));
  const save = useApiMutation(
    (v: { kind: FoodicsMappingKind; localId: number; foodicsId: string | null }) => setFoodicsMapping(v, language),
    { invalidates: [foodicsMappingKey] },
  );
  const view = mapping.data;
  const candidates = useMemo(() => {
    const byKind = new Map<FoodicsMappingKind, FoodicsMappingRemote[]>();
    for (const r of view?.unmappedAtFoodics ?? []) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r]);
    return byKind;
  }, [view]);
  const shown = (rows: FoodicsMappingLocal[]) =>
    rows.filter((r) => filter === 'all' || (filter === 'unmapped') === (r.foodicsId === null));
  const branches = view?.local.filter((l) => l.kind === 'branch') ?? [];
  const items = view?.local.filter((l) => l.kind !== 'branch' && l.kind !== 'table') ?? [];
  const tables = view?.local.filter((l) => l.kind === 'table') ?? [];
  const notConnected = mapping.error instanceof ApiError && mapping.error.code === 'foodics_not_connected';
  const n = (value: number) => formatNumber(value, language);
  const counts = (rows: FoodicsMappingLocal[]) =>
    t('foodicsMenu.mapping.counts', {
      unmapped: n(rows.filter((r) => r.foodicsId === null).length),
      total: n(rows.length),
    });

  const columns = (withType: boolean) => [
    {
      id: 'name',
      header: t('foodicsMenu.mapping.name'),
      sortValue: (r: FoodicsMappingLocal) => r.name[language],
      cell: (r: FoodicsMappingLocal) => (
        <>
          {r.name[language]}
          {!r.active && (
            <span className="badge badge--muted manage-foodics__tag">{t('foodicsMenu.mapping.inactive')}</span>
          )}
        </>
      ),
    },
    ...(withType
      ? [
          {
            id: 'type',
            header: t('foodicsMenu.mapping.type'),
            sortValue: (r: FoodicsMappingLocal) => r.kind,
            cell: (r: FoodicsMappingLocal) => t(`foodicsMenu.mapping.types.${r.kind}`),
          },
        ]
      : []),
    {
      id: 'foodics',
      header: t('foodicsMenu.mapping.foodics'),
      sortValue: (r: FoodicsMappingLocal) => r.foodicsId ?? '',
      cell: (r: FoodicsMappingLocal) =>
        r.foodicsId === null ? (
          <span className="manage-foodics__state--dead">{t('foodicsMenu.mapping.unmapped')}</span>
        ) : (
          <span className="manage-foodics__mapped">
            {r.foodicsName && <span>{r.foodicsName}</span>}
            <bdi dir="ltr" className="manage-foodics__id">
              {r.foodicsId}
            </bdi>
          </span>
        ),
    },
    {
      id: 'action',
      header: t('foodicsMenu.mapping.action'),
      cell: (r: FoodicsMappingLocal) => (
        <MapControl
          key={`${r.kind}-${r.id}-${r.foodicsId ?? ''}`}
          row={r}
          candidates={candidates.get(r.kind) ?? []}
          busy={save.busy}
          onSave={(foodicsId) => {
            save.mutate({ kind: r.kind, localId: r.id, foodicsId }).catch(() => {});
          }}
        />
      ),
    },
  ];

  return (
    <section
      className="card manage-foodics__panel"
      aria-labelledby="foodics-mapping-title"
      data-testid="foodics-mapping"
    >
      <h2 id="foodics-mapping-title">{t('foodicsMenu.mapping.title')}</h2>
      <p className="console-muted">{t('foodicsMenu.mapping.lead')}</p>
      {notConnected ? (
        <p data-testid="foodics-mapping-not-connected">{t('foodicsMenu.mapping.notConnected')}</p>
      ) : (
        mapping.error !== undefined && <LoadError error={mapping.error} onRetry={mapping.refetch} />
      )}
      {view?.foodicsError && (
        <p className="notice notice--warning" role="alert" data-testid="foodics-mapping-remote-error">
          {t('foodicsMenu.mapping.remoteError')}
        </p>
      )}
      {save.error !== undefined && (
        <p className="form-alert" role="alert" data-testid="foodics-mapping-error">
          {errorText(save.error, language)}
        </p>
      )}
      {!notConnected && (
        <>
          <fieldset className="manage-foodics__filters">
            <legend className="console-muted">{t('foodicsMenu.mapping.show')}</legend>
            {FILTERS.map((f) => (
              <label key={f} className="manage-foodics__filter">
                <input
                  type="radio"
                  name="foodics-mapping-filter"
                  checked={filter === f}
                  onChange={() => setFilter(f)}
                  data-testid={`foodics-mapping-filter-${f}`}
                />
                {t(`foodicsMenu.mapping.filters.${f}`)}
              </label>
            ))}
          </fieldset>
          <h3 className="manage-foodics__subtitle">
            {t('foodicsMenu.mapping.branches')} <span className="console-muted">{view && counts(branches)}</span>
          </h3>
          <DataTable<FoodicsMappingLocal>
            label={t('foodicsMenu.mapping.branches')}
            testId="foodics-mapping-branches"
            rows={view ? shown(branches) : undefined}
            loading={mapping.loading}
            rowKey={(r) => `${r.kind}-${r.id}`}
            emptyText={t('foodicsMenu.mapping.emptyBranches')}
            pageSize={10}
            columns={columns(false)}
          />
          <h3 className="manage-foodics__subtitle">
            {t('foodicsMenu.mapping.items')} <span className="console-muted">{view && counts(items)}</span>
          </h3>
          <DataTable<FoodicsMappingLocal>
            label={t('foodicsMenu.mapping.items')}
            testId="foodics-mapping-items"
            rows={view ? shown(items) : undefined}
            loading={mapping.loading}
            rowKey={(r) => `${r.kind}-${r.id}`}
            filterText={(r) => `${r.name.ar} ${r.name.en} ${r.foodicsId ?? ''} ${r.foodicsName ?? ''}`}
            emptyText={t('foodicsMenu.mapping.emptyItems')}
            pageSize={25}
            columns={columns(true)}
          />
          <h3 className="manage-foodics__subtitle">
            {t('foodicsMenu.mapping.tables')} <span className="console-muted">{view && counts(tables)}</span>
          </h3>
          <p className="console-muted">{t('foodicsMenu.mapping.tablesLead')}</p>
          <DataTable<FoodicsMappingLocal>
            label={t('foodicsMenu.mapping.tables')}
            testId="foodics-mapping-tables"
            rows={view ? shown(tables) : undefined}
            loading={mapping.loading}
            rowKey={(r) => `${r.kind}-${r.id}`}
            filterText={(r) => `${r.name.ar} ${r.branchName?.ar ?? ''} ${r.branchName?.en ?? ''} ${r.foodicsId ?? ''}`}
            emptyText={t('foodicsMenu.mapping.emptyTables')}
            pageSize={25}
            columns={[
              {
                id: 'branch',
                header: t('foodicsMenu.mapping.branch'),
                sortValue: (r: FoodicsMappingLocal) => r.branchName?.[language] ?? '',
                cell: (r: FoodicsMappingLocal) => r.branchName?.[language] ?? '',
              },
              ...columns(false).map((c) =>
                c.id === 'name'
                  ? {
                      ...c,
                      cell: (r: FoodicsMappingLocal) => (
                        <>{t('foodicsMenu.mapping.tableName', { number: r.name[language] })}</>
                      ),
                    }
                  : c,
              ),
            ]}
          />
          <h3 className="manage-foodics__subtitle">{t('foodicsMenu.mapping.atFoodics')}</h3>
          <DataTable<FoodicsMappingRemote>
            label={t('foodicsMenu.mapping.atFoodics')}
            testId="foodics-mapping-remote"
            rows={view?.unmappedAtFoodics}
            loading={mapping.loading}
            rowKey={(r) => `${r.kind}-${r.foodicsId}`}
            emptyText={t('foodicsMenu.mapping.atFoodicsEmpty')}
            pageSize={10}
            columns={[
              {
                id: 'type',
                header: t('foodicsMenu.mapping.type'),
                sortValue: (r) => r.kind,
                cell: (r) => t(`foodicsMenu.mapping.types.${r.kind}`),
              },
              { id: 'name', header: t('foodicsMenu.mapping.name'), sortValue: (r) => r.name, cell: (r) => r.name },
              {
                id: 'id',
                header: t('foodicsMenu.mapping.foodics'),
                cell: (r) => (
                  <bdi dir="ltr" className="manage-foodics__id">
                    {r.foodicsId}
                  </bdi>
                ),
              },
            ]}
          />
        </>
      )}
    </section>
  );
}

/** The owner's Foodics menu: the import and the mapping (docs/adr/0680). */
export function FoodicsMenuSection() {
  return (
    <>
      <ImportCard />
      <MappingCard />
    </>
  );
}

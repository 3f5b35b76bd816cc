import { formatSar } from '@sufra/shared/money';
import {
  CUSTOMER_SORTS,
  type CustomerListBody,
  type CustomerListItem,
  type CustomerSort,
} from '@sufra/shared/schemas/customers-admin';
import { useState } from 'react';
import { Link } from 'wouter';
import { LoadError } from '../../../components/ui/load-state';
import { errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { showToast } from '../../../lib/toast';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { DataTable, Pager } from '../../console/ui/data-table';
import { PageHeader } from '../../console/ui/page-header';
import { customersKey, exportCustomers, getCustomerLevels, searchCustomers } from '../api/manage-customers';
import { phoneText, shortDate } from '../customer-format';

const PAGE_SIZE = 25;

interface Filter {
  q: string;
  sort: CustomerSort;
  direction: 'asc' | 'desc';
  lapsed: boolean;
  levelId: string;
  spendAbove: string;
}
const EMPTY: Filter = { q: '', sort: 'lastOrder', direction: 'desc', lapsed: false, levelId: '', spendAbove: '' };

/** The request's filters (the segment) from the form's. */
function toBody(filter: Filter): CustomerListBody {
  const spend = Number.parseFloat(filter.spendAbove.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)));
  return {
    q: filter.q.trim() || undefined,
    sort: filter.sort,
    direction: filter.direction,
    lapsedDays: filter.lapsed ? 30 : undefined,
    levelId: filter.levelId ? Number(filter.levelId) : undefined,
    spendAboveHalalas: Number.isFinite(spend) && spend >= 0 ? Math.round(spend * 100) : undefined,
  };
}

/**
 * `/staff/manage/customers`: the brand's diners, searched by name or phone (any local form), sorted and filtered
 * into a segment on the server, a page at a time (keyset cursors, docs/adr/0490); the segment's CSV.
 */
export function CustomerList() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [filter, setFilter] = useState<Filter>(EMPTY);
  // The cursors of the pages seen so far: page n starts after cursors[n] (undefined: the first page).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const page = cursors.length - 1;
  const body: CustomerListBody = { ...toBody(filter), after: cursors[page], limit: PAGE_SIZE };
  const list = useApiQuery([...customersKey, 'list', JSON.stringify(body), language], () =>
    searchCustomers(body, language),
  );
  const levels = useApiQuery([...customersKey, 'levels', language], () => getCustomerLevels(language));
  const exporter = useApiMutation(() => exportCustomers(toBody(filter), language));

  const download = async () => {
    try {
      const { filename, csv, rows } = await exporter.mutate();
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      link.click();
      URL.revokeObjectURL(url);
      void showToast(t('manageCustomers.exported', { count: formatNumber(rows, language) }));
    } catch (error) {
      void showToast(errorText(error, language), 'error');
    }
  };

  return (
    <div className="console-page manage-customers" data-testid="manage-customers">
      <PageHeader
        title={t('manageCustomers.title')}
        lead={t('manageCustomers.lead')}
        actions={
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void download()}
            disabled={exporter.busy}
            data-testid="customers-export"
          >
            {exporter.busy ? t('manageCustomers.exporting') : t('manageCustomers.export')}
          </button>
        }
      />
      <form
        className="console-filters manage-customers__filters"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter(draft);
          setCursors([undefined]);
        }}
      >
        <label>
          <span>{t('manageCustomers.search')}</span>
          <input
            className="input"
            type="search"
            maxLength={80}
            value={draft.q}
            placeholder={t('manageCustomers.searchHint')}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            data-testid="customers-search"
          />
        </label>
        <label>
          <span>{t('manageCustomers.sortBy')}</span>
          <select
            className="input"
            value={draft.sort}
            onChange={(e) => setDraft({ ...draft, sort: e.target.value as CustomerSort })}
            data-testid="customers-sort"
          >
            {CUSTOMER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`manageCustomers.sorts.${sort}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('manageCustomers.direction')}</span>
          <select
            className="input"
            value={draft.direction}
            onChange={(e) => setDraft({ ...draft, direction: e.target.value === 'asc' ? 'asc' : 'desc' })}
          >
            <option value="desc">{t('manageCustomers.descending')}</option>
            <option value="asc">{t('manageCustomers.ascending')}</option>
          </select>
        </label>
        <fieldset className="manage-customers__segment">
          <legend>{t('manageCustomers.segment')}</legend>
          <label className="manage-customers__check">
            <input
              type="checkbox"
              checked={draft.lapsed}
              onChange={(e) => setDraft({ ...draft, lapsed: e.target.checked })}
              data-testid="customers-lapsed"
            />
            <span>{t('manageCustomers.lapsed')}</span>
          </label>
          <label>
            <span>{t('manageCustomers.level')}</span>
            <select
              className="input"
              value={draft.levelId}
              onChange={(e) => setDraft({ ...draft, levelId: e.target.value })}
              data-testid="customers-level"
            >
              <option value="">{t('manageCustomers.anyLevel')}</option>
              {levels.data?.levels.map((level) => (
                <option key={level.id} value={level.id}>
                  {level.name[language]}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('manageCustomers.spendAbove')}</span>
            <input
              className="input manage-customers__amount"
              inputMode="decimal"
              maxLength={12}
              value={draft.spendAbove}
              onChange={(e) => setDraft({ ...draft, spendAbove: e.target.value })}
              data-testid="customers-spend-above"
            />
          </label>
        </fieldset>
        <button type="submit" className="btn btn-primary" data-testid="customers-apply">
          {t('manageCustomers.apply')}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            setDraft(EMPTY);
            setFilter(EMPTY);
            setCursors([undefined]);
          }}
        >
          {t('manageCustomers.clear')}
        </button>
      </form>
      {list.error !== undefined && <LoadError error={list.error} onRetry={list.refetch} />}
      <DataTable<CustomerListItem>
        label={t('manageCustomers.listLabel')}
        testId="customers-table"
        rows={list.data?.customers}
        loading={list.loading}
        rowKey={(c) => c.id}
        pageSize={0}
        emptyText={t('manageCustomers.empty')}
        columns={[
          {
            id: 'name',
            header: t('manageCustomers.columns.name'),
            cell: (c) => (
              <Link href={`/${c.id}`} data-testid={`customer-link-${c.id}`}>
                {c.name}
              </Link>
            ),
          },
          {
            id: 'phone',
            header: t('manageCustomers.columns.phone'),
            cell: (c) => <bdi dir="ltr">{phoneText(c.phone, language)}</bdi>,
          },
          {
            id: 'level',
            header: t('manageCustomers.columns.level'),
            cell: (c) => c.level?.name[language] ?? t('manageCustomers.noLevel'),
          },
          {
            id: 'wallet',
            header: t('manageCustomers.columns.wallet'),
            numeric: true,
            cell: (c) => formatNumber(c.walletPoints, language),
          },
          {
            id: 'lastOrder',
            header: t('manageCustomers.columns.lastOrder'),
            cell: (c) =>
              c.lastOrderAt ? (
                shortDate(c.lastOrderAt, language)
              ) : (
                <span className="console-muted">{t('manageCustomers.never')}</span>
              ),
          },
          {
            id: 'orders',
            header: t('manageCustomers.columns.orders'),
            numeric: true,
            cell: (c) => formatNumber(c.ordersCount, language),
          },
          {
            id: 'spend',
            header: t('manageCustomers.columns.spend'),
            numeric: true,
            cell: (c) => formatSar(c.spendHalalas, language),
          },
          {
            id: 'branch',
            header: t('manageCustomers.columns.branch'),
            cell: (c) => c.branch?.name[language] ?? '—',
          },
        ]}
      />
      {(page > 0 || list.data?.nextCursor) && (
        <Pager
          page={page}
          hasNext={list.data?.nextCursor != null}
          summary={formatNumber(page + 1, language)}
          onPage={(next) =>
            setCursors((seen) =>
              next > page && list.data?.nextCursor
                ? [...seen, list.data.nextCursor]
                : seen.slice(0, Math.max(1, next + 1)),
            )
          }
        />
      )}
    </div>
  );
}

import type { FoodicsHandOffList } from '@sufra/shared/schemas/foodics';
import { useState } from 'react';
import { LoadError } from '../../../components/ui/load-state';
import { errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { ConsolePageProps } from '../../console/console-pages';
import { ConfirmDialog } from '../../console/ui/confirm-dialog';
import { DataTable } from '../../console/ui/data-table';
import { PageHeader } from '../../console/ui/page-header';
import '../manage-foodics.css';
import {
  type FoodicsHandOffFilter,
  foodicsHandOffsKey,
  listFoodicsHandOffs,
  settleFoodicsHandOff,
} from '../api/manage-foodics';
import { FoodicsConnectionCard } from '../components/connection-card';
import { FoodicsMenuSection } from '../components/menu-section';

export { ready } from '../foodics-strings';

type HandOff = FoodicsHandOffList['handOffs'][number];
const FILTERS: readonly FoodicsHandOffFilter[] = ['dead', 'waiting', 'queued', 'all'];

/** Riyadh's clock (the Saudi branches'), in the interface language and its digits. */
function formatTime(iso: string | null, language: 'ar' | 'en'): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Riyadh',
  }).format(new Date(iso));
}

/**
 * `/staff/manage/foodics`: orders handed to Foodics (issue 28 item 1): the dead letters (failed after the tries, or
 * refused: the reason shown) that staff send again or mark handled, behind a confirm; those still Pending at Foodics
 * past the alert minutes (a branch with no device receiving online orders); those waiting for a retry.
 */
export default function FoodicsPage({ user }: ConsolePageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [filter, setFilter] = useState<FoodicsHandOffFilter>('dead');
  const list = useApiQuery([...foodicsHandOffsKey, filter, language], () => listFoodicsHandOffs(filter, language));
  const [confirming, setConfirming] = useState<{ handOff: HandOff; action: 'retry' | 'handled' } | null>(null);
  const settle = useApiMutation(
    (c: { handOff: HandOff; action: 'retry' | 'handled' }) =>
      settleFoodicsHandOff(c.handOff.orderId, c.action, language),
    { invalidates: [foodicsHandOffsKey] },
  );

  return (
    <div className="console-page manage-foodics" data-testid="manage-foodics">
      <PageHeader title={t('manageFoodics.title')} lead={t('manageFoodics.lead')} />
      {user.role === 'owner' && <FoodicsConnectionCard />}
      {user.role === 'owner' && <FoodicsMenuSection />}
      <fieldset className="manage-foodics__filters">
        <legend className="console-muted">{t('manageFoodics.show')}</legend>
        {FILTERS.map((f) => (
          <label key={f} className="manage-foodics__filter">
            <input
              type="radio"
              name="foodics-filter"
              checked={filter === f}
              onChange={() => setFilter(f)}
              data-testid={`foodics-filter-${f}`}
            />
            {t(`manageFoodics.filters.${f}`)}
          </label>
        ))}
      </fieldset>
      {list.error !== undefined && <LoadError error={list.error} onRetry={list.refetch} />}
      <DataTable<HandOff>
        label={t('manageFoodics.title')}
        testId="foodics-table"
        rows={list.data?.handOffs}
        loading={list.loading}
        rowKey={(h) => h.orderId}
        emptyText={t(`manageFoodics.empty.${filter}`)}
        columns={[
          {
            id: 'order',
            header: t('manageFoodics.order'),
            sortValue: (h) => h.orderId,
            numeric: true,
            cell: (h) => `#${formatNumber(h.number, language)}`,
          },
          {
            id: 'branch',
            header: t('manageFoodics.branch'),
            sortValue: (h) => h.branchName[language],
            cell: (h) => h.branchName[language],
          },
          {
            id: 'state',
            header: t('manageFoodics.state'),
            sortValue: (h) => h.state,
            cell: (h) => (
              <span className={`manage-foodics__state manage-foodics__state--${h.state}`}>
                {t(`manageFoodics.states.${h.state}`)}
                {h.state === 'sent' &&
                  h.foodicsStatus !== null &&
                  ` · ${t(`manageFoodics.foodicsStatuses.${h.foodicsStatus}`)}`}
              </span>
            ),
          },
          {
            id: 'failures',
            header: t('manageFoodics.failures'),
            numeric: true,
            sortValue: (h) => h.failures,
            cell: (h) => formatNumber(h.failures, language),
          },
          {
            id: 'error',
            header: t('manageFoodics.lastError'),
            cell: (h) =>
              h.lastError ? (
                <bdi dir="ltr" className="manage-foodics__error">
                  {h.lastError}
                </bdi>
              ) : (
                '—'
              ),
          },
          {
            id: 'time',
            header: t('manageFoodics.updated'),
            sortValue: (h) => h.updatedAt,
            cell: (h) => formatTime(h.updatedAt, language),
          },
          {
            id: 'actions',
            header: t('manageFoodics.actions'),
            cell: (h) =>
              h.state === 'dead' && (
                <div className="manage-foodics__row-actions">
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={settle.busy}
                    onClick={() => {
                      settle.reset();
                      setConfirming({ handOff: h, action: 'retry' });
                    }}
                    data-testid={`foodics-retry-${h.orderId}`}
                  >
                    {t('manageFoodics.retry')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={settle.busy}
                    onClick={() => {
                      settle.reset();
                      setConfirming({ handOff: h, action: 'handled' });
                    }}
                    data-testid={`foodics-handled-${h.orderId}`}
                  >
                    {t('manageFoodics.handled')}
                  </button>
                </div>
              ),
          },
        ]}
      />
      {confirming && (
        <ConfirmDialog
          title={t(`manageFoodics.${confirming.action}Title`, {
            number: formatNumber(confirming.handOff.number, language),
          })}
          confirmLabel={t(`manageFoodics.${confirming.action}`)}
          busy={settle.busy}
          error={settle.error !== undefined ? errorText(settle.error, language) : null}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            settle.mutate(confirming).then(
              () => setConfirming(null),
              () => {},
            );
          }}
        >
          <p>{t(`manageFoodics.${confirming.action}Body`)}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

import type { ManagePopup, ManageSlide } from '@sufra/shared/schemas/manage-ads';
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
import { type Column, DataTable } from '../../console/ui/data-table';
import { PageHeader } from '../../console/ui/page-header';
import { adsKey, listAds, removeAd } from '../api/manage-ads';
import { AdForm, type Editing, type Kind } from '../components/ad-form';
import '../manage-ads.css';

/**
 * Ads (issue 26 item 7): the spec's pop-up and the slider, per brand (owner) or branch, with a schedule (start, end,
 * days of the week), texts in Arabic and English, order, an image, and the views and clicks diners made; a
 * preview shows the ad with the diner's own components.
 */
export default function AdsPage({ user }: ConsolePageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useApiQuery(adsKey, () => listAds(language));
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<{ kind: Kind; id: number } | null>(null);
  const remove = useApiMutation(({ kind, id }: { kind: Kind; id: number }) => removeAd(kind, id, language), {
    invalidates: [adsKey],
  });
  const branchName = (id: number | null) =>
    id === null ? t('console.ads.allBranches') : (user.branches.find((b) => b.id === id)?.name[language] ?? '—');
  const days = (list: number[]) =>
    list.length === 7 ? t('console.ads.everyDay') : list.map((d) => t(`console.ads.day.${d}`)).join('، ');
  const when = (ad: ManagePopup | ManageSlide) => {
    const fmt = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', { dateStyle: 'medium' });
    const from = ad.startsAt ? fmt.format(new Date(ad.startsAt)) : '…';
    const to = ad.endsAt ? fmt.format(new Date(ad.endsAt)) : '…';
    return `${from} – ${to} · ${days(ad.daysOfWeek)}`;
  };
  const common = (kind: Kind): Column<ManagePopup | ManageSlide>[] => [
    { id: 'scope', header: t('console.ads.scope'), cell: (ad) => branchName(ad.branchId) },
    { id: 'when', header: t('console.ads.schedule'), cell: when },
    {
      id: 'state',
      header: t('console.ads.active'),
      cell: (ad) => (ad.active ? t('console.ads.on') : t('console.ads.off')),
    },
    {
      id: 'sort',
      header: t('console.ads.sort'),
      cell: (ad) => formatNumber(ad.sort, language),
      sortValue: (ad) => ad.sort,
      numeric: true,
    },
    {
      id: 'views',
      header: t('console.ads.views'),
      cell: (ad) => formatNumber(ad.views, language),
      sortValue: (ad) => ad.views,
      numeric: true,
    },
    {
      id: 'clicks',
      header: t('console.ads.clicks'),
      cell: (ad) => formatNumber(ad.clicks, language),
      sortValue: (ad) => ad.clicks,
      numeric: true,
    },
    {
      id: 'actions',
      header: <span className="visually-hidden">{t('console.tables.actions')}</span>,
      cell: (ad) =>
        ad.editable ? (
          <span className="manage-ads__actions">
            <button type="button" className="btn btn-secondary" onClick={() => setEditing({ kind, ad })}>
              {t('console.tables.edit')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setRemoving({ kind, id: ad.id })}>
              {t('console.ads.remove')}
            </button>
          </span>
        ) : (
          <span className="badge badge--muted">{t('console.ads.ownerOnly')}</span>
        ),
    },
  ];
  const popupColumns: Column<ManagePopup | ManageSlide>[] = [
    {
      id: 'text',
      header: t('console.ads.text'),
      cell: (ad) => (ad as ManagePopup)[language === 'ar' ? 'textAr' : 'textEn'],
    },
    ...common('popup'),
  ];
  const slideColumns: Column<ManagePopup | ManageSlide>[] = [
    {
      id: 'text',
      header: t('console.ads.title'),
      cell: (ad) => (ad as ManageSlide)[language === 'ar' ? 'titleAr' : 'titleEn'],
    },
    ...common('slide'),
  ];

  return (
    <>
      <PageHeader
        title={t('console.ads.pageTitle')}
        lead={t('console.ads.lead')}
        actions={
          <>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setEditing({ kind: 'popup', ad: null })}
              data-testid="ads-new-popup"
            >
              {t('console.ads.newPopup')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setEditing({ kind: 'slide', ad: null })}>
              {t('console.ads.newSlide')}
            </button>
          </>
        }
      />
      {editing && (
        <AdForm
          key={`${editing.kind}-${editing.ad?.id ?? 'new'}`}
          editing={editing}
          user={user}
          onDone={() => setEditing(null)}
        />
      )}
      {query.error ? (
        <LoadError error={query.error} onRetry={query.refetch} />
      ) : (
        <>
          <h2 className="manage-ads__heading">{t('console.ads.popups')}</h2>
          <DataTable
            label={t('console.ads.popups')}
            columns={popupColumns}
            rows={query.data?.popups}
            rowKey={(ad) => ad.id}
            emptyText={t('console.ads.none')}
            loading={query.loading}
            testId="ads-popups"
          />
          <h2 className="manage-ads__heading">{t('console.ads.slides')}</h2>
          <DataTable
            label={t('console.ads.slides')}
            columns={slideColumns}
            rows={query.data?.slides}
            rowKey={(ad) => ad.id}
            emptyText={t('console.ads.none')}
            loading={query.loading}
            testId="ads-slides"
          />
        </>
      )}
      {removing && (
        <ConfirmDialog
          title={t('console.ads.confirmRemove')}
          confirmLabel={t('console.ads.remove')}
          danger
          busy={remove.busy}
          error={remove.error ? errorText(remove.error, language) : null}
          onCancel={() => {
            remove.reset();
            setRemoving(null);
          }}
          onConfirm={async () => {
            try {
              await remove.mutate(removing);
              setRemoving(null);
            } catch {
              // Shown in the dialog.
            }
          }}
        />
      )}
    </>
  );
}

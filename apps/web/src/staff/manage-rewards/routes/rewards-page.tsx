import { REWARD_SHOPS, type RewardShop } from '@sufra/shared/loyalty/rewards';
import {
  type ManageReward,
  REWARD_CATALOGUE_STATUSES,
  type RewardCatalogueStatus,
} from '@sufra/shared/schemas/manage-rewards';
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
import { listRewards, retireReward, rewardsKey, rewardsPrefix } from '../api/manage-rewards';
import { RewardForm } from '../components/reward-form';
import '../manage-rewards.css';

export { ready } from '../rewards-strings';

type Editing = { reward: ManageReward | null } | null;

/**
 * `/staff/manage/rewards` (issue 27 item 3): the points shop's and the prize shop's rewards, active or retired, in a
 * table; an editor for a new or existing one; retiring asks first (copies diners own keep working).
 */
export default function RewardsPage({ user }: ConsolePageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [shop, setShop] = useState<RewardShop>('points');
  const [status, setStatus] = useState<RewardCatalogueStatus>('active');
  const [editing, setEditing] = useState<Editing>(null);
  const [retiring, setRetiring] = useState<ManageReward | null>(null);
  const query = useApiQuery(rewardsKey(shop, status, language), () => listRewards(shop, status, language));
  const retire = useApiMutation((r: ManageReward) => retireReward(r.id, r.version, language), {
    invalidates: [rewardsPrefix],
  });
  const name = (r: ManageReward) => (language === 'ar' ? r.nameAr : r.nameEn);
  const number = (n: number) => formatNumber(n, language);
  const date = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', { dateStyle: 'medium' }).format(new Date(iso))
      : '…';
  const branches = (ids: number[] | null) =>
    ids === null
      ? t('manageRewards.allBranches')
      : ids.map((id) => user.branches.find((b) => b.id === id)?.name[language] ?? '—').join('، ');
  const columns: Column<ManageReward>[] = [
    {
      id: 'name',
      header: t('manageRewards.col.name'),
      cell: (r) => (
        <span className="manage-rewards__name">
          {r.image && <img src={r.image} alt="" className="manage-rewards__cell-photo" />}
          {name(r)}
        </span>
      ),
      sortValue: name,
    },
    { id: 'kind', header: t('manageRewards.col.kind'), cell: (r) => t(`manageRewards.kind.${r.kind}`) },
    {
      id: 'price',
      header: t('manageRewards.col.price'),
      cell: (r) => (r.pointsCost === null ? t('manageRewards.notForSale') : number(r.pointsCost)),
      sortValue: (r) => r.pointsCost,
      numeric: true,
    },
    {
      id: 'sold',
      header: t('manageRewards.col.soldOfStock'),
      cell: (r) => `${number(r.issuedCount)} / ${r.stock === null ? t('manageRewards.unlimited') : number(r.stock)}`,
      sortValue: (r) => r.issuedCount,
      numeric: true,
    },
    {
      id: 'owned',
      header: t('manageRewards.col.owned'),
      cell: (r) => number(r.ownedCount),
      sortValue: (r) => r.ownedCount,
      numeric: true,
    },
    {
      id: 'window',
      header: t('manageRewards.col.window'),
      cell: (r) =>
        r.activeFrom || r.activeUntil ? `${date(r.activeFrom)} – ${date(r.activeUntil)}` : t('manageRewards.always'),
    },
    { id: 'branches', header: t('manageRewards.col.branches'), cell: (r) => branches(r.branchIds) },
    {
      id: 'actions',
      header: <span className="visually-hidden">{t('console.tables.actions')}</span>,
      cell: (r) =>
        !r.editable ? (
          <span className="badge badge--muted">{t('manageRewards.ownerOnly')}</span>
        ) : r.active ? (
          <span className="manage-rewards__actions">
            <button type="button" className="btn btn-secondary" onClick={() => setEditing({ reward: r })}>
              {t('manageRewards.edit')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setRetiring(r)}>
              {t('manageRewards.retire')}
            </button>
          </span>
        ) : null,
    },
  ];

  return (
    <div className="console-page manage-rewards" data-testid="manage-rewards">
      <PageHeader
        title={t('manageRewards.title')}
        lead={t('manageRewards.lead')}
        actions={
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setEditing({ reward: null })}
            data-testid="reward-new"
          >
            {t('manageRewards.new')}
          </button>
        }
      />
      <div className="manage-rewards__switches">
        <fieldset className="manage-rewards__tabs">
          <legend className="visually-hidden">{t('manageRewards.form.shop')}</legend>
          {REWARD_SHOPS.map((s) => (
            <button
              key={s}
              type="button"
              className={`btn ${shop === s ? 'btn-primary' : 'btn-secondary'}`}
              aria-pressed={shop === s}
              onClick={() => setShop(s)}
              data-testid={`reward-shop-${s}`}
            >
              {t(`manageRewards.tabs.${s}`)}
            </button>
          ))}
        </fieldset>
        <fieldset className="manage-rewards__tabs">
          <legend className="visually-hidden">{t('manageRewards.statusLabel')}</legend>
          {REWARD_CATALOGUE_STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              className={`btn ${status === s ? 'btn-primary' : 'btn-secondary'}`}
              aria-pressed={status === s}
              onClick={() => setStatus(s)}
              data-testid={`reward-status-${s}`}
            >
              {t(`manageRewards.status.${s}`)}
            </button>
          ))}
        </fieldset>
      </div>
      {editing && (
        <RewardForm
          key={editing.reward?.id ?? 'new'}
          reward={editing.reward}
          shop={shop}
          user={user}
          onDone={() => setEditing(null)}
        />
      )}
      {query.error ? (
        <LoadError error={query.error} onRetry={query.refetch} />
      ) : (
        <DataTable
          label={t(`manageRewards.tabs.${shop}`)}
          columns={columns}
          rows={query.data?.rewards}
          rowKey={(r) => r.id}
          filterText={(r) => `${r.nameAr} ${r.nameEn}`}
          emptyText={t('manageRewards.none')}
          loading={query.loading}
          testId="rewards-table"
        />
      )}
      {retiring && (
        <ConfirmDialog
          title={t('manageRewards.retireTitle', { name: name(retiring) })}
          confirmLabel={t('manageRewards.retire')}
          danger
          busy={retire.busy}
          error={retire.error ? errorText(retire.error, language) : null}
          onCancel={() => {
            retire.reset();
            setRetiring(null);
          }}
          onConfirm={async () => {
            try {
              await retire.mutate(retiring);
              setRetiring(null);
            } catch {
              // Shown in the dialog.
            }
          }}
        >
          <p>{t('manageRewards.retireBody')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

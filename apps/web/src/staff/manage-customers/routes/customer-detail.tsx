import { formatSar } from '@sufra/shared/money';
import type { CustomerPage } from '@sufra/shared/schemas/customers-admin';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'wouter';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { formatNumber } from '../../../lib/format-number';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { type Column, DataTable } from '../../console/ui/data-table';
import { PageHeader } from '../../console/ui/page-header';
import { customersKey, getCustomerPage } from '../api/manage-customers';
import { GrantPointsDialog, GrantPrizeDialog } from '../components/grant-dialogs';
import { dateTime, phoneText, shortDate } from '../customer-format';

type Row<K extends keyof CustomerPage> = CustomerPage[K] extends (infer R)[] ? R : never;

/** One history of the page: a heading and its table (or "None yet"). */
function Section<T>(props: {
  id: string;
  title: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => number;
}) {
  const { t } = useTranslation();
  return (
    <section
      className="manage-customers__section"
      aria-labelledby={`customer-${props.id}`}
      data-testid={`customer-${props.id}`}
    >
      <h2 id={`customer-${props.id}`}>{props.title}</h2>
      <DataTable<T>
        label={props.title}
        testId={`customer-${props.id}-table`}
        rows={props.rows}
        rowKey={props.rowKey}
        pageSize={10}
        emptyText={t('manageCustomers.none')}
        columns={props.columns}
      />
    </section>
  );
}

/**
 * `/staff/manage/customers/{id}`: who the diner is, their figures, and each history (orders, points ledger,
 * rewards, coupons, punch cards, evaluations, referral); points or a prize granted from here with a reason.
 * Opening the page is recorded in the audit log (the server writes it with the read).
 */
export function CustomerDetail() {
  const { t } = useTranslation();
  const language = useLanguage();
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const page = useApiQuery([...customersKey, 'page', id, language], () => getCustomerPage(id, language));
  const [dialog, setDialog] = useState<'points' | 'prize' | null>(null);
  const back = (
    <Link href="/" className="manage-customers__back" data-testid="customer-back">
      {t('manageCustomers.back')}
    </Link>
  );
  if (page.error !== undefined)
    return (
      <div className="console-page manage-customers">
        {back}
        <LoadError error={page.error} onRetry={page.refetch} />
      </div>
    );
  if (!page.data)
    return (
      <div className="console-page manage-customers">
        {back}
        <LoadingBlock />
      </div>
    );
  const { customer } = page.data;
  const date = (iso: string) => shortDate(iso, language);
  const facts: [string, string, ReactNode][] = [
    [
      'phone',
      t('manageCustomers.profile.phone'),
      <bdi key="phone" dir="ltr">
        {phoneText(customer.phone, language)}
      </bdi>,
    ],
    ['level', t('manageCustomers.profile.level'), customer.level?.name[language] ?? '—'],
    ['wallet', t('manageCustomers.profile.wallet'), formatNumber(customer.walletPoints, language)],
    ['lifetime', t('manageCustomers.profile.lifetime'), formatNumber(customer.lifetimePoints, language)],
    ['orders', t('manageCustomers.profile.orders'), formatNumber(customer.ordersCount, language)],
    ['spend', t('manageCustomers.profile.spend'), formatSar(customer.spendHalalas, language)],
    [
      'lastOrder',
      t('manageCustomers.profile.lastOrder'),
      customer.lastOrderAt ? date(customer.lastOrderAt) : t('manageCustomers.never'),
    ],
    ['memberSince', t('manageCustomers.profile.memberSince'), date(customer.memberSince)],
    ['email', t('manageCustomers.profile.email'), customer.email ?? t('manageCustomers.profile.notGiven')],
    ['city', t('manageCustomers.profile.city'), customer.city ?? t('manageCustomers.profile.notGiven')],
  ];

  return (
    <div className="console-page manage-customers" data-testid="customer-page">
      {back}
      <PageHeader
        title={customer.name}
        actions={
          <>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setDialog('points')}
              data-testid="customer-grant-points"
            >
              {t('manageCustomers.grantPoints')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setDialog('prize')}
              data-testid="customer-grant-prize"
            >
              {t('manageCustomers.grantPrize')}
            </button>
          </>
        }
      />
      <dl className="manage-customers__facts" data-testid="customer-facts">
        {facts.map(([key, label, value]) => (
          <div key={key} data-testid={`customer-fact-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Section<Row<'orders'>>
        id="orders"
        title={t('manageCustomers.sections.orders')}
        rows={page.data.orders}
        rowKey={(o) => o.id}
        columns={[
          { id: 'number', header: t('manageCustomers.cols.number'), cell: (o) => formatNumber(o.number, language) },
          { id: 'date', header: t('manageCustomers.cols.date'), cell: (o) => dateTime(o.createdAt, language) },
          { id: 'branch', header: t('manageCustomers.cols.branch'), cell: (o) => o.branch.name[language] },
          {
            id: 'status',
            header: t('manageCustomers.cols.status'),
            cell: (o) => t(`manageCustomers.orderStatus.${o.status}`),
          },
          {
            id: 'total',
            header: t('manageCustomers.cols.total'),
            numeric: true,
            cell: (o) => formatSar(o.totalHalalas, language),
          },
        ]}
      />
      <Section<Row<'ledger'>>
        id="ledger"
        title={t('manageCustomers.sections.ledger')}
        rows={page.data.ledger}
        rowKey={(l) => l.id}
        columns={[
          { id: 'date', header: t('manageCustomers.cols.date'), cell: (l) => dateTime(l.createdAt, language) },
          { id: 'kind', header: t('manageCustomers.cols.kind'), cell: (l) => t(`manageCustomers.kinds.${l.kind}`) },
          {
            id: 'points',
            header: t('manageCustomers.cols.points'),
            numeric: true,
            cell: (l) => <bdi>{formatNumber(l.points, language)}</bdi>,
          },
          {
            id: 'reason',
            header: t('manageCustomers.cols.reason'),
            cell: (l) => (l.kind === 'adjust' ? l.reason : ''),
          },
          { id: 'by', header: t('manageCustomers.cols.by'), cell: (l) => l.staffName ?? '—' },
        ]}
      />
      <Section<Row<'rewards'>>
        id="rewards"
        title={t('manageCustomers.sections.rewards')}
        rows={page.data.rewards}
        rowKey={(r) => r.id}
        columns={[
          { id: 'reward', header: t('manageCustomers.cols.reward'), cell: (r) => r.name[language] },
          {
            id: 'source',
            header: t('manageCustomers.cols.source'),
            cell: (r) => t(`manageCustomers.rewardSource.${r.source}`),
          },
          {
            id: 'status',
            header: t('manageCustomers.cols.status'),
            cell: (r) => t(`manageCustomers.rewardStatus.${r.status}`),
          },
          {
            id: 'valid',
            header: t('manageCustomers.cols.validUntil'),
            cell: (r) => (r.expiresAt ? date(r.expiresAt) : '—'),
          },
        ]}
      />
      <Section<Row<'coupons'>>
        id="coupons"
        title={t('manageCustomers.sections.coupons')}
        rows={page.data.coupons}
        rowKey={(c) => c.id}
        columns={[
          { id: 'code', header: t('manageCustomers.cols.code'), cell: (c) => <bdi dir="ltr">{c.code}</bdi> },
          { id: 'name', header: t('manageCustomers.cols.reward'), cell: (c) => c.name[language] },
          {
            id: 'discount',
            header: t('manageCustomers.cols.discount'),
            numeric: true,
            cell: (c) => formatSar(c.discountHalalas, language),
          },
          {
            id: 'date',
            header: t('manageCustomers.cols.date'),
            cell: (c) => (
              <>
                {date(c.usedAt)}
                {c.releasedAt && <div className="console-muted">{t('manageCustomers.released')}</div>}
              </>
            ),
          },
        ]}
      />
      <Section<Row<'punchCards'>>
        id="punch-cards"
        title={t('manageCustomers.sections.punchCards')}
        rows={page.data.punchCards}
        rowKey={(c) => c.id}
        columns={[
          { id: 'programme', header: t('manageCustomers.cols.programme'), cell: (c) => c.programme[language] },
          {
            id: 'punches',
            header: t('manageCustomers.cols.punches'),
            cell: (c) =>
              `${formatNumber(c.punches, language)} / ${formatNumber(c.itemsCount, language)}${
                c.completedAt ? ` · ${t('manageCustomers.completed')}` : ''
              }`,
          },
          { id: 'date', header: t('manageCustomers.cols.validUntil'), cell: (c) => date(c.expiresAt) },
        ]}
      />
      <Section<Row<'evaluations'>>
        id="evaluations"
        title={t('manageCustomers.sections.evaluations')}
        rows={page.data.evaluations}
        rowKey={(e) => e.id}
        columns={[
          { id: 'date', header: t('manageCustomers.cols.date'), cell: (e) => date(e.createdAt) },
          { id: 'form', header: t('manageCustomers.cols.form'), cell: (e) => e.form[language] },
          { id: 'branch', header: t('manageCustomers.cols.branch'), cell: (e) => e.branch.name[language] },
          {
            id: 'average',
            header: t('manageCustomers.cols.average'),
            cell: (e) => (
              <>
                {e.averageHundredths === null ? '—' : formatNumber(e.averageHundredths / 100, language)}
                {e.isLow && <div className="manage-customers__low">{t('manageCustomers.low')}</div>}
              </>
            ),
          },
        ]}
      />
      <section
        className="manage-customers__section"
        aria-labelledby="customer-referral"
        data-testid="customer-referral"
      >
        <h2 id="customer-referral">{t('manageCustomers.sections.referral')}</h2>
        <dl className="manage-customers__facts">
          <div>
            <dt>{t('manageCustomers.referralCode')}</dt>
            <dd>{page.data.referral.code ? <bdi dir="ltr">{page.data.referral.code}</bdi> : '—'}</dd>
          </div>
          <div>
            <dt>{t('manageCustomers.invitedBy')}</dt>
            <dd>
              {page.data.referral.invitedBy ? (
                <Link href={`/${page.data.referral.invitedBy.id}`}>{page.data.referral.invitedBy.name}</Link>
              ) : (
                '—'
              )}
            </dd>
          </div>
        </dl>
        <DataTable<CustomerPage['referral']['leads'][number]>
          label={t('manageCustomers.sections.referral')}
          testId="customer-referral-table"
          rows={page.data.referral.leads}
          rowKey={(l) => l.id}
          pageSize={10}
          emptyText={t('manageCustomers.none')}
          columns={[
            {
              id: 'friend',
              header: t('manageCustomers.cols.friend'),
              cell: (l) => l.friendName ?? <span className="console-muted">{t('manageCustomers.friendPending')}</span>,
            },
            {
              id: 'status',
              header: t('manageCustomers.cols.status'),
              cell: (l) => t(`manageCustomers.leadStatus.${l.status}`),
            },
            { id: 'date', header: t('manageCustomers.cols.date'), cell: (l) => date(l.createdAt) },
          ]}
        />
      </section>
      {dialog === 'points' && (
        <GrantPointsDialog customerId={id} name={customer.name} onClose={() => setDialog(null)} />
      )}
      {dialog === 'prize' && <GrantPrizeDialog customerId={id} name={customer.name} onClose={() => setDialog(null)} />}
    </div>
  );
}

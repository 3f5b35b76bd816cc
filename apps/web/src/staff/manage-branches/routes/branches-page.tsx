import type { BranchManageBody, ManageBranch } from '@sufra/shared/schemas/branch-manage';
import { useState } from 'react';
import { Link, Route, Switch, useLocation, useParams } from 'wouter';
import { ApiError } from '../../../lib/api-client';
import { formatBranchDateTime } from '../../../lib/branch-time';
import { formatNumber } from '../../../lib/format-number';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { ConsolePageProps } from '../../console/console-pages';
import { PageHeader } from '../../console/ui/page-header';
import { listManageBranches } from '../api/manage-branches';
import { BranchEditor } from '../components/branch-editor';
import '../manage-branches.css';

export const BRANCHES_KEY = ['staff', 'manage-branches'] as const;

export function useManageBranches() {
  const language = useLanguage();
  return useApiQuery([...BRANCHES_KEY, language], () => listManageBranches(language), { staleMs: 10_000 });
}

/** "Open now · closes 23:00", "Closed · opens Sun 08:00", "Closed by staff": the shared rule's answer, as diners get it. */
export function StatusText({ branch }: { branch: ManageBranch }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { open, closedBy, changesAt } = branch.status;
  const at = changesAt ? formatBranchDateTime(changesAt, branch.timeZone, language) : null;
  const text = open
    ? at
      ? t('manageBranches.status.openUntil', { at })
      : t('manageBranches.status.open')
    : closedBy === 'staff'
      ? t('manageBranches.status.closedByStaff')
      : at
        ? t('manageBranches.status.closedUntil', { at })
        : t('manageBranches.status.closed');
  return (
    <span
      className={`manage-branches__status manage-branches__status--${open ? 'open' : 'closed'}`}
      data-testid="branch-status"
    >
      {text}
    </span>
  );
}

function BranchList() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data, loading, error } = useManageBranches();
  return (
    <>
      <PageHeader
        title={t('manageBranches.title')}
        lead={t('manageBranches.lead')}
        actions={
          data?.canCreate && (
            <Link href="/new" className="btn btn-primary" data-testid="branch-new">
              {t('manageBranches.new')}
            </Link>
          )
        }
      />
      {loading && !data && <p role="status">{t('manageBranches.loading')}</p>}
      {error && !data ? (
        <p className="form-alert" role="alert">
          {error instanceof ApiError ? error.message : t('manageBranches.loadFailed')}
        </p>
      ) : null}
      {data && data.branches.length === 0 && <p>{t('manageBranches.empty')}</p>}
      {data && data.branches.length > 0 && (
        <div className="console-table">
          <div className="console-table__scroll">
            <table data-testid="branches-table">
              <thead>
                <tr>
                  <th scope="col">{t('manageBranches.fields.name')}</th>
                  <th scope="col">{t('manageBranches.fields.address')}</th>
                  <th scope="col">{t('manageBranches.fields.status')}</th>
                  <th scope="col">{t('manageBranches.fields.orderTypes')}</th>
                  <th scope="col">{t('manageBranches.zones.title')}</th>
                </tr>
              </thead>
              <tbody>
                {data.branches.map((branch) => (
                  <tr key={branch.id} data-testid={`branch-row-${branch.id}`}>
                    <td>
                      <Link href={`/${branch.id}`} data-testid={`branch-edit-${branch.id}`}>
                        {branch.name[language]}
                      </Link>
                      {branch.isMain && <span className="manage-branches__badge">{t('manageBranches.main')}</span>}
                    </td>
                    <td>{branch.address[language] || '—'}</td>
                    <td>
                      <StatusText branch={branch} />
                    </td>
                    <td>
                      {(['dineIn', 'pickup', 'delivery'] as const)
                        .filter((type) => branch.orderTypes[type])
                        .map((type) => t(`manageBranches.orderTypes.${type}`))
                        .join(language === 'ar' ? '، ' : ', ')}
                    </td>
                    <td>{formatNumber(branch.zones.length, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </>
  );
}

const EMPTY: BranchManageBody = {
  name: { ar: '', en: '' },
  address: { ar: '', en: '' },
  phone: null,
  location: { lat: 24.7136, lng: 46.6753 },
  timeZone: 'Asia/Riyadh',
  openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '09:00', closes: '23:00' })),
  specialDays: [],
  orderTypes: { dineIn: true, pickup: true, delivery: false },
  dineInRadiusMeters: 100,
  isOpen: true,
  paymentMethods: { cash: true, card: false },
};

function EditBranch() {
  const { t } = useTranslation();
  const params = useParams<{ id: string }>();
  const { data, loading } = useManageBranches();
  const [, navigate] = useLocation();
  const branch = data?.branches.find((b) => String(b.id) === params.id);
  if (!data) return <p role="status">{loading ? t('manageBranches.loading') : t('manageBranches.loadFailed')}</p>;
  if (!branch) return <p role="alert">{t('manageBranches.notFound')}</p>;
  // Just created on the new branch's page (history state set by NewBranch): the editor opens saying "saved".
  const created = (window.history.state as { created?: number } | null)?.created === branch.id;
  return (
    <BranchEditor
      key={branch.id}
      branch={branch}
      initial={branch}
      justCreated={created}
      onCreated={(id) => navigate(`/${id}`)}
    />
  );
}

function NewBranch() {
  const [, navigate] = useLocation();
  const [initial] = useState(EMPTY);
  // Replacing the new form's entry: Back from the created branch goes to the list, not to an empty form.
  return (
    <BranchEditor
      branch={null}
      initial={initial}
      onCreated={(id) => navigate(`/${id}`, { replace: true, state: { created: id } })}
    />
  );
}

/** /staff/manage/branches: the list, a new branch (owners), and one branch's editor with its zones. */
export default function BranchesPage(_props: ConsolePageProps) {
  return (
    <div className="manage-branches">
      <Switch>
        <Route path="/" component={BranchList} />
        <Route path="/new" component={NewBranch} />
        <Route path="/:id" component={EditBranch} />
      </Switch>
    </div>
  );
}

import type { StaffInvitation, StaffListItem } from '@sufra/shared/schemas/staff-admin';
import { useState } from 'react';
import { Link } from 'wouter';
import { LoadError } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { ConsolePageProps } from '../../console/console-pages';
import { ConfirmDialog } from '../../console/ui/confirm-dialog';
import { DataTable } from '../../console/ui/data-table';
import { PageHeader } from '../../console/ui/page-header';
import { listStaff, newStaffLink, staffListKey, updateStaff } from '../api/manage-staff';
import { EditAccessDialog } from '../components/edit-access-dialog';
import { InvitationLink } from '../components/invitation-link';
import '../manage-staff.css';
import { InviteForm } from '../components/invite-form';

/**
 * `/staff/manage/staff`: the brand's staff (an owner sees everyone, a manager the cashiers of their branches), an
 * invitation whose one-time link is shown to hand over (no e-mail is configured), and deactivate / reactivate
 * behind a confirm dialog (issue 26 item 9).
 */
export default function StaffPage({ user }: ConsolePageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const list = useApiQuery([...staffListKey, language], () => listStaff(language));
  const [inviting, setInviting] = useState(false);
  const [invitation, setInvitation] = useState<{ name: string; link: StaffInvitation } | null>(null);
  const [confirming, setConfirming] = useState<StaffListItem | null>(null);
  const [editing, setEditing] = useState<StaffListItem | null>(null);
  const toggle = useApiMutation(
    (s: StaffListItem) => updateStaff(s.id, { version: s.version, active: !s.active }, language),
    {
      invalidates: [staffListKey],
    },
  );

  const relink = useApiMutation((s: StaffListItem) => newStaffLink(s.id, language));
  const [relinking, setRelinking] = useState<StaffListItem | null>(null);

  const branchName = new Map(user.branches.map((b) => [b.id, b.name[language]]));
  const mayManage = (s: StaffListItem) =>
    s.id !== user.id && s.role !== 'owner' && (user.role === 'owner' || s.role === 'cashier');
  // Role and branches: an owner changes anyone's (owners' and their own too: the API keeps an active owner).
  const mayEdit = (s: StaffListItem) => user.role === 'owner' || mayManage(s);
  const statusOf = (s: StaffListItem) => (s.invited ? 'invited' : s.active ? 'active' : 'inactive');

  return (
    <div className="console-page manage-staff" data-testid="manage-staff">
      <PageHeader
        title={t('manageStaff.title')}
        lead={t('manageStaff.lead')}
        actions={
          <>
            <Link href={`~${paths.staffSessions.build()}`} className="btn btn-secondary" data-testid="my-sessions-link">
              {t('manageStaff.mySessions')}
            </Link>
            {!inviting && !invitation && (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => setInviting(true)}
                data-testid="staff-invite-open"
              >
                {t('manageStaff.invite')}
              </button>
            )}
          </>
        }
      />
      {inviting && (
        <InviteForm
          user={user}
          onCancel={() => setInviting(false)}
          onInvited={(name, link) => {
            setInviting(false);
            setInvitation({ name, link });
          }}
        />
      )}
      {invitation && (
        <InvitationLink name={invitation.name} invitation={invitation.link} onDone={() => setInvitation(null)} />
      )}
      {list.error !== undefined && <LoadError error={list.error} onRetry={list.refetch} />}
      <DataTable<StaffListItem>
        label={t('manageStaff.title')}
        testId="staff-table"
        rows={list.data?.staff}
        loading={list.loading}
        rowKey={(s) => s.id}
        filterText={(s) => `${s.name} ${s.email}`}
        emptyText={t('manageStaff.empty')}
        columns={[
          {
            id: 'name',
            header: t('manageStaff.nameAndEmail'),
            sortValue: (s) => s.name,
            cell: (s) => (
              <>
                <div>
                  {s.name}
                  {s.id === user.id && <span className="console-muted"> ({t('manageStaff.you')})</span>}
                </div>
                <bdi dir="ltr" className="console-muted manage-staff__email">
                  {s.email}
                </bdi>
              </>
            ),
          },
          {
            id: 'role',
            header: t('manageStaff.role'),
            sortValue: (s) => s.role,
            cell: (s) => t(`manageStaff.roles.${s.role}`),
          },
          {
            id: 'branches',
            header: t('manageStaff.branches'),
            cell: (s) =>
              s.role === 'owner'
                ? t('manageStaff.allBranches')
                : s.branchIds.map((id) => branchName.get(id) ?? `#${id}`).join(language === 'ar' ? '، ' : ', '),
          },
          {
            id: 'status',
            header: t('manageStaff.status'),
            sortValue: statusOf,
            cell: (s) => (
              <span
                className={`manage-staff__status manage-staff__status--${statusOf(s)}`}
                data-testid={`staff-status-${s.id}`}
              >
                {t(`manageStaff.statuses.${statusOf(s)}`)}
              </span>
            ),
          },
          {
            id: 'actions',
            header: t('manageStaff.actions'),
            cell: (s) =>
              mayEdit(s) && (
                <div className="manage-staff__row-actions">
                  <button
                    type="button"
                    className="btn btn-secondary manage-staff__toggle"
                    onClick={() => setEditing(s)}
                    aria-label={t('manageStaff.editLabel', { name: s.name })}
                    data-testid={`staff-edit-${s.id}`}
                  >
                    {t('manageStaff.edit')}
                  </button>
                  {mayManage(s) && (s.active || s.invited) && (
                    <button
                      type="button"
                      className="btn btn-secondary manage-staff__toggle"
                      disabled={relink.busy}
                      onClick={() => {
                        relink.reset();
                        setRelinking(s);
                      }}
                      data-testid={`staff-relink-${s.id}`}
                    >
                      {s.invited ? t('manageStaff.newInvitation') : t('manageStaff.resetPassword')}
                    </button>
                  )}
                  {mayManage(s) && !s.invited && (
                    <button
                      type="button"
                      className={`btn manage-staff__toggle ${s.active ? 'btn-secondary' : 'btn-primary'}`}
                      disabled={toggle.busy}
                      onClick={() => {
                        toggle.reset();
                        setConfirming(s);
                      }}
                      data-testid={`staff-toggle-${s.id}`}
                    >
                      {s.active ? t('manageStaff.deactivate') : t('manageStaff.reactivate')}
                    </button>
                  )}
                </div>
              ),
          },
        ]}
      />
      {editing && <EditAccessDialog user={user} account={editing} onDone={() => setEditing(null)} />}
      {relinking && (
        <ConfirmDialog
          title={t('manageStaff.relinkTitle', { name: relinking.name })}
          confirmLabel={t('manageStaff.send')}
          busy={relink.busy}
          error={relink.error !== undefined ? errorText(relink.error, language) : null}
          onCancel={() => setRelinking(null)}
          onConfirm={() => {
            relink.mutate(relinking).then(
              (link) => {
                setInviting(false);
                setInvitation({ name: relinking.name, link });
                setRelinking(null);
              },
              () => {},
            );
          }}
        >
          <p>{t('manageStaff.relinkBody')}</p>
        </ConfirmDialog>
      )}
      {confirming && (
        <ConfirmDialog
          title={t(confirming.active ? 'manageStaff.deactivateTitle' : 'manageStaff.reactivateTitle', {
            name: confirming.name,
          })}
          confirmLabel={confirming.active ? t('manageStaff.deactivate') : t('manageStaff.reactivate')}
          danger={confirming.active}
          busy={toggle.busy}
          error={toggle.error !== undefined ? errorText(toggle.error, language) : null}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            toggle.mutate(confirming).then(
              () => setConfirming(null),
              () => {},
            );
          }}
        >
          <p>{t(confirming.active ? 'manageStaff.deactivateBody' : 'manageStaff.reactivateBody')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

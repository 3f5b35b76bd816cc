import type { StaffRole, StaffUser } from '@sufra/shared/schemas/staff';
import type { StaffListItem } from '@sufra/shared/schemas/staff-admin';
import { useId, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { ConfirmDialog } from '../../console/ui/confirm-dialog';
import { staffListKey, updateStaff } from '../api/manage-staff';

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/**
 * A person's role and branches (issue 26 item 9). An owner sets any role, owner included, and any branch; a manager
 * only the branches of a cashier, among their own (the API refuses the rest too). Saved from the version read: when
 * someone saved first, their values replace the form's with the conflict message, to use or change and save again.
 */
export function EditAccessDialog({
  user,
  account,
  onDone,
}: {
  user: StaffUser;
  account: StaffListItem;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const hintId = useId();
  const roles: StaffRole[] = user.role === 'owner' ? ['cashier', 'manager', 'owner'] : ['cashier'];
  const [version, setVersion] = useState(account.version);
  const [role, setRole] = useState<StaffRole>(account.role);
  const [branchIds, setBranchIds] = useState<number[]>(sorted(account.branchIds));
  const [noBranch, setNoBranch] = useState(false);
  const save = useApiMutation(
    () => updateStaff(account.id, role === 'owner' ? { version, role } : { version, role, branchIds }, language),
    { invalidates: [staffListKey] },
  );
  const error = save.error;
  const conflict = error instanceof ApiError && error.code === 'edit_conflict';
  const message = noBranch ? t('manageStaff.pickBranch') : error !== undefined ? errorText(error, language) : null;

  return (
    <ConfirmDialog
      title={t('manageStaff.editTitle', { name: account.name })}
      confirmLabel={save.busy ? t('manageStaff.saving') : t('manageStaff.save')}
      busy={save.busy}
      error={message}
      onCancel={onDone}
      onConfirm={() => {
        if (role !== 'owner' && branchIds.length === 0) {
          setNoBranch(true);
          return;
        }
        setNoBranch(false);
        save.mutate().then(onDone, (caught: unknown) => {
          // Someone saved first: show their values, and save from their version if this one still stands.
          const current =
            caught instanceof ApiError ? (caught.details?.current as StaffListItem | undefined) : undefined;
          if (current) {
            setVersion(current.version);
            setRole(current.role);
            setBranchIds(sorted(current.branchIds));
          }
        });
      }}
    >
      <div className="manage-staff__edit" data-testid="staff-edit-form" data-conflict={conflict || undefined}>
        <p className="console-muted" id={hintId}>
          {t('manageStaff.editBody')}
        </p>
        {user.role === 'owner' && (
          <label className="field">
            <span className="field__label">{t('manageStaff.role')}</span>
            <select
              className="input"
              value={role}
              disabled={save.busy}
              onChange={(e) => setRole(e.target.value as StaffRole)}
              data-testid="staff-edit-role"
            >
              {roles.map((r) => (
                <option key={r} value={r}>
                  {t(`manageStaff.roles.${r}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        {role === 'owner' ? (
          <p data-testid="staff-edit-owner-branches">{t('manageStaff.ownerBranches')}</p>
        ) : (
          <fieldset className="manage-staff__branches" aria-describedby={hintId} data-testid="staff-edit-branches">
            <legend>{t('manageStaff.branches')}</legend>
            <div className="manage-staff__checks">
              {user.branches.map((b) => (
                <label key={b.id} className="manage-staff__check">
                  <input
                    type="checkbox"
                    disabled={save.busy}
                    checked={branchIds.includes(b.id)}
                    onChange={(e) =>
                      setBranchIds((ids) => sorted(e.target.checked ? [...ids, b.id] : ids.filter((id) => id !== b.id)))
                    }
                    data-testid={`staff-edit-branch-${b.id}`}
                  />
                  <span>{b.name[language]}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </div>
    </ConfirmDialog>
  );
}

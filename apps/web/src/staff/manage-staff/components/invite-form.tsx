import type { StaffUser } from '@sufra/shared/schemas/staff';
import type { StaffInvitation } from '@sufra/shared/schemas/staff-admin';
import { useId, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { FieldRow } from '../../console/ui/field-row';
import { inviteStaff, staffListKey } from '../api/manage-staff';

type InvitedRole = 'manager' | 'cashier';

/**
 * The invitation form: e-mail, name, role and branches. An owner invites managers and cashiers to any branch of the
 * brand; a manager only cashiers, only to their own branches (the API refuses the rest too).
 */
export function InviteForm({
  user,
  onInvited,
  onCancel,
}: {
  user: StaffUser;
  onInvited: (name: string, invitation: StaffInvitation) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const roles: InvitedRole[] = user.role === 'owner' ? ['cashier', 'manager'] : ['cashier'];
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<InvitedRole>('cashier');
  // One branch: ticked for them; several: the inviter chooses.
  const [branchIds, setBranchIds] = useState<number[]>(user.branches.length === 1 ? [user.branches[0]?.id ?? 0] : []);
  const [noBranch, setNoBranch] = useState(false);
  const invite = useApiMutation(() => inviteStaff({ email, name, role, branchIds }, language), {
    invalidates: [staffListKey],
  });
  const error = invite.error instanceof ApiError ? invite.error : null;
  const fieldError = (field: string) => (error?.fields?.[field] ? error.message : null);
  const branchError = noBranch && branchIds.length === 0 ? t('manageStaff.pickBranch') : fieldError('branchIds');
  const hintId = useId();
  const errorId = useId();
  const otherError = invite.error !== undefined && !error?.fields ? errorText(invite.error, language) : null;

  return (
    <form
      className="form console-form manage-staff__invite"
      noValidate
      data-testid="staff-invite-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (branchIds.length === 0) {
          setNoBranch(true);
          return;
        }
        invite.mutate().then(
          (result) => onInvited(name.trim(), result),
          () => {},
        );
      }}
    >
      <fieldset className="console-fieldset" disabled={invite.busy}>
        <legend>{t('manageStaff.inviteTitle')}</legend>
        {user.role === 'manager' && <p className="console-muted">{t('manageStaff.managerMayInvite')}</p>}
        <FieldRow id="staff-email" label={t('manageStaff.email')} error={fieldError('email')}>
          {(control) => (
            <input
              {...control}
              className="input input--ltr"
              dir="ltr"
              type="email"
              autoComplete="off"
              maxLength={254}
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              data-testid="staff-invite-email"
            />
          )}
        </FieldRow>
        <FieldRow id="staff-name" label={t('manageStaff.name')} error={fieldError('name')}>
          {(control) => (
            <input
              {...control}
              className="input"
              maxLength={80}
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
              data-testid="staff-invite-name"
            />
          )}
        </FieldRow>
        <FieldRow id="staff-role" label={t('manageStaff.role')} error={fieldError('role')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={role}
              onChange={(e) => setRole(e.target.value as InvitedRole)}
              data-testid="staff-invite-role"
            >
              {roles.map((r) => (
                <option key={r} value={r}>
                  {t(`manageStaff.roles.${r}`)}
                </option>
              ))}
            </select>
          )}
        </FieldRow>
        <fieldset
          className="manage-staff__branches"
          aria-describedby={branchError ? `${errorId} ${hintId}` : hintId}
          data-testid="staff-invite-branches"
        >
          <legend>{t('manageStaff.branches')}</legend>
          <div className="manage-staff__checks">
            {user.branches.map((b) => (
              <label key={b.id} className="manage-staff__check">
                <input
                  type="checkbox"
                  checked={branchIds.includes(b.id)}
                  onChange={(e) =>
                    setBranchIds((ids) => (e.target.checked ? [...ids, b.id] : ids.filter((id) => id !== b.id)))
                  }
                />
                <span>{b.name[language]}</span>
              </label>
            ))}
          </div>
          <p id={hintId} className="field__hint">
            {t('manageStaff.branchesHint')}
          </p>
          {branchError && (
            <p id={errorId} className="field__error" data-testid="staff-invite-branches-error">
              {branchError}
            </p>
          )}
        </fieldset>
        {otherError && (
          <p className="form-alert" role="alert" data-testid="staff-invite-error">
            {otherError}
          </p>
        )}
        <div className="manage-staff__actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t('manageStaff.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={invite.busy} data-testid="staff-invite-send">
            {invite.busy ? t('manageStaff.sending') : t('manageStaff.send')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

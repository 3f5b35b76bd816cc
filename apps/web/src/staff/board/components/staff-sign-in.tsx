import type { StaffUser } from '@sufra/shared/schemas/staff';
import { FormAlert, FormField } from '../../../components/ui/form-field';
import { useTranslation } from '../../../lib/use-translation';
import { useStaffSignIn } from '../hooks/use-staff-sign-in';

/** Email + password. Wrong credentials: "The email or password is incorrect"; too many tries: the wait. */
export function StaffSignIn({ onSignedIn }: { onSignedIn: (user: StaffUser) => void }) {
  const { t } = useTranslation();
  const { email, setEmail, password, setPassword, errors, formError, busy, formRef, passwordRef, onSubmit } =
    useStaffSignIn(onSignedIn);

  return (
    <div className="page staff-sign-in" data-testid="staff-sign-in">
      <h1>{t('staff.signInTitle')}</h1>
      <p className="page__lead">{t('staff.signInLead')}</p>
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <FormField id="staff-email" label={t('staff.email')} error={errors.email}>
          {(control) => (
            <input
              {...control}
              className="input input--ltr"
              type="email"
              dir="ltr"
              autoComplete="username"
              inputMode="email"
              maxLength={254}
              value={email}
              disabled={busy}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </FormField>
        <FormField id="staff-password" label={t('staff.password')} error={errors.password}>
          {(control) => (
            <input
              {...control}
              ref={passwordRef}
              className="input input--ltr"
              type="password"
              dir="ltr"
              autoComplete="current-password"
              maxLength={200}
              value={password}
              disabled={busy}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </FormField>
        <FormAlert message={formError} testId="staff-sign-in-error" />
        <button type="submit" className="btn btn-primary btn-block btn-large" disabled={busy}>
          {busy ? t('staff.signingIn') : t('staff.signIn')}
        </button>
      </form>
    </div>
  );
}

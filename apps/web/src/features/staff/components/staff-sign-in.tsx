import { errorMessage } from '@sufra/shared/messages/errors';
import type { StaffUser } from '@sufra/shared/schemas/staff';
import { type FormEvent, useRef, useState } from 'react';
import { FormAlert, FormField } from '../../../components/ui/form-field';
import { useFocusFirstError } from '../../../components/ui/use-focus-first-error';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatWait } from '../../../lib/format-number';
import { markStaffSignedIn } from '../../../lib/staff-request';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { staffLogin } from '../api/staff-login';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/i;

/** Email + password. Wrong credentials: "The email or password is incorrect"; too many tries: the wait. */
export function StaffSignIn({ onSignedIn }: { onSignedIn: (user: StaffUser) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useFocusFirstError(formRef, errors);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (email.trim() === '') found.email = errorMessage('email_required', language);
    else if (!EMAIL_PATTERN.test(email.trim())) found.email = errorMessage('email_invalid', language);
    if (password === '') found.password = errorMessage('field_required', language);
    setErrors(found);
    setFormError(null);
    if (found.email || found.password) return;
    setBusy(true);
    try {
      const response = await staffLogin({ email: email.trim(), password }, language);
      markStaffSignedIn();
      onSignedIn(response.user);
    } catch (error) {
      let message = errorText(error, language);
      if (error instanceof ApiError && error.status === 429 && error.retryAfter !== undefined) {
        message = `${message} ${t('account.retryIn', { time: formatWait(error.retryAfter, language) })}`;
      }
      setFormError(message);
      setPassword('');
      passwordRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

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

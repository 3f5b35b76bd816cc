import type { StaffUser } from '@sufra/shared/schemas/staff';
import { type FormEvent, useRef, useState } from 'react';
import { useFocusFirstError } from '../../../components/ui/use-focus-first-error';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatWait } from '../../../lib/format-number';
import { markStaffSignedIn } from '../../../lib/staff-request';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { staffLogin } from '../api/staff-login';
import { type SignInFieldErrors, signInFieldErrors } from '../sign-in-fields';

/**
 * The staff sign-in form's state and submit. A refused sign-in empties the password and puts the focus back in it;
 * too many tries adds the wait to the message.
 */
export function useStaffSignIn(onSignedIn: (user: StaffUser) => void) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<SignInFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useFocusFirstError(formRef, errors);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = signInFieldErrors(email, password, language);
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

  return { email, setEmail, password, setPassword, errors, formError, busy, formRef, passwordRef, onSubmit };
}

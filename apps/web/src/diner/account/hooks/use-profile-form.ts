import type { Customer } from '@sufra/shared/schemas/customer';
import { type FormEvent, useRef, useState } from 'react';
import { useFocusFirstError } from '../../../components/ui/use-focus-first-error';
import {
  clearFixedErrors,
  editedProfileProblems,
  emailError,
  type FieldErrors,
  nameError,
  splitApiError,
} from '../../../lib/account-form';
import { formatWait } from '../../../lib/format-number';
import { showToast } from '../../../lib/toast';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { login } from '../../../stores/auth-slice';
import { useAppDispatch } from '../../../stores/root-state';
import { updateProfile } from '../api/update-profile';
import { type ProfileValues, profileBody } from '../components/profile-fields';

const PROFILE_FIELDS = ['fullName', 'email', 'ageGroup', 'gender', 'city'] as const;

function valuesOf(customer: Customer): ProfileValues {
  return {
    fullName: customer.fullName,
    email: customer.email ?? '',
    ageGroup: customer.ageGroup ?? '',
    gender: customer.gender ?? '',
    city: customer.city ?? '',
  };
}

/**
 * The profile form's state in one place: the values, the field and form errors, and whether it is saving; `change`
 * and `submit` are the only ways to move it. Checked here as on registration, then by the server.
 */
export function useProfileForm(uuid: string, customer: Customer) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(customer));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useFocusFirstError(formRef, errors);

  const change = (next: ProfileValues) => {
    // As on registration: a fixed field's error goes at once.
    setErrors((current) => clearFixedErrors(current, editedProfileProblems(values, next, language)));
    setValues(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    const name = nameError(values.fullName, language);
    if (name) found.fullName = name;
    const email = emailError(values.email, language);
    if (email) found.email = email;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const updated = await updateProfile(uuid, profileBody(values), language);
      dispatch(login({ userData: updated }));
      setValues(valuesOf(updated));
      void showToast(t('account.profileSaved'));
    } catch (error) {
      const split = splitApiError(error, language, PROFILE_FIELDS, (s) =>
        t('account.retryIn', { time: formatWait(s, language) }),
      );
      setErrors(split.fields);
      setFormError(split.form);
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, formError, busy, formRef, change, submit };
}

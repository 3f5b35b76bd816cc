import type { ReactNode } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { AGE_GROUP_AGES, AGE_GROUP_OPTIONS, type FieldErrors, GENDER_OPTIONS } from '../../../lib/account-form';
import { useTranslation } from '../../../lib/use-translation';

export interface ProfileValues {
  fullName: string;
  email: string;
  ageGroup: string;
  gender: string;
  city: string;
}

export const emptyProfile: ProfileValues = { fullName: '', email: '', ageGroup: '', gender: '', city: '' };

/** The profile body the API takes: empty optional choices are sent as null. */
export function profileBody(values: ProfileValues) {
  return {
    fullName: values.fullName.trim(),
    email: values.email.trim(),
    ageGroup: (values.ageGroup || null) as (typeof AGE_GROUP_OPTIONS)[number] | null,
    gender: (values.gender || null) as (typeof GENDER_OPTIONS)[number] | null,
    city: values.city.trim() || null,
  };
}

interface Props {
  values: ProfileValues;
  onChange: (values: ProfileValues) => void;
  errors: FieldErrors;
  disabled?: boolean;
  /** Rendered between the name and the email (the registration form puts the mobile there). */
  afterName?: ReactNode;
}

/** What each group of fields needs: the values, a patch to them, the errors and whether the form is busy. */
interface FieldGroup {
  values: ProfileValues;
  set: (patch: Partial<ProfileValues>) => void;
  errors: FieldErrors;
  disabled: boolean;
}

/** Full name, email, age group, gender and city (spec §3), shared by registration and edit profile. */
export function ProfileFields({ values, onChange, errors, disabled = false, afterName }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<ProfileValues>) => onChange({ ...values, ...patch });
  const group: FieldGroup = { values, set, errors, disabled };
  return (
    <>
      <FormField id="fullName" label={t('account.fullName')} error={errors.fullName}>
        {(control) => (
          <input
            {...control}
            className="input"
            autoComplete="name"
            maxLength={80}
            value={values.fullName}
            disabled={disabled}
            onChange={(event) => set({ fullName: event.target.value })}
          />
        )}
      </FormField>
      {afterName}
      <FormField id="email" label={t('account.email')} error={errors.email} optional>
        {(control) => (
          <input
            {...control}
            className="input input--ltr"
            type="email"
            dir="ltr"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            value={values.email}
            disabled={disabled}
            onChange={(event) => set({ email: event.target.value })}
          />
        )}
      </FormField>
      <AgeGroupAndCity {...group} />
      <GenderChoice {...group} />
    </>
  );
}

/** Age group and city, side by side. */
function AgeGroupAndCity({ values, set, errors, disabled }: FieldGroup) {
  const { t } = useTranslation();
  return (
    <div className="field-row">
      <FormField id="ageGroup" label={t('account.ageGroup')} error={errors.ageGroup} optional>
        {(control) => (
          <select
            {...control}
            className="input"
            value={values.ageGroup}
            disabled={disabled}
            onChange={(event) => set({ ageGroup: event.target.value })}
          >
            <option value="">{t('account.choose')}</option>
            {AGE_GROUP_OPTIONS.map((group) => (
              <option key={group} value={group}>
                {t(`account.ageGroups.${group}`, AGE_GROUP_AGES[group])}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="city" label={t('account.city')} error={errors.city} optional>
        {(control) => (
          <input
            {...control}
            className="input"
            autoComplete="address-level2"
            maxLength={60}
            value={values.city}
            disabled={disabled}
            onChange={(event) => set({ city: event.target.value })}
          />
        )}
      </FormField>
    </div>
  );
}

/** Gender as radio buttons in a fieldset, with its error below them. */
function GenderChoice({ values, set, errors, disabled }: FieldGroup) {
  const { t } = useTranslation();
  return (
    <fieldset className="choice-group" aria-describedby={errors.gender ? 'gender-error' : undefined}>
      <legend>
        {t('account.gender')} <span className="field__optional">({t('form.optional')})</span>
      </legend>
      {GENDER_OPTIONS.map((gender) => (
        <label key={gender} className="choice">
          <input
            type="radio"
            name="gender"
            value={gender}
            checked={values.gender === gender}
            disabled={disabled}
            onChange={() => set({ gender })}
          />
          <span>{t(`account.genders.${gender}`)}</span>
        </label>
      ))}
      {errors.gender && (
        <p id="gender-error" className="field__error">
          {errors.gender}
        </p>
      )}
    </fieldset>
  );
}

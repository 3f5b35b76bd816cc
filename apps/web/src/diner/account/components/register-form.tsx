import type { FormEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-field';
import { PhoneField } from '../../../components/ui/phone-field';
import { formatWait } from '../../../lib/format-number';
import { forgetReferralCode } from '../../../lib/referral-code';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { RegisterForm as RegisterFormState } from '../hooks/use-register-form';
import { ProfileFields } from './profile-fields';
import { ReferralCodeField } from './referral-code-field';

/** The first step of `/register/{uuid}`: the profile and mobile (registration) or the mobile alone (sign-in). */
export function RegisterForm({ form: s, onSubmit }: { form: RegisterFormState; onSubmit: (event: FormEvent) => void }) {
  const { t } = useTranslation();
  return (
    <form ref={s.formRef} className="form" noValidate onSubmit={onSubmit} data-testid="account-form">
      {s.completing && <p className="form-notice">{t('account.completeRegistration')}</p>}
      {s.mode === 'register' ? (
        <ProfileFields
          values={s.profile}
          onChange={s.editProfile}
          errors={s.errors}
          disabled={s.busy}
          afterName={
            <PhoneField
              id="phone"
              value={s.phone}
              onChange={s.editPhone}
              error={s.errors.phone}
              disabled={s.busy || s.completing}
            />
          }
        />
      ) : (
        <PhoneField id="phone" value={s.phone} onChange={s.editPhone} error={s.errors.phone} disabled={s.busy} />
      )}
      {s.mode === 'register' && s.referralCode !== null && (
        <ReferralCodeField
          value={s.referralCode}
          onChange={(next) => {
            s.setReferralCode(next);
            if (s.errors.referralCode) s.setErrors(({ referralCode: _, ...rest }) => rest);
          }}
          onRemove={() => {
            s.setReferralCode(null);
            forgetReferralCode();
            s.setErrors(({ referralCode: _, ...rest }) => rest);
          }}
          error={s.errors.referralCode}
          disabled={s.busy}
        />
      )}
      <FormAlert message={s.formError} />
      <SubmitButton form={s} />
      {!s.completing && (
        <p className="account-page__switch">
          {s.mode === 'register' ? t('account.haveAccount') : t('account.noAccount')}{' '}
          <button
            type="button"
            className="link-button"
            data-testid="mode-switch"
            onClick={() => s.switchMode(s.mode === 'register' ? 'signin' : 'register')}
          >
            {s.mode === 'register' ? t('account.signIn') : t('account.register')}
          </button>
        </p>
      )}
    </form>
  );
}

function SubmitButton({ form: s }: { form: RegisterFormState }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <button
      type="submit"
      className="btn btn-primary btn-block btn-large"
      disabled={s.busy || (!s.completing && s.blockedFor > 0)}
    >
      {s.busy
        ? t('account.sending')
        : s.completing
          ? t('account.register')
          : s.blockedFor > 0
            ? t('account.sendCodeIn', { time: formatWait(s.blockedFor, language) })
            : t('account.sendCode')}
    </button>
  );
}

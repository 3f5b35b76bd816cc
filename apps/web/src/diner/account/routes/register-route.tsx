import { useParams, useSearchParams } from 'wouter';
import { paths, safeReturnPath } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { useBrandName } from '../../../stores/use-brand-name';
import { AlreadySignedIn } from '../components/already-signed-in';
import { CodeStep } from '../components/code-step';
import { RegisterForm } from '../components/register-form';
import { useRegisterForm } from '../hooks/use-register-form';
import { useRegisterSubmit } from '../hooks/use-register-submit';
import '../../../components/ui/form.css';
import './account.css';

/**
 * `/register/{uuid}`: registration (name, mobile, email, age group, gender, city) or sign-in (mobile only), then the
 * 4-digit code. A sign-in with an unknown number answers 409 registration_required: the registration fields appear
 * and the same code completes the registration.
 */
export default function RegisterRoute() {
  const { t } = useTranslation();
  const brandName = useBrandName();
  const { uuid = '' } = useParams();
  const [search] = useSearchParams();
  const status = useAppSelector((s) => s.auth.status);
  const next = safeReturnPath(search.get('next')) ?? paths.menu.build(uuid);
  const form = useRegisterForm(uuid);
  const { sendCode, verify, onSubmitForm } = useRegisterSubmit(form, uuid, next);

  const title = form.mode === 'signin' ? t('account.signInTitle') : t('account.registerTitle');

  if (status === 'signedIn' && !form.justSignedIn) {
    return <AlreadySignedIn uuid={uuid} title={title} brandName={brandName} next={next} />;
  }

  return (
    <div className="page account-page" data-testid="register-page">
      <title>{`${title} | ${brandName}`}</title>
      <h1 ref={form.headingRef} tabIndex={-1}>
        {form.step === 'code' ? t('account.codeTitle') : title}
      </h1>
      {form.step === 'code' && form.otp ? (
        <CodeStep
          otp={form.otp}
          code={form.code}
          onCode={(digits) => {
            form.setCode(digits);
            if (form.errors.code) form.setErrors({});
          }}
          onSubmit={(digits) => void verify(digits, form.mode === 'register')}
          onResend={() => void sendCode()}
          onChangeNumber={() => {
            form.setOtp(null);
            form.setCode('');
            form.setErrors({});
            form.setFormError(null);
          }}
          error={form.errors.code ?? null}
          formError={form.formError}
          busy={form.busy}
          inputRef={form.codeRef}
          blockedUntil={form.blockedUntil}
        />
      ) : (
        <RegisterForm form={form} onSubmit={onSubmitForm} />
      )}
    </div>
  );
}

import { formatPhone, splitE164 } from '@sufra/shared/phone/phone-number';
import type { OtpRequestResponse } from '@sufra/shared/schemas/auth';
import type { Customer } from '@sufra/shared/schemas/customer';
import { type FormEvent, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { FormAlert } from '../../../components/ui/form-field';
import { PageFallback } from '../../../components/ui/page-fallback';
import { PhoneField } from '../../../components/ui/phone-field';
import { useFocusFirstError } from '../../../components/ui/use-focus-first-error';
import { paths } from '../../../config/paths';
import {
  clearFixedErrors,
  editedProfileProblems,
  emailError,
  type FieldErrors,
  nameError,
  type PhoneValue,
  phoneError,
  splitApiError,
} from '../../../lib/account-form';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatNumber, formatWait } from '../../../lib/format-number';
import { showToast } from '../../../lib/toast';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { login } from '../../../stores/auth-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { changePhone } from '../api/change-phone';
import { deleteAccount } from '../api/delete-account';
import { logoutCustomer } from '../api/logout';
import { requestOtp } from '../api/request-otp';
import { updateProfile } from '../api/update-profile';
import { AddressBook } from '../components/address-book';
import { CodeStep } from '../components/code-step';
import { ProfileFields, type ProfileValues, profileBody } from '../components/profile-fields';
import { useSecondsUntil } from '../hooks/use-seconds-until';
import '../../../components/ui/form.css';
import './account.css';
import { useBrandName } from '../../../stores/use-brand-name';

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
 * `/edit-profile/{uuid}`: signed-in only (otherwise sign-in, coming back here). `loyaltyCard` is the loyalty feature's
 * compact card with its link to My Rewards, given by the router (features do not import each other).
 */
export default function EditProfileRoute({ loyaltyCard }: { loyaltyCard?: ReactNode }) {
  const { t } = useTranslation();
  const brandName = useBrandName();
  const { uuid = '' } = useParams();
  const [, navigate] = useLocation();
  const status = useAppSelector((s) => s.auth.status);
  const customer = useAppSelector((s) => s.auth.userData);

  useEffect(() => {
    if (status === 'signedOut') {
      navigate(paths.register.build(uuid, { mode: 'signin', next: paths.editProfile.build(uuid) }), { replace: true });
    }
  }, [status, uuid, navigate]);

  const title = t('account.editProfile');
  if (status !== 'signedIn' || !customer) {
    return (
      <>
        <title>{`${title} | ${brandName}`}</title>
        <PageFallback />
      </>
    );
  }
  return (
    <div className="page account-page" data-testid="edit-profile-page">
      <title>{`${title} | ${brandName}`}</title>
      <h1>{title}</h1>
      <ProfileSummary customer={customer} />
      <Link to={paths.orders.build(uuid)} className="btn btn-secondary" data-testid="my-orders-link">
        {t('account.myOrders')}
      </Link>
      {/* Loads on its own: the page stays while it does. */}
      <Suspense fallback={null}>{loyaltyCard}</Suspense>
      <ProfileForm uuid={uuid} customer={customer} />
      <PhoneChange uuid={uuid} customer={customer} />
      <AddressBook uuid={uuid} />
      <SignOut uuid={uuid} />
      <DeleteAccount uuid={uuid} />
    </div>
  );
}

function ProfileSummary({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const since = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', { dateStyle: 'medium' }).format(
    new Date(customer.memberSince),
  );
  return (
    <dl className="card profile-summary" data-testid="profile-summary">
      <div>
        <dt>{t('account.mobile')}</dt>
        <dd>
          <bdi dir="ltr" className="phone-number" data-testid="profile-phone">
            {formatPhone(customer.phone)}
          </bdi>
        </dd>
      </div>
      <div>
        <dt>{t('account.memberSince')}</dt>
        <dd>{since}</dd>
      </div>
      <div>
        <dt>{t('account.walletPoints')}</dt>
        <dd>{formatNumber(customer.walletPoints, language)}</dd>
      </div>
      <div>
        <dt>{t('account.lifetimePoints')}</dt>
        <dd>{formatNumber(customer.lifetimePoints, language)}</dd>
      </div>
    </dl>
  );
}

function ProfileForm({ uuid, customer }: { uuid: string; customer: Customer }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(customer));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useFocusFirstError(formRef, errors);

  const onSubmit = async (event: FormEvent) => {
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

  return (
    <section className="section" aria-labelledby="profile-heading">
      <h2 id="profile-heading">{t('account.profile')}</h2>
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} data-testid="profile-form">
        <ProfileFields
          values={values}
          onChange={(next) => {
            // As on registration: a fixed field's error goes at once.
            setErrors((current) => clearFixedErrors(current, editedProfileProblems(values, next, language)));
            setValues(next);
          }}
          errors={errors}
          disabled={busy}
        />
        <FormAlert message={formError} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t('account.saving') : t('account.save')}
        </button>
      </form>
    </section>
  );
}

/** Changing the mobile: a code goes to the new number (purpose change_phone), then the change is confirmed with it. */
function PhoneChange({ uuid, customer }: { uuid: string; customer: Customer }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [phone, setPhone] = useState<PhoneValue>(() => {
    const split = splitE164(customer.phone);
    return { dial: split.dial_code, number: '' };
  });
  const [otp, setOtp] = useState<OtpRequestResponse | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLDivElement>(null);
  const [blockedUntil, setBlockedUntil] = useState<number | null>(null);
  const blockedFor = useSecondsUntil(blockedUntil);
  const waitText = (s: number) => t('account.retryIn', { time: formatWait(s, language) });

  useEffect(() => {
    if (otp) codeRef.current?.focus();
  }, [otp]);

  const close = () => {
    setOpen(false);
    setOtp(null);
    setCode('');
    setErrors({});
    setFormError(null);
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const problem = phoneError(phone, language);
    if (problem) {
      setErrors({ phone: problem });
      phoneInput.current?.querySelector<HTMLElement>('input')?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      const sent = await requestOtp(
        uuid,
        { phone: { phone_number: phone.number, dial_code: phone.dial }, purpose: 'change_phone' },
        language,
      );
      setOtp(sent);
      setCode('');
    } catch (error) {
      if (error instanceof ApiError && error.status === 429 && error.retryAfter !== undefined) {
        setBlockedUntil(Date.now() + error.retryAfter * 1000);
      }
      const split = splitApiError(error, language, ['phone'], waitText);
      // A refused number (e.g. "This phone number is used") goes back to the number.
      setOtp(null);
      setErrors(split.fields);
      setFormError(split.form);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (digits: string) => {
    if (!otp || busy) return;
    setBusy(true);
    setFormError(null);
    try {
      const updated = await changePhone(uuid, { requestId: otp.requestId, code: digits }, language);
      dispatch(login({ userData: updated }));
      void showToast(t('account.phoneChanged'));
      close();
    } catch (error) {
      const split = splitApiError(error, language, ['code', 'phone'], waitText);
      if (split.fields.phone) {
        setOtp(null);
        setErrors({ phone: split.fields.phone });
      } else {
        setErrors(split.fields);
        setCode('');
        requestAnimationFrame(() => codeRef.current?.focus());
      }
      setFormError(split.form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="section" aria-labelledby="phone-heading" data-testid="phone-change">
      <h2 id="phone-heading">{t('account.mobile')}</h2>
      <p>
        <bdi dir="ltr" className="phone-number">
          {formatPhone(customer.phone)}
        </bdi>
      </p>
      {!open && (
        <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
          {t('account.changeMobile')}
        </button>
      )}
      {open && !otp && (
        <form className="form" noValidate onSubmit={(event) => void send(event)}>
          <div ref={phoneInput}>
            <PhoneField
              id="new-phone"
              label={t('account.newMobile')}
              value={phone}
              onChange={setPhone}
              error={errors.phone}
              disabled={busy}
            />
          </div>
          <FormAlert message={formError} />
          <div className="page__actions">
            <button type="submit" className="btn btn-primary" disabled={busy || blockedFor > 0}>
              {busy
                ? t('account.sending')
                : blockedFor > 0
                  ? t('account.sendCodeIn', { time: formatWait(blockedFor, language) })
                  : t('account.sendCode')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={close} disabled={busy}>
              {t('account.cancel')}
            </button>
          </div>
        </form>
      )}
      {open && otp && (
        <CodeStep
          otp={otp}
          code={code}
          onCode={setCode}
          onSubmit={(digits) => void confirm(digits)}
          onResend={() => void send()}
          onChangeNumber={() => {
            setOtp(null);
            setCode('');
            setErrors({});
            setFormError(null);
          }}
          error={errors.code ?? null}
          formError={formError}
          busy={busy}
          inputRef={codeRef}
          blockedUntil={blockedUntil}
        />
      )}
    </section>
  );
}

function SignOut({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  return (
    <section className="section">
      <button
        type="button"
        className="btn btn-secondary btn-block"
        data-testid="sign-out"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          // Leave first: the page would otherwise send the signed-out diner to the sign-in form.
          navigate(paths.menu.build(uuid), { replace: true });
          logoutCustomer(uuid, language)
            .catch(() => {
              // Signed out in this browser anyway (logoutCustomer); the cookies expire on their own.
            })
            .finally(() => void showToast(t('account.signedOut'), 'info'));
        }}
      >
        {t('account.signOut')}
      </button>
    </section>
  );
}

/** Deleting the account asks once more; then every tab signs out. */
function DeleteAccount({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      navigate(paths.menu.build(uuid), { replace: true });
      await deleteAccount(uuid, language);
      void showToast(t('account.deleted'), 'info');
    } catch (cause) {
      setError(errorText(cause, language));
      setBusy(false);
    }
  };

  return (
    <section className="section" aria-labelledby="delete-heading">
      <h2 id="delete-heading">{t('account.deleteTitle')}</h2>
      {!confirming ? (
        <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
          {t('account.deleteAccount')}
        </button>
      ) : (
        <div className="confirm-box" data-testid="delete-account-confirm">
          <span>{t('account.deleteConfirm')}</span>
          <button
            ref={confirmButton}
            type="button"
            className="btn btn-small btn-danger"
            disabled={busy}
            onClick={() => void remove()}
          >
            {t('account.deleteYes')}
          </button>
          <button
            type="button"
            className="btn btn-small btn-secondary"
            disabled={busy}
            onClick={() => setConfirming(false)}
          >
            {t('account.cancel')}
          </button>
        </div>
      )}
      <FormAlert message={error} />
    </section>
  );
}

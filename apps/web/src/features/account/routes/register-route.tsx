import { errorMessage } from '@sufra/shared/messages/errors';
import type { OtpRequestResponse, SessionResponse } from '@sufra/shared/schemas/auth';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import { FormAlert } from '../../../components/ui/form-field';
import { PhoneField } from '../../../components/ui/phone-field';
import { useFocusFirstError } from '../../../components/ui/use-focus-first-error';
import { paths, safeReturnPath } from '../../../config/paths';
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
import { ApiError } from '../../../lib/api-client';
import { formatWait } from '../../../lib/format-number';
import { forgetReferralCode, rememberedReferralCode } from '../../../lib/referral-code';
import { markSignedIn } from '../../../lib/session-hint';
import { showToast } from '../../../lib/toast';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { login } from '../../../stores/auth-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { requestOtp } from '../api/request-otp';
import { verifyOtp } from '../api/verify-otp';
import { CodeStep } from '../components/code-step';
import { emptyProfile, ProfileFields, type ProfileValues, profileBody } from '../components/profile-fields';
import { ReferralCodeField } from '../components/referral-code-field';
import { useSecondsUntil } from '../hooks/use-seconds-until';
import '../../../components/ui/form.css';
import './account.css';
import { useBrandName } from '../../../stores/use-brand-name';

type Mode = 'register' | 'signin';
const FORM_FIELDS = ['fullName', 'phone', 'email', 'ageGroup', 'gender', 'city', 'referralCode'] as const;

/**
 * `/register/{uuid}`: registration (name, mobile, email, age group, gender, city) or sign-in (mobile only), then the
 * 4-digit code. A sign-in with an unknown number answers 409 registration_required: the registration fields appear
 * and the same code completes the registration.
 */
export default function RegisterRoute() {
  const { t } = useTranslation();
  const language = useLanguage();
  const brandName = useBrandName();
  const dispatch = useAppDispatch();
  const { uuid = '' } = useParams();
  const [search] = useSearchParams();
  const [, navigate] = useLocation();
  const status = useAppSelector((s) => s.auth.status);
  const signedInName = useAppSelector((s) => s.auth.userData?.fullName);
  const next = safeReturnPath(search.get('next')) ?? paths.menu.build(uuid);

  const urlMode: Mode = search.get('mode') === 'signin' ? 'signin' : 'register';
  const [mode, setMode] = useState<Mode>(urlMode);
  /** The address names the form (a link, a reload or Back opens the same one); the form follows Back and Forward. */
  const modeUrl = (target: Mode) =>
    paths.register.build(uuid, {
      mode: target === 'signin' ? 'signin' : undefined,
      next: search.get('next') ?? undefined,
    });
  const [profile, setProfile] = useState<ProfileValues>(emptyProfile);
  const [phone, setPhone] = useState<PhoneValue>({ dial: '966', number: '' });
  const [otp, setOtp] = useState<OtpRequestResponse | null>(null);
  const [code, setCode] = useState('');
  /** A sign-in found no customer: the form asks the profile and completes with the code already entered. */
  const [completing, setCompleting] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [justSignedIn, setJustSignedIn] = useState(false);
  const brandId = useAppSelector((s) =>
    s.establishment.establishment?.uuid === uuid ? s.establishment.establishment.brand.id : undefined,
  );
  /** A friend's referral code remembered from their invitation (null: the form has no code field). */
  const [referralCode, setReferralCode] = useState<string | null>(null);
  useEffect(() => {
    const remembered = rememberedReferralCode(brandId);
    if (remembered) setReferralCode(remembered);
  }, [brandId]);
  /** After a 429 on sending, the send button waits out Retry-After (with a countdown). */
  const [blockedUntil, setBlockedUntil] = useState<number | null>(null);
  const blockedFor = useSecondsUntil(blockedUntil);
  const codeRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const step = otp && !completing ? 'code' : 'form';
  // A field's error goes as soon as its value is valid: an error beside a fixed field reads as if it were still wrong.
  const editProfile = (next: ProfileValues) => {
    setErrors((current) => clearFixedErrors(current, editedProfileProblems(profile, next, language)));
    setProfile(next);
  };
  const editPhone = (next: PhoneValue) => {
    setErrors((current) => clearFixedErrors(current, { phone: phoneError(next, language) }));
    setPhone(next);
  };
  const waitText = (seconds: number) => t('account.retryIn', { time: formatWait(seconds, language) });

  // Focus follows the step: the code input when the code is sent, the first error when a form is refused.
  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);
  useFocusFirstError(formRef, errors);

  const title = mode === 'signin' ? t('account.signInTitle') : t('account.registerTitle');

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    const phoneProblem = phoneError(phone, language);
    if (phoneProblem) found.phone = phoneProblem;
    if (mode === 'register') {
      const name = nameError(profile.fullName, language);
      if (name) found.fullName = name;
      const email = emailError(profile.email, language);
      if (email) found.email = email;
      if (referralCode !== null && referralCode.trim() === '') {
        found.referralCode = errorMessage('referral_code_required', language);
      }
    }
    return found;
  };

  const sendCode = async () => {
    setBusy(true);
    setFormError(null);
    try {
      const sent = await requestOtp(uuid, { phone: { phone_number: phone.number, dial_code: phone.dial } }, language);
      setOtp(sent);
      setCode('');
      setErrors({});
    } catch (error) {
      if (error instanceof ApiError && error.status === 429 && error.retryAfter !== undefined) {
        setBlockedUntil(Date.now() + error.retryAfter * 1000);
      }
      const split = splitApiError(error, language, FORM_FIELDS, waitText);
      if (step === 'code') {
        // A refused resend: the message goes under the code step (the number itself is not on screen).
        setErrors({});
        setFormError(split.form ?? split.fields.phone ?? null);
      } else {
        setErrors(split.fields);
        setFormError(split.form);
      }
    } finally {
      setBusy(false);
    }
  };

  const finish = async (response: SessionResponse, withProfile: boolean) => {
    dispatch(login({ userData: response.customer, session: response.session }));
    // Registered (the code counted) or signed in (a code means nothing to a customer already): done with it.
    forgetReferralCode();
    markSignedIn(response.customer.brandId);
    setJustSignedIn(true);
    const message =
      response.created === true
        ? t('account.welcome', { name: response.customer.fullName })
        : withProfile
          ? t('account.alreadyRegistered')
          : t('account.welcomeBack', { name: response.customer.fullName });
    void showToast(message, response.created === false && withProfile ? 'info' : 'success');
    navigate(next, { replace: true });
  };

  const verify = async (digits: string, withProfile: boolean) => {
    if (!otp || busy) return;
    setBusy(true);
    setFormError(null);
    try {
      const response = await verifyOtp(
        uuid,
        {
          requestId: otp.requestId,
          code: digits,
          ...(withProfile ? { profile: profileBody(profile) } : {}),
          ...(withProfile && referralCode !== null ? { referralCode } : {}),
        },
        language,
      );
      await finish(response, withProfile);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'registration_required') {
        // Same code, one more call with the profile (the server keeps it usable until it expires).
        setMode('register');
        navigate(modeUrl('register'), { replace: true });
        setCompleting(true);
        setErrors({});
        setFormError(null);
        requestAnimationFrame(() => headingRef.current?.focus());
        return;
      }
      if (error instanceof ApiError && error.code.startsWith('referral_code')) {
        // The referral code was refused before anything was written: back to the form to fix it, same code.
        setCompleting(true);
        setErrors({ referralCode: error.message });
        setFormError(null);
        return;
      }
      const split = splitApiError(error, language, completing ? FORM_FIELDS : ['code'], waitText);
      if (completing && error instanceof ApiError && error.code.startsWith('otp_')) {
        // The code is no longer usable: back to the code step for a new one.
        setCompleting(false);
        setCode('');
        setErrors({ code: error.message });
        return;
      }
      setErrors(split.fields);
      setFormError(split.form);
      if (!completing) {
        setCode('');
        requestAnimationFrame(() => codeRef.current?.focus());
      }
    } finally {
      setBusy(false);
    }
  };

  const onSubmitForm = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (completing) void verify(code, true);
    else void sendCode();
  };

  const showMode = (target: Mode) => {
    setMode(target);
    setErrors({});
    setFormError(null);
    setCompleting(false);
    setOtp(null);
  };
  const switchMode = (target: Mode) => {
    showMode(target);
    navigate(modeUrl(target));
  };
  // Back or Forward between the two forms: the address changed under the page.
  const [seenUrlMode, setSeenUrlMode] = useState(urlMode);
  if (urlMode !== seenUrlMode) {
    setSeenUrlMode(urlMode);
    if (urlMode !== mode) showMode(urlMode);
  }

  if (status === 'signedIn' && !justSignedIn) {
    return (
      <div className="page account-page">
        <title>{`${title} | ${brandName}`}</title>
        <h1>{title}</h1>
        <p className="form-notice" data-testid="already-signed-in">
          {t('account.signedInAs', { name: signedInName })}
        </p>
        <div className="page__actions">
          <Link to={paths.editProfile.build(uuid)} className="btn btn-primary">
            {t('account.editProfile')}
          </Link>
          <Link to={next} className="btn btn-secondary">
            {t('account.continue')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="page account-page" data-testid="register-page">
      <title>{`${title} | ${brandName}`}</title>
      <h1 ref={headingRef} tabIndex={-1}>
        {step === 'code' ? t('account.codeTitle') : title}
      </h1>
      {step === 'code' && otp ? (
        <CodeStep
          otp={otp}
          code={code}
          onCode={(digits) => {
            setCode(digits);
            if (errors.code) setErrors({});
          }}
          onSubmit={(digits) => void verify(digits, mode === 'register')}
          onResend={() => void sendCode()}
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
      ) : (
        <form ref={formRef} className="form" noValidate onSubmit={onSubmitForm} data-testid="account-form">
          {completing && <p className="form-notice">{t('account.completeRegistration')}</p>}
          {mode === 'register' ? (
            <ProfileFields
              values={profile}
              onChange={editProfile}
              errors={errors}
              disabled={busy}
              afterName={
                <PhoneField
                  id="phone"
                  value={phone}
                  onChange={editPhone}
                  error={errors.phone}
                  disabled={busy || completing}
                />
              }
            />
          ) : (
            <PhoneField id="phone" value={phone} onChange={editPhone} error={errors.phone} disabled={busy} />
          )}
          {mode === 'register' && referralCode !== null && (
            <ReferralCodeField
              value={referralCode}
              onChange={(next) => {
                setReferralCode(next);
                if (errors.referralCode) setErrors(({ referralCode: _, ...rest }) => rest);
              }}
              onRemove={() => {
                setReferralCode(null);
                forgetReferralCode();
                setErrors(({ referralCode: _, ...rest }) => rest);
              }}
              error={errors.referralCode}
              disabled={busy}
            />
          )}
          <FormAlert message={formError} />
          <button
            type="submit"
            className="btn btn-primary btn-block btn-large"
            disabled={busy || (!completing && blockedFor > 0)}
          >
            {busy
              ? t('account.sending')
              : completing
                ? t('account.register')
                : blockedFor > 0
                  ? t('account.sendCodeIn', { time: formatWait(blockedFor, language) })
                  : t('account.sendCode')}
          </button>
          {!completing && (
            <p className="account-page__switch">
              {mode === 'register' ? t('account.haveAccount') : t('account.noAccount')}{' '}
              <button
                type="button"
                className="link-button"
                data-testid="mode-switch"
                onClick={() => switchMode(mode === 'register' ? 'signin' : 'register')}
              >
                {mode === 'register' ? t('account.signIn') : t('account.register')}
              </button>
            </p>
          )}
        </form>
      )}
    </div>
  );
}

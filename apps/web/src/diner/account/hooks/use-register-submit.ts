import type { SessionResponse } from '@sufra/shared/schemas/auth';
import type { FormEvent } from 'react';
import { splitApiError } from '../../../lib/account-form';
import { ApiError } from '../../../lib/api-client';
import { formatWait } from '../../../lib/format-number';
import { forgetReferralCode } from '../../../lib/referral-code';
import { markSignedIn } from '../../../lib/session-hint';
import { showToast } from '../../../lib/toast';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { login } from '../../../stores/auth-slice';
import { useAppDispatch } from '../../../stores/root-state';
import { requestOtp } from '../api/request-otp';
import { verifyOtp } from '../api/verify-otp';
import { profileBody } from '../components/profile-fields';
import { type RegisterForm, registerFormProblems } from './use-register-form';

const FORM_FIELDS = ['fullName', 'phone', 'email', 'ageGroup', 'gender', 'city', 'referralCode'] as const;

/** Sending the code, and verifying it (with the profile when registering); `next` is where a signed-in diner goes. */
export function useRegisterSubmit(s: RegisterForm, uuid: string, next: string) {
  const { t } = useTranslation();
  const language = useLanguage();
  const waitText = (seconds: number) => t('account.retryIn', { time: formatWait(seconds, language) });
  const finish = useFinish(s, next);

  const sendCode = async () => {
    s.setBusy(true);
    s.setFormError(null);
    try {
      const sent = await requestOtp(
        uuid,
        { phone: { phone_number: s.phone.number, dial_code: s.phone.dial } },
        language,
      );
      s.setOtp(sent);
      s.setCode('');
      s.setErrors({});
    } catch (error) {
      if (error instanceof ApiError && error.status === 429 && error.retryAfter !== undefined) {
        s.setBlockedUntil(Date.now() + error.retryAfter * 1000);
      }
      const split = splitApiError(error, language, FORM_FIELDS, waitText);
      if (s.step === 'code') {
        // A refused resend: the message goes under the code step (the number itself is not on screen).
        s.setErrors({});
        s.setFormError(split.form ?? split.fields.phone ?? null);
      } else {
        s.setErrors(split.fields);
        s.setFormError(split.form);
      }
    } finally {
      s.setBusy(false);
    }
  };

  const verify = async (digits: string, withProfile: boolean) => {
    if (!s.otp || s.busy) return;
    s.setBusy(true);
    s.setFormError(null);
    try {
      const response = await verifyOtp(
        uuid,
        {
          requestId: s.otp.requestId,
          code: digits,
          ...(withProfile ? { profile: profileBody(s.profile) } : {}),
          ...(withProfile && s.referralCode !== null ? { referralCode: s.referralCode } : {}),
        },
        language,
      );
      await finish(response, withProfile);
    } catch (error) {
      refusedCode(s, error, splitApiError(error, language, s.completing ? FORM_FIELDS : ['code'], waitText));
    } finally {
      s.setBusy(false);
    }
  };

  const onSubmitForm = (event: FormEvent) => {
    event.preventDefault();
    const found = registerFormProblems(s, language);
    s.setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (s.completing) void verify(s.code, true);
    else void sendCode();
  };

  return { sendCode, verify, onSubmitForm };
}

/** Signed in or registered: into the store, a greeting, and on to `next`. */
function useFinish(s: RegisterForm, next: string) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  return async (response: SessionResponse, withProfile: boolean) => {
    dispatch(login({ userData: response.customer, session: response.session }));
    // Registered (the code counted) or signed in (a code means nothing to a customer already): done with it.
    forgetReferralCode();
    markSignedIn(response.customer.brandId);
    s.setJustSignedIn(true);
    const message =
      response.created === true
        ? t('account.welcome', { name: response.customer.fullName })
        : withProfile
          ? t('account.alreadyRegistered')
          : t('account.welcomeBack', { name: response.customer.fullName });
    void showToast(message, response.created === false && withProfile ? 'info' : 'success');
    s.navigate(next, { replace: true });
  };
}

/** A code (or the profile sent with it) was refused: where the diner goes to fix it. */
function refusedCode(s: RegisterForm, error: unknown, split: ReturnType<typeof splitApiError>) {
  if (error instanceof ApiError && error.code === 'registration_required') {
    // Same code, one more call with the profile (the server keeps it usable until it expires).
    s.setMode('register');
    s.navigate(s.modeUrl('register'), { replace: true });
    s.setCompleting(true);
    s.setErrors({});
    s.setFormError(null);
    requestAnimationFrame(() => s.headingRef.current?.focus());
    return;
  }
  if (error instanceof ApiError && error.code.startsWith('referral_code')) {
    // The referral code was refused before anything was written: back to the form to fix it, same code.
    s.setCompleting(true);
    s.setErrors({ referralCode: error.message });
    s.setFormError(null);
    return;
  }
  if (s.completing && error instanceof ApiError && error.code.startsWith('otp_')) {
    // The code is no longer usable: back to the code step for a new one.
    s.setCompleting(false);
    s.setCode('');
    s.setErrors({ code: error.message });
    return;
  }
  s.setErrors(split.fields);
  s.setFormError(split.form);
  if (!s.completing) {
    s.setCode('');
    requestAnimationFrame(() => s.codeRef.current?.focus());
  }
}

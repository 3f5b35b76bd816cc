import type { Language } from '@sufra/shared/language';
import { errorMessage } from '@sufra/shared/messages/errors';
import type { OtpRequestResponse } from '@sufra/shared/schemas/auth';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
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
} from '../../../lib/account-form';
import { rememberedReferralCode } from '../../../lib/referral-code';
import { useLanguage } from '../../../lib/use-language';
import { useAppSelector } from '../../../stores/root-state';
import { emptyProfile, type ProfileValues } from '../components/profile-fields';
import { useSecondsUntil } from './use-seconds-until';

export type RegisterMode = 'register' | 'signin';

/**
 * The state of `/register/{uuid}`: which form (registration or sign-in, named by the address), its values and errors,
 * the code once sent, and the focus that follows the step. Sending and verifying are in use-register-submit.ts.
 */
export function useRegisterForm(uuid: string) {
  const language = useLanguage();
  const [search] = useSearchParams();
  const [, navigate] = useLocation();
  const urlMode: RegisterMode = search.get('mode') === 'signin' ? 'signin' : 'register';
  const [mode, setMode] = useState<RegisterMode>(urlMode);
  /** The address names the form (a link, a reload or Back opens the same one); the form follows Back and Forward. */
  const modeUrl = (target: RegisterMode) =>
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
  const referral = useReferralCode(uuid);
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

  // Focus follows the step: the code input when the code is sent, the first error when a form is refused.
  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);
  useFocusFirstError(formRef, errors);

  const state = {
    ...{ mode, setMode, modeUrl, profile, phone, otp, setOtp, code, setCode, completing, setCompleting },
    ...{ errors, setErrors, formError, setFormError, busy, setBusy, justSignedIn, setJustSignedIn },
    ...{ ...referral, blockedUntil, setBlockedUntil, blockedFor, codeRef, formRef, headingRef, step },
    ...{ editProfile, editPhone, navigate },
  };
  return { ...state, ...useModeSwitch(state, urlMode) };
}

export type RegisterForm = ReturnType<typeof useRegisterForm>;

/** A friend's referral code remembered from their invitation (null: the form has no code field). */
function useReferralCode(uuid: string) {
  const brandId = useAppSelector((s) =>
    s.establishment.establishment?.uuid === uuid ? s.establishment.establishment.brand.id : undefined,
  );
  const [referralCode, setReferralCode] = useState<string | null>(null);
  useEffect(() => {
    const remembered = rememberedReferralCode(brandId);
    if (remembered) setReferralCode(remembered);
  }, [brandId]);
  return { referralCode, setReferralCode };
}

/** What switching forms touches. */
type ModeState = {
  mode: RegisterMode;
  setMode: (mode: RegisterMode) => void;
  setErrors: (errors: FieldErrors) => void;
  setFormError: (error: string | null) => void;
  setCompleting: (completing: boolean) => void;
  setOtp: (otp: OtpRequestResponse | null) => void;
  navigate: (to: string, options?: { replace?: boolean }) => void;
  modeUrl: (target: RegisterMode) => string;
};

/** Switching between registration and sign-in, by the link under the form or by Back and Forward. */
function useModeSwitch(s: ModeState, urlMode: RegisterMode) {
  const showMode = (target: RegisterMode) => {
    s.setMode(target);
    s.setErrors({});
    s.setFormError(null);
    s.setCompleting(false);
    s.setOtp(null);
  };
  const switchMode = (target: RegisterMode) => {
    showMode(target);
    s.navigate(s.modeUrl(target));
  };
  // Back or Forward between the two forms: the address changed under the page.
  const [seenUrlMode, setSeenUrlMode] = useState(urlMode);
  if (urlMode !== seenUrlMode) {
    setSeenUrlMode(urlMode);
    if (urlMode !== s.mode) showMode(urlMode);
  }
  return { switchMode };
}

/** What the form is missing before a code is sent (registration checks the profile too). */
export function registerFormProblems(s: RegisterForm, language: Language): FieldErrors {
  const found: FieldErrors = {};
  const phoneProblem = phoneError(s.phone, language);
  if (phoneProblem) found.phone = phoneProblem;
  if (s.mode === 'register') {
    const name = nameError(s.profile.fullName, language);
    if (name) found.fullName = name;
    const email = emailError(s.profile.email, language);
    if (email) found.email = email;
    if (s.referralCode !== null && s.referralCode.trim() === '') {
      found.referralCode = errorMessage('referral_code_required', language);
    }
  }
  return found;
}

import { splitE164 } from '@sufra/shared/phone/phone-number';
import type { OtpRequestResponse } from '@sufra/shared/schemas/auth';
import type { Customer } from '@sufra/shared/schemas/customer';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { type FieldErrors, type PhoneValue, phoneError, splitApiError } from '../../../lib/account-form';
import { ApiError } from '../../../lib/api-client';
import { formatWait } from '../../../lib/format-number';
import { showToast } from '../../../lib/toast';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { login } from '../../../stores/auth-slice';
import { useAppDispatch } from '../../../stores/root-state';
import { changePhone } from '../api/change-phone';
import { requestOtp } from '../api/request-otp';
import { useSecondsUntil } from './use-seconds-until';

/**
 * Changing the mobile, its whole state in one place: a code goes to the new number (purpose change_phone), then the
 * change is confirmed with it. `open` → the number form; `otp` set → the code step; `close` puts everything back.
 */
export function usePhoneChange(uuid: string, customer: Customer) {
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

  /** Back from the code step to the number. */
  const changeNumber = () => {
    setOtp(null);
    setCode('');
    setErrors({});
    setFormError(null);
  };

  const state = { phone, otp, busy, codeRef, phoneInput, setOtp, setCode, setErrors, setFormError, setBusy };
  const { send, confirm } = usePhoneChangeCalls(uuid, { ...state, setBlockedUntil, close });

  return {
    open,
    start: () => setOpen(true),
    phone,
    setPhone,
    otp,
    code,
    setCode,
    errors,
    formError,
    busy,
    codeRef,
    phoneInput,
    blockedUntil,
    blockedFor,
    close,
    changeNumber,
    send,
    confirm,
  };
}

type CallsState = {
  phone: PhoneValue;
  otp: OtpRequestResponse | null;
  busy: boolean;
  codeRef: RefObject<HTMLInputElement | null>;
  phoneInput: RefObject<HTMLDivElement | null>;
  setOtp: (otp: OtpRequestResponse | null) => void;
  setCode: (code: string) => void;
  setErrors: (errors: FieldErrors) => void;
  setFormError: (error: string | null) => void;
  setBusy: (busy: boolean) => void;
  setBlockedUntil: (until: number | null) => void;
  close: () => void;
};

/** Sending the code to the new number, and confirming the change with it. */
function usePhoneChangeCalls(uuid: string, state: CallsState) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const { phone, otp, busy, codeRef, phoneInput, setOtp, setCode, setErrors, setFormError, setBusy } = state;
  const { setBlockedUntil, close } = state;
  const waitText = (s: number) => t('account.retryIn', { time: formatWait(s, language) });

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

  return { send, confirm };
}

import type { RedemptionBody, RedemptionLookupResponse } from '@sufra/shared/schemas/loyalty';
import { type FormEvent, useRef, useState } from 'react';
import type { PhoneValue } from '../../../lib/account-form';
import { ApiError, errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { lookupRedemption } from '../api/lookup-redemption';
import type { CameraProblem } from '../components/camera-scanner';
import { readQrPhoto } from '../qr-reader';
import { typedPresentation } from '../redeem-input';

const PHONE_PROBLEMS = new Set(['phone_required', 'phone_invalid', 'dial_code_unknown']);

/**
 * The three ways to present a reward (the camera, a photo of the code, the typed code with the diner's phone), each
 * ending in the lookup; what the API refuses outright is kept here for the cashier to try again.
 */
export function usePresentReward(
  branchId: number,
  onFound: (body: RedemptionBody, result: RedemptionLookupResponse) => void,
) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [scanning, setScanning] = useState(false);
  const [camera, setCamera] = useState<CameraProblem | null>(null);
  const [busy, setBusy] = useState<'photo' | 'lookup' | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [phone, setPhone] = useState<PhoneValue>({ dial: '966', number: '' });
  const [errors, setErrors] = useState<{ code?: string; phone?: string }>({});
  const codeInput = useRef<HTMLInputElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);

  const look = async (body: RedemptionBody) => {
    setBusy('lookup');
    setAlert(null);
    try {
      onFound(body, await lookupRedemption(body, language));
    } catch (error) {
      setBusy(null);
      // The phone's problems go under the phone (the same rule runs here first, so these are rare); the rest is the form's.
      if (error instanceof ApiError && PHONE_PROBLEMS.has(error.code)) setErrors({ phone: error.message });
      else setAlert(errorText(error, language));
    }
  };

  const onScanned = (text: string) => {
    setScanning(false);
    void look({ qr: text.trim(), branchId });
  };

  const onCameraProblem = (problem: CameraProblem) => {
    setScanning(false);
    setCamera(problem);
    codeInput.current?.focus();
  };

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    setBusy('photo');
    setAlert(null);
    let text: string | null = null;
    try {
      text = await readQrPhoto(file);
    } catch {
      text = null; // not an image the browser can open
    }
    if (photoInput.current) photoInput.current.value = ''; // the same photo may be chosen again
    if (text) {
      await look({ qr: text.trim(), branchId });
      return;
    }
    setBusy(null);
    setAlert(t('staff.redeem.noQrInPhoto'));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = typedPresentation({ code, phone, branchId }, language);
    if ('errors' in typed) {
      setErrors(typed.errors);
      (typed.errors.code ? codeInput.current : document.getElementById('redeem-phone'))?.focus();
      return;
    }
    setErrors({});
    void look(typed.body);
  };

  return {
    ...{ scanning, setScanning, camera, setCamera, busy, alert, setAlert, code, setCode, phone, setPhone, errors },
    ...{ codeInput, photoInput, onScanned, onCameraProblem, onPhoto, onSubmit },
  };
}

export type PresentRewardState = ReturnType<typeof usePresentReward>;

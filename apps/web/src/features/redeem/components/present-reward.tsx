import type { RedemptionBody, RedemptionLookupResponse } from '@sufra/shared/schemas/loyalty';
import { type FormEvent, useRef, useState } from 'react';
import { FormAlert, FormField } from '../../../components/ui/form-field';
import { PhoneField } from '../../../components/ui/phone-field';
import type { PhoneValue } from '../../../lib/account-form';
import { ApiError, errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { lookupRedemption } from '../api/lookup-redemption';
import { readQrPhoto } from '../qr-reader';
import { typedPresentation } from '../redeem-input';
import { type CameraProblem, CameraScanner } from './camera-scanner';

const PHONE_PROBLEMS = new Set(['phone_required', 'phone_invalid', 'dial_code_unknown']);

/**
 * How the cashier presents a reward: the camera, a photo of the code, or the typed code with the diner's phone.
 * Each ends in the lookup; what the API refuses outright (a stale or foreign QR, no such code for this phone) is
 * shown here, where the cashier can try again.
 */
export function PresentReward({
  branchId,
  onFound,
}: {
  branchId: number;
  onFound: (body: RedemptionBody, result: RedemptionLookupResponse) => void;
}) {
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

  return (
    <div className="redeem-present" data-testid="redeem-present">
      <div className="redeem-present__alert">
        <FormAlert message={alert} testId="redeem-error" />
      </div>
      <section className="card redeem-way" aria-labelledby="redeem-scan-heading">
        <h3 id="redeem-scan-heading">{t('staff.redeem.scanTitle')}</h3>
        {camera && (
          <p className="notice notice--warning" role="alert" data-testid="redeem-camera-problem" data-problem={camera}>
            {t(`staff.redeem.camera.${camera}`)}
          </p>
        )}
        {scanning ? (
          <CameraScanner onRead={onScanned} onProblem={onCameraProblem} onStop={() => setScanning(false)} />
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-large btn-block"
            disabled={busy !== null}
            onClick={() => {
              setCamera(null);
              setAlert(null);
              setScanning(true);
            }}
            data-testid="redeem-start-camera"
          >
            {t('staff.redeem.startScan')}
          </button>
        )}
        <label className="btn btn-secondary btn-block redeem-photo" aria-disabled={busy !== null}>
          <input
            ref={photoInput}
            type="file"
            accept="image/*"
            className="visually-hidden"
            disabled={busy !== null}
            onChange={(event) => void onPhoto(event.target.files?.[0])}
            data-testid="redeem-photo"
          />
          {busy === 'photo' ? t('staff.redeem.reading') : t('staff.redeem.photo')}
        </label>
        <p className="field__hint">{t('staff.redeem.photoHint')}</p>
      </section>

      <form className="card redeem-way form" noValidate onSubmit={onSubmit} aria-labelledby="redeem-type-heading">
        <h3 id="redeem-type-heading">{t('staff.redeem.typeTitle')}</h3>
        <FormField
          id="redeem-code"
          label={t('staff.redeem.code')}
          error={errors.code}
          hint={
            <>
              {t('staff.redeem.codeHint')}{' '}
              <bdi dir="ltr" className="redeem-code-example">
                7KQ2-M9XD
              </bdi>
            </>
          }
        >
          {(control) => (
            <input
              {...control}
              ref={codeInput}
              className="input input--ltr redeem-code-input"
              dir="ltr"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
              value={code}
              disabled={busy !== null}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
        </FormField>
        <PhoneField
          id="redeem-phone"
          label={t('staff.redeem.phone')}
          value={phone}
          onChange={setPhone}
          error={errors.phone}
          disabled={busy !== null}
        />
        <button type="submit" className="btn btn-primary btn-large btn-block" disabled={busy !== null}>
          {busy === 'lookup' ? t('staff.redeem.lookingUp') : t('staff.redeem.lookUp')}
        </button>
      </form>
    </div>
  );
}

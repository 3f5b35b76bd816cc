import { FormField } from '../../../components/ui/form-field';
import { PhoneField } from '../../../components/ui/phone-field';
import { useTranslation } from '../../../lib/use-translation';
import type { PresentRewardState } from '../hooks/use-present-reward';
import { CameraScanner } from './camera-scanner';
import '../../../components/ui/form.css';

/** The camera, or a photo of the code when the camera cannot be used. */
export function ScanWay({ state: p }: { state: PresentRewardState }) {
  const { t } = useTranslation();
  return (
    <section className="card redeem-way" aria-labelledby="redeem-scan-heading">
      <h3 id="redeem-scan-heading">{t('staff.redeem.scanTitle')}</h3>
      {p.camera && (
        <p className="notice notice--warning" role="alert" data-testid="redeem-camera-problem" data-problem={p.camera}>
          {t(`staff.redeem.camera.${p.camera}`)}
        </p>
      )}
      {p.scanning ? (
        <CameraScanner onRead={p.onScanned} onProblem={p.onCameraProblem} onStop={() => p.setScanning(false)} />
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-large btn-block"
          disabled={p.busy !== null}
          onClick={() => {
            p.setCamera(null);
            p.setAlert(null);
            p.setScanning(true);
          }}
          data-testid="redeem-start-camera"
        >
          {t('staff.redeem.startScan')}
        </button>
      )}
      <label className="btn btn-secondary btn-block redeem-photo" aria-disabled={p.busy !== null}>
        <input
          ref={p.photoInput}
          type="file"
          accept="image/*"
          className="visually-hidden"
          disabled={p.busy !== null}
          onChange={(event) => void p.onPhoto(event.target.files?.[0])}
          data-testid="redeem-photo"
        />
        {p.busy === 'photo' ? t('staff.redeem.reading') : t('staff.redeem.photo')}
      </label>
      <p className="field__hint">{t('staff.redeem.photoHint')}</p>
    </section>
  );
}

/** The code as the diner reads it out, with their phone. */
export function TypedWay({ state: p }: { state: PresentRewardState }) {
  const { t } = useTranslation();
  return (
    <form className="card redeem-way form" noValidate onSubmit={p.onSubmit} aria-labelledby="redeem-type-heading">
      <h3 id="redeem-type-heading">{t('staff.redeem.typeTitle')}</h3>
      <FormField
        id="redeem-code"
        label={t('staff.redeem.code')}
        error={p.errors.code}
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
            ref={p.codeInput}
            className="input input--ltr redeem-code-input"
            dir="ltr"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            value={p.code}
            disabled={p.busy !== null}
            onChange={(event) => p.setCode(event.target.value)}
          />
        )}
      </FormField>
      <PhoneField
        id="redeem-phone"
        label={t('staff.redeem.phone')}
        value={p.phone}
        onChange={p.setPhone}
        error={p.errors.phone}
        disabled={p.busy !== null}
      />
      <button type="submit" className="btn btn-primary btn-large btn-block" disabled={p.busy !== null}>
        {p.busy === 'lookup' ? t('staff.redeem.lookingUp') : t('staff.redeem.lookUp')}
      </button>
    </form>
  );
}

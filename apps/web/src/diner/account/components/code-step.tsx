import { formatPhone } from '@sufra/shared/phone/phone-number';
import type { OtpRequestResponse } from '@sufra/shared/schemas/auth';
import type { RefObject } from 'react';
import { FormAlert, FormField } from '../../../components/ui/form-field';
import { normaliseCode, OTP_CODE_DIGITS } from '../../../lib/account-form';
import { formatWait } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useSecondsUntil } from '../hooks/use-seconds-until';

interface Props {
  otp: OtpRequestResponse;
  code: string;
  onCode: (code: string) => void;
  /** Called with the 4 digits (on the 4th digit, or on submit). */
  onSubmit: (code: string) => void;
  onResend: () => void;
  onChangeNumber: () => void;
  error: string | null;
  formError: string | null;
  busy: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  /** A refused resend (429) also holds the button until Retry-After has passed. */
  blockedUntil?: number | null;
}

/** The 4-digit code step: one numeric input (SMS autofill, Arabic-Indic digits), resend with a countdown, change number. */
export function CodeStep({
  otp,
  code,
  onCode,
  onSubmit,
  onResend,
  onChangeNumber,
  error,
  formError,
  busy,
  inputRef,
  blockedUntil = null,
}: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const wait = useSecondsUntil(Math.max(Date.parse(otp.resendAt), blockedUntil ?? 0));
  const countdown = formatWait(wait, language);

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(code);
      }}
    >
      <p data-testid="code-sent-to">
        {t('account.codeSentTo', { digits: OTP_CODE_DIGITS })}{' '}
        <bdi dir="ltr" className="phone-number">
          {formatPhone(otp.phone)}
        </bdi>
      </p>
      <FormField
        id="otp-code"
        label={t('account.code')}
        error={error}
        hint={t('account.codeHint', { digits: OTP_CODE_DIGITS })}
      >
        {(control) => (
          <input
            {...control}
            ref={inputRef}
            className="input input--code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            dir="ltr"
            maxLength={8}
            value={code}
            disabled={busy}
            onChange={(event) => {
              const digits = normaliseCode(event.target.value);
              onCode(digits);
              if (digits.length === 4 && digits !== code) onSubmit(digits);
            }}
          />
        )}
      </FormField>
      <FormAlert message={formError} />
      <button type="submit" className="btn btn-primary btn-block btn-large" disabled={busy || code.length !== 4}>
        {busy ? t('account.verifying') : t('account.verify')}
      </button>
      <div className="code-step__actions">
        <button type="button" className="btn btn-secondary" onClick={onResend} disabled={busy || wait > 0}>
          {wait > 0 ? t('account.resendIn', { time: countdown }) : t('account.resend')}
        </button>
        <button type="button" className="link-button" onClick={onChangeNumber} disabled={busy}>
          {t('account.changeNumber')}
        </button>
      </div>
    </form>
  );
}

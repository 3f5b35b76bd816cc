import { formatPhone } from '@sufra/shared/phone/phone-number';
import type { Customer } from '@sufra/shared/schemas/customer';
import { FormAlert } from '../../../components/ui/form-field';
import { PhoneField } from '../../../components/ui/phone-field';
import { formatWait } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { usePhoneChange } from '../hooks/use-phone-change';
import { CodeStep } from './code-step';

/** The mobile on the profile, and the way to change it: the new number, then the code sent to it. */
export function PhoneChange({ uuid, customer }: { uuid: string; customer: Customer }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const change = usePhoneChange(uuid, customer);
  const { busy, blockedFor } = change;
  return (
    <section className="section" aria-labelledby="phone-heading" data-testid="phone-change">
      <h2 id="phone-heading">{t('account.mobile')}</h2>
      <p>
        <bdi dir="ltr" className="phone-number">
          {formatPhone(customer.phone)}
        </bdi>
      </p>
      {!change.open && (
        <button type="button" className="btn btn-secondary" onClick={change.start}>
          {t('account.changeMobile')}
        </button>
      )}
      {change.open && !change.otp && (
        <form className="form" noValidate onSubmit={(event) => void change.send(event)}>
          <div ref={change.phoneInput}>
            <PhoneField
              id="new-phone"
              label={t('account.newMobile')}
              value={change.phone}
              onChange={change.setPhone}
              error={change.errors.phone}
              disabled={busy}
            />
          </div>
          <FormAlert message={change.formError} />
          <div className="page__actions">
            <button type="submit" className="btn btn-primary" disabled={busy || blockedFor > 0}>
              {busy
                ? t('account.sending')
                : blockedFor > 0
                  ? t('account.sendCodeIn', { time: formatWait(blockedFor, language) })
                  : t('account.sendCode')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={change.close} disabled={busy}>
              {t('account.cancel')}
            </button>
          </div>
        </form>
      )}
      {change.open && change.otp && (
        <CodeStep
          otp={change.otp}
          code={change.code}
          onCode={change.setCode}
          onSubmit={(digits) => void change.confirm(digits)}
          onResend={() => void change.send()}
          onChangeNumber={change.changeNumber}
          error={change.errors.code ?? null}
          formError={change.formError}
          busy={busy}
          inputRef={change.codeRef}
          blockedUntil={change.blockedUntil}
        />
      )}
    </section>
  );
}

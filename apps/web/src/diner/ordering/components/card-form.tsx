import { errorMessage } from '@sufra/shared/messages/errors';
import { formatSar } from '@sufra/shared/money';
import { CARD_BRAND_NAMES, type CardField, detectCardBrand } from '@sufra/shared/payments/card';
import type { CardPageResponse } from '@sufra/shared/schemas/payment';
import { type ControlProps, FormAlert, FormField } from '../../../components/ui/form-field';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { CardFormState } from '../hooks/use-card-payment';
import { orderNumberText } from '../order-number';

/** The number, expiry and CVV: digits, left to right in both languages, the browser's card autofill. */
const digitsInput =
  (c: CardFormState, field: CardField, autoComplete: string, maxLength: number, placeholder?: string) =>
  (control: ControlProps) => (
    <input
      {...control}
      className="input input--ltr"
      dir="ltr"
      inputMode="numeric"
      autoComplete={autoComplete}
      spellCheck={false}
      maxLength={maxLength}
      placeholder={placeholder}
      value={c.values[field]}
      disabled={c.sending}
      onChange={(event) => c.set(field, event.target.value)}
    />
  );

/** The brand the number's first digits show (Mada, Visa…), announced as it changes; empty until one is known. */
function CardBrand({ number }: { number: string }) {
  const { t } = useTranslation();
  const brand = detectCardBrand(number);
  return (
    <span className="card-brand" data-brand={brand ?? ''} data-testid="card-brand" aria-live="polite">
      {brand && (
        <>
          <span className="visually-hidden">{t('ordering.cardBrand')} </span>
          {CARD_BRAND_NAMES[brand]}
        </>
      )}
    </span>
  );
}

/**
 * The card's holder, number (with its brand), expiry and CVV, and the pay button with the amount, in the order and
 * with the labels the diner sees.
 */
export function CardForm({ page, form: c }: { page: CardPageResponse; form: CardFormState }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const message = (field: CardField) => {
    const code = c.errors[field];
    return code ? errorMessage(code, language) : null;
  };

  return (
    <form ref={c.formRef} className="card-form" noValidate onSubmit={(event) => void c.pay(event)}>
      <p className="page__lead" data-testid="card-amount">
        {t('ordering.cardAmount', {
          number: orderNumberText(page.order.number, language),
          total: formatSar(page.order.pricing.total, language),
        })}
      </p>
      <FormField id="card-holder" label={t('ordering.cardHolder')} error={message('holder')}>
        {(control) => (
          <input
            {...control}
            className="input"
            autoComplete="cc-name"
            maxLength={100}
            value={c.values.holder}
            disabled={c.sending}
            onChange={(event) => c.set('holder', event.target.value)}
          />
        )}
      </FormField>
      <FormField id="card-number" label={t('ordering.cardNumber')} error={message('number')}>
        {(control) => (
          <div className="card-number">
            {digitsInput(c, 'number', 'cc-number', 32)(control)}
            <CardBrand number={c.values.number} />
          </div>
        )}
      </FormField>
      <div className="field-row">
        <FormField id="card-expiry" label={t('ordering.cardExpiry')} error={message('expiry')}>
          {digitsInput(c, 'expiry', 'cc-exp', 7, 'MM/YY')}
        </FormField>
        <FormField id="card-cvv" label={t('ordering.cardCvv')} error={message('cvv')}>
          {digitsInput(c, 'cvv', 'cc-csc', 4)}
        </FormField>
      </div>
      <p className="field__hint">{t('ordering.cardPrivacy')}</p>
      <div className="ordering-actions">
        <FormAlert message={c.alert} testId="card-error" />
        <button
          type="submit"
          className="btn btn-primary btn-block btn-large"
          disabled={c.sending}
          aria-busy={c.sending}
          data-testid="card-pay"
        >
          {c.sending
            ? t('ordering.cardSending')
            : t('ordering.cardPay', { total: formatSar(page.order.pricing.total, language) })}
        </button>
      </div>
    </form>
  );
}

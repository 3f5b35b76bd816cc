import type { PaymentChoice } from '@sufra/shared/schemas/establishment';
import type { PaymentMethod } from '@sufra/shared/schemas/order';
import { errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { usePaymentChoice } from '../hooks/use-payment-choice';
import '../../../components/ui/option-card.css';
import '../../../components/ui/cart-totals.css';

interface Props {
  payment: ReturnType<typeof usePaymentChoice>;
  disabled: boolean;
}

/** The checkout's "Payment": the branch's ways to pay for this order type, one chosen (cash, or card when offered). */
export function CheckoutPayment({ payment, disabled }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { payments, offered, choice, choose } = payment;
  return (
    <section className="card" aria-labelledby="payment-heading">
      <h2 id="payment-heading" className="cart-totals__title">
        {t('ordering.payment')}
      </h2>
      {payments.error != null && !payments.data ? (
        <div className="banner banner--error" role="alert">
          <span>{errorText(payments.error, language)}</span>
          <button type="button" className="btn btn-small" onClick={payments.refetch}>
            {t('app.retry')}
          </button>
        </div>
      ) : !payments.data ? (
        <div className="skeleton skeleton--line" />
      ) : choice ? (
        <PaymentChoices offered={offered} chosen={choice} onChoose={choose} disabled={disabled} />
      ) : (
        <p className="field__error">{t('ordering.paymentUnavailable')}</p>
      )}
    </section>
  );
}

function PaymentChoices({
  offered,
  chosen,
  onChoose,
  disabled,
}: {
  offered: PaymentChoice[];
  chosen: PaymentChoice;
  onChoose: (method: PaymentMethod) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <fieldset className="option-list" data-testid="payment-choices">
      <legend className="visually-hidden">{t('ordering.paymentMethod')}</legend>
      {offered.map((c) => (
        <label className="option-card" key={c.id}>
          <input
            type="radio"
            name="payment"
            value={c.method}
            checked={c.id === chosen.id}
            onChange={() => onChoose(c.method)}
            disabled={disabled}
            data-testid={`payment-${c.method}`}
          />
          <span className="option-card__body">
            <span className="option-card__title">{c.name[language]}</span>
            <span className="option-card__hint">{t(`ordering.paymentHints.${c.method}`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

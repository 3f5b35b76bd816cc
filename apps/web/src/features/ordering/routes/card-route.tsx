import { errorMessage } from '@sufra/shared/messages/errors';
import { formatSar } from '@sufra/shared/money';
import {
  CARD_BRAND_NAMES,
  type CardErrorCode,
  type CardField,
  checkCard,
  detectCardBrand,
} from '@sufra/shared/payments/card';
import type { CardPageResponse } from '@sufra/shared/schemas/payment';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { type ControlProps, FormAlert, FormField } from '../../../components/ui/form-field';
import { useFocusFirstError } from '../../../components/ui/use-focus-first-error';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { createCardToken } from '../api/create-card-token';
import { getCardPage } from '../api/get-card-page';
import { submitCardToken } from '../api/submit-card-token';
import { MissingOrder } from '../components/missing-order';
import { useOrderFromQuery } from '../hooks/use-order-from-query';
import { orderNumberText } from '../order-number';
import '../../../components/ui/form.css';
import './ordering.css';

type Loaded = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; page: CardPageResponse };
type Values = Record<CardField, string>;
const EMPTY: Values = { holder: '', number: '', expiry: '', cvv: '' };

/**
 * `/card/{uuid}?order={id}`: our card page, for Moyasar (its payments API has no hosted card page). The card goes
 * from this browser straight to Moyasar's tokens API with the publishable key the API hands us; our API only ever
 * gets the token, and answers the 3-D Secure step to go to, after which Moyasar sends the diner to /payment/{uuid}.
 * The fields are checked here first with the same rules as the test gateway's page (the spec's three messages).
 */
export default function CardRoute() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const [, navigate] = useLocation();
  const { orderId, status } = useOrderFromQuery(uuid, paths.card.build);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<CardField, CardErrorCode>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);
  const title = t('ordering.cardTitle');

  /** Paid meanwhile (another tab, a webhook): the confirmation says so; an order that can't be paid shows why. */
  const settledElsewhere = useCallback(
    (caught: unknown): boolean => {
      if (orderId === null || !(caught instanceof ApiError) || caught.code !== 'payment_already_completed') {
        return false;
      }
      navigate(paths.confirmOrder.build(uuid, orderId), { replace: true });
      return true;
    },
    [uuid, orderId, navigate],
  );

  const load = useCallback(async () => {
    if (orderId === null) return;
    setLoaded({ state: 'loading' });
    try {
      setLoaded({ state: 'ready', page: await getCardPage(uuid, orderId, language) });
    } catch (caught) {
      if (settledElsewhere(caught)) return;
      setLoaded({ state: 'error', message: caught instanceof ApiError ? caught.message : errorText(caught, language) });
    }
  }, [uuid, orderId, language, settledElsewhere]);

  useEffect(() => {
    if (status === 'signedIn') void load();
  }, [status, load]);

  // Back from Moyasar's 3-D Secure page may restore this page from the back-forward cache, still "sending".
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setSending(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const set = (field: CardField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (loaded.state !== 'ready' || orderId === null || sending) return;
    setAlert(null);
    const checked = checkCard(values, new Date());
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSending(true);
    const made = await createCardToken(loaded.page.tokenization, loaded.page.callbackUrl, {
      holder: checked.holder,
      number: checked.digits,
      month: checked.month,
      year: checked.year,
      cvv: values.cvv.trim(),
    });
    if (!made.ok) {
      setSending(false);
      if (made.reason === 'refused' && Object.keys(made.fields).length > 0) {
        setErrors(made.fields);
      } else {
        setAlert(
          errorMessage(made.reason === 'refused' ? 'payment_card_refused' : 'payment_provider_unavailable', language),
        );
      }
      return;
    }
    try {
      const { redirectUrl } = await submitCardToken(uuid, orderId, made.token, language);
      // Moyasar's 3-D Secure step (or straight back to /payment/{uuid} when it decided at once).
      window.location.assign(redirectUrl);
    } catch (caught) {
      setSending(false);
      if (settledElsewhere(caught)) return;
      setAlert(caught instanceof ApiError ? caught.message : errorText(caught, language));
    }
  };

  if (orderId === null) return <MissingOrder uuid={uuid} title={title} testId="card-page" />;

  const brand = detectCardBrand(values.number);
  /** The number, expiry and CVV: digits, left to right in both languages, the browser's card autofill. */
  const digitsInput =
    (field: CardField, autoComplete: string, maxLength: number, placeholder?: string) => (control: ControlProps) => (
      <input
        {...control}
        className="input input--ltr"
        dir="ltr"
        inputMode="numeric"
        autoComplete={autoComplete}
        spellCheck={false}
        maxLength={maxLength}
        placeholder={placeholder}
        value={values[field]}
        disabled={sending}
        onChange={(event) => set(field, event.target.value)}
      />
    );
  const message = (field: CardField) => {
    const code = errors[field];
    return code ? errorMessage(code, language) : null;
  };

  return (
    <div className="page ordering-page" data-testid="card-page" data-state={loaded.state}>
      <title>{`${title} | ${t('app.name')}`}</title>
      <h1>{title}</h1>
      {loaded.state === 'loading' && (
        <div role="status">
          <span className="visually-hidden">{t('ordering.cardLoading')}</span>
          <div className="skeleton skeleton--block" />
        </div>
      )}
      {loaded.state === 'error' && (
        <>
          <FormAlert message={loaded.message} testId="card-load-error" />
          <div className="page__actions">
            <button type="button" className="btn btn-primary" onClick={() => void load()}>
              {t('app.retry')}
            </button>
            <Link to={paths.orders.build(uuid)} className="btn btn-secondary">
              {t('ordering.myOrders')}
            </Link>
          </div>
        </>
      )}
      {loaded.state === 'ready' && (
        <form ref={form} className="card-form" noValidate onSubmit={(event) => void pay(event)}>
          <p className="page__lead" data-testid="card-amount">
            {t('ordering.cardAmount', {
              number: orderNumberText(loaded.page.order.number, language),
              total: formatSar(loaded.page.order.pricing.total, language),
            })}
          </p>
          <FormField id="card-holder" label={t('ordering.cardHolder')} error={message('holder')}>
            {(control) => (
              <input
                {...control}
                className="input"
                autoComplete="cc-name"
                maxLength={100}
                value={values.holder}
                disabled={sending}
                onChange={(event) => set('holder', event.target.value)}
              />
            )}
          </FormField>
          <FormField id="card-number" label={t('ordering.cardNumber')} error={message('number')}>
            {(control) => (
              <div className="card-number">
                {digitsInput('number', 'cc-number', 32)(control)}
                <span className="card-brand" data-brand={brand ?? ''} data-testid="card-brand" aria-live="polite">
                  {brand && (
                    <>
                      <span className="visually-hidden">{t('ordering.cardBrand')} </span>
                      {CARD_BRAND_NAMES[brand]}
                    </>
                  )}
                </span>
              </div>
            )}
          </FormField>
          <div className="field-row">
            <FormField id="card-expiry" label={t('ordering.cardExpiry')} error={message('expiry')}>
              {digitsInput('expiry', 'cc-exp', 7, 'MM/YY')}
            </FormField>
            <FormField id="card-cvv" label={t('ordering.cardCvv')} error={message('cvv')}>
              {digitsInput('cvv', 'cc-csc', 4)}
            </FormField>
          </div>
          <p className="field__hint">{t('ordering.cardPrivacy')}</p>
          <div className="ordering-actions">
            <FormAlert message={alert} testId="card-error" />
            <button
              type="submit"
              className="btn btn-primary btn-block btn-large"
              disabled={sending}
              aria-busy={sending}
              data-testid="card-pay"
            >
              {sending
                ? t('ordering.cardSending')
                : t('ordering.cardPay', { total: formatSar(loaded.page.order.pricing.total, language) })}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

import { errorMessage } from '@sufra/shared/messages/errors';
import { type CardErrorCode, type CardField, checkCard } from '@sufra/shared/payments/card';
import type { CardPageResponse } from '@sufra/shared/schemas/payment';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useFocusFirstError } from '../../../components/ui/use-focus-first-error';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useDinerKey } from '../../../stores/use-diner-key';
import { createCardToken } from '../api/create-card-token';
import { getCardPage } from '../api/get-card-page';
import { submitCardToken } from '../api/submit-card-token';

type Loaded = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; page: CardPageResponse };
type Values = Record<CardField, string>;
const EMPTY: Values = { holder: '', number: '', expiry: '', cvv: '' };

/** The card page's data (the amount, the tokens API and its key) for a signed-in diner's order. */
export function useCardPage(uuid: string, orderId: number | null, signedIn: boolean) {
  const language = useLanguage();
  const [, navigate] = useLocation();
  const diner = useDinerKey(uuid);
  // Asked on each visit: the amount and the attempt are the server's of now.
  const page = useApiQuery(
    signedIn && diner && orderId !== null ? [...diner, 'card-page', orderId, language] : null,
    () => getCardPage(uuid, orderId ?? 0, language),
    { staleMs: 0 },
  );

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

  const { error, refetch } = page;
  // Paid meanwhile: stays "loading" while the effect below goes to the confirmation.
  const settled = error instanceof ApiError && error.code === 'payment_already_completed';
  useEffect(() => {
    if (error !== undefined) settledElsewhere(error);
  }, [error, settledElsewhere]);
  const loaded: Loaded =
    page.loading || settled || (page.data === undefined && error === undefined)
      ? { state: 'loading' }
      : error !== undefined
        ? { state: 'error', message: error instanceof ApiError ? error.message : errorText(error, language) }
        : { state: 'ready', page: page.data as CardPageResponse };
  const load = async () => refetch();

  return { loaded, load, settledElsewhere };
}

/**
 * The card's fields, checked here first with the test gateway's rules, then sent straight to Moyasar's tokens API;
 * our API gets only the token and answers the 3-D Secure step to go to.
 */
export function useCardForm(uuid: string, orderId: number | null, card: ReturnType<typeof useCardPage>) {
  const language = useLanguage();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<CardField, CardErrorCode>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);

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
    if (card.loaded.state !== 'ready' || orderId === null || sending) return;
    setAlert(null);
    const checked = checkCard(values, new Date());
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSending(true);
    const { tokenization, callbackUrl } = card.loaded.page;
    const made = await createCardToken(tokenization, callbackUrl, {
      ...{ holder: checked.holder, number: checked.digits, month: checked.month, year: checked.year },
      cvv: values.cvv.trim(),
    });
    if (!made.ok) {
      setSending(false);
      if (made.reason === 'refused' && Object.keys(made.fields).length > 0) setErrors(made.fields);
      else
        setAlert(
          errorMessage(made.reason === 'refused' ? 'payment_card_refused' : 'payment_provider_unavailable', language),
        );
      return;
    }
    try {
      const { redirectUrl } = await submitCardToken(uuid, orderId, made.token, language);
      // Moyasar's 3-D Secure step (or straight back to /payment/{uuid} when it decided at once).
      window.location.assign(redirectUrl);
    } catch (caught) {
      setSending(false);
      if (card.settledElsewhere(caught)) return;
      setAlert(caught instanceof ApiError ? caught.message : errorText(caught, language));
    }
  };

  return { values, errors, alert, sending, formRef, set, pay };
}

export type CardFormState = ReturnType<typeof useCardForm>;

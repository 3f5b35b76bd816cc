import { type ErrorCode, errorMessage } from '@sufra/shared/messages/errors';
import { formatSar } from '@sufra/shared/money';
import type { MyCouponsResponse } from '@sufra/shared/schemas/coupons';
import { useEffect, useState } from 'react';
import { FormField } from '../../components/ui/form-field';
import { ApiError, errorText } from '../../lib/api-client';
import { type CartLineItem, cartOrderLines, checkCouponOnCart, couponStopsApplying } from '../../lib/coupons';
import { useLanguage } from '../../lib/use-language';
import { useTranslation } from '../../lib/use-translation';
import { setCoupon } from '../../stores/cart-slice';
import { useAppDispatch, useAppSelector } from '../../stores/root-state';
import './coupon-field.css';

type MyCoupons = MyCouponsResponse['coupons'];

interface Props {
  uuid: string;
  /** The cart's priced lines (a free item's discount is one unit of it). */
  lineItems: CartLineItem[];
  /** The lines' subtotal before discounts; null while the cart is not priced. */
  subtotalHalalas: number | null;
  /** The diner's own coupons to pick from instead of typing (the coupons page). */
  suggestions?: MyCoupons;
  /** Where the coupon is entered: the checkout, or the coupons page. */
  testId?: string;
}

/**
 * A coupon code for the cart (issue 16): typed and checked by the server (which prices the cart with it), kept in the
 * cart state, shown with what it takes off. When the cart changes so that it no longer applies (below its minimum,
 * its window ended, another order type) it is removed, with a message saying why.
 */
export function CouponField({ uuid, lineItems, subtotalHalalas, suggestions = [], testId = 'coupon' }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const chosen = useAppSelector((s) => s.cart.coupon);
  const products = useAppSelector((s) => s.cart.products);
  const combos = useAppSelector((s) => s.cart.combos);
  const orderType = useAppSelector((s) => s.cart.orderType);
  const branchId = useAppSelector((s) => s.cart.branch?.id ?? null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  /** A refusal's words, with the minimum's amount where it has one. */
  const refusalText = (refusal: ErrorCode, minimum?: number) =>
    refusal === 'coupon_below_minimum' && minimum !== undefined
      ? `${errorMessage(refusal, language)} (${formatSar(minimum, language)})`
      : errorMessage(refusal, language);

  useEffect(() => {
    if (!chosen?.coupon || subtotalHalalas === null) return;
    const refusal = couponStopsApplying(chosen, {
      subtotalHalalas,
      orderType,
      branchId,
      lines: lineItems,
      now: new Date(),
    });
    if (!refusal) return;
    setRemoved(
      t('coupons.removed', {
        code: chosen.code,
        reason: refusalText(refusal, chosen.coupon.minimumOrderHalalas),
      }),
    );
    dispatch(setCoupon(null));
  });

  const apply = async (typed: string) => {
    if (!typed.trim() || orderType === null) return;
    setSending(true);
    setError(null);
    setRemoved(null);
    try {
      const answer = await checkCouponOnCart(
        uuid,
        {
          code: typed,
          orderType,
          lines: cartOrderLines({ products, combos }),
          ...(branchId !== null ? { branchId } : {}),
        },
        language,
      );
      dispatch(setCoupon({ code: answer.coupon.code, discountHalalas: answer.discountHalalas, coupon: answer.coupon }));
      setCode('');
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'coupon_below_minimum') {
        const minimum = caught.details?.minimumOrderHalalas;
        setError(refusalText('coupon_below_minimum', typeof minimum === 'number' ? minimum : undefined));
      } else setError(errorText(caught, language));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="card coupon-field" aria-labelledby={`${testId}-heading`} data-testid={testId}>
      <h2 id={`${testId}-heading`} className="cart-totals__title">
        {t('coupons.title')}
      </h2>
      {removed && (
        <p className="notice notice--warning" role="status" data-testid={`${testId}-removed`}>
          {removed}
        </p>
      )}
      {chosen?.coupon ? (
        <div className="coupon-field__applied" data-testid={`${testId}-applied`}>
          <p>
            <strong dir="ltr">{chosen.code}</strong> {chosen.coupon.name[language]}
          </p>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => dispatch(setCoupon(null))}
            aria-label={t('coupons.removeNamed', { code: chosen.code })}
          >
            {t('coupons.remove')}
          </button>
        </div>
      ) : orderType === null ? (
        <p className="field__hint">{t('coupons.chooseOrderTypeFirst')}</p>
      ) : (
        <form
          className="coupon-field__form"
          onSubmit={(event) => {
            event.preventDefault();
            void apply(code);
          }}
        >
          <FormField id={`${testId}-code`} label={t('coupons.codeLabel')} error={error}>
            {(control) => (
              <input
                {...control}
                className="input"
                type="text"
                dir="ltr"
                autoComplete="off"
                autoCapitalize="characters"
                maxLength={64}
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            )}
          </FormField>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={sending || !code.trim()}
            aria-busy={sending}
            data-testid={`${testId}-apply`}
          >
            {t('coupons.apply')}
          </button>
        </form>
      )}
      {!chosen?.coupon && orderType !== null && suggestions.length > 0 && (
        <ul className="coupon-field__mine" aria-label={t('coupons.yours')} data-testid={`${testId}-mine`}>
          {suggestions.map((mine) => (
            <li key={mine.id} className="coupon-field__mine-item">
              <span>
                <strong dir="ltr">{mine.code}</strong> {mine.name[language]}
              </span>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={sending}
                onClick={() => void apply(mine.code)}
                aria-label={t('coupons.useNamed', { code: mine.code })}
              >
                {t('coupons.use')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

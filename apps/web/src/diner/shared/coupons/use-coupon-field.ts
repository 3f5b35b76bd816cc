import { type ErrorCode, errorMessage } from '@sufra/shared/messages/errors';
import { formatSar } from '@sufra/shared/money';
import { useEffect, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client';
import { cartOrderLines } from '../../../lib/cart-order-lines';
import { type CartLineItem, checkCouponOnCart, couponStopsApplying } from '../../../lib/coupons';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { setCoupon } from '../../../stores/cart-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';

/**
 * The cart's coupon: a code checked by the server on the cart and kept in it; removed, with the reason, as soon as
 * the cart changes so that it no longer applies.
 */
export function useCouponField(uuid: string, lineItems: CartLineItem[], subtotalHalalas: number | null) {
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

  const remove = () => dispatch(setCoupon(null));
  return { chosen, orderType, code, setCode, error, removed, sending, apply, remove };
}

export type CouponFieldState = ReturnType<typeof useCouponField>;

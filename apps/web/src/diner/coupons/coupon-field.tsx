import type { MyCouponsResponse } from '@sufra/shared/schemas/coupons';
import type { CartLineItem } from '../../lib/coupons';
import { useLanguage } from '../../lib/use-language';
import { useTranslation } from '../../lib/use-translation';
import { CouponCodeForm, MyCouponChoices } from './coupon-code-form';
import { useCouponField } from './use-coupon-field';
import './coupon-field.css';
import '../../components/ui/form.css';
import '../../components/ui/cart-totals.css';

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
  const c = useCouponField(uuid, lineItems, subtotalHalalas);
  const { chosen, orderType, removed } = c;

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
            onClick={c.remove}
            aria-label={t('coupons.removeNamed', { code: chosen.code })}
          >
            {t('coupons.remove')}
          </button>
        </div>
      ) : orderType === null ? (
        <p className="field__hint">{t('coupons.chooseOrderTypeFirst')}</p>
      ) : (
        <CouponCodeForm state={c} testId={testId} />
      )}
      {!chosen?.coupon && orderType !== null && suggestions.length > 0 && (
        <MyCouponChoices state={c} suggestions={suggestions} testId={testId} />
      )}
    </section>
  );
}

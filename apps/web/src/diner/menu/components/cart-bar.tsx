import { formatSar } from '@sufra/shared/money';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { selectCartItemCount, selectCartSubtotal } from '../../../stores/cart-selectors';
import { useAppSelector } from '../../../stores/root-state';

/** The bottom bar: how many items are in the cart and their subtotal; opens the cart. */
export function CartBar({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const count = useAppSelector(selectCartItemCount);
  const subtotal = useAppSelector(selectCartSubtotal);
  if (count === 0) return null;
  const items = t('cart.items', { count });
  const total = formatSar(subtotal, language);
  return (
    <div className="cart-bar">
      <Link to={paths.cart.build(uuid)} className="cart-bar__link" data-testid="cart-bar">
        <span className="cart-bar__count" aria-hidden="true">
          {formatNumber(count, language)}
        </span>
        <span className="cart-bar__label">
          {t('cart.view')}
          <span className="visually-hidden">{` (${items})`}</span>
        </span>
        <span className="cart-bar__total">{total}</span>
      </Link>
    </div>
  );
}

import type { ReactNode } from 'react';
import { useLocation, useParams } from 'wouter';
import { paths } from '../../../config/paths';
import { orderingBlock } from '../../../lib/ordering-availability';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { CartContents } from '../components/cart-contents';
import { CartActions, CartEmpty, CartMenuError, CartSkeleton } from '../components/cart-states';
import { useCartEdits } from '../hooks/use-cart-edits';
import { useCheckedCart } from '../hooks/use-checked-cart';
import './cart.css';

/**
 * /cart/{uuid}: the lines, checked against the branch's current menu (a stale cart is repriced, and what can no longer
 * be ordered is flagged and left out), and the totals from the shared pricing function.
 */
/** `nudges`: the loyalty feature's "SAR 12 more to…" lines for this cart's total (given by app/router.tsx). */
export default function CartRoute({ nudges }: { nudges?: (cartHalalas: number) => ReactNode } = {}) {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const [, navigate] = useLocation();
  const establishment = useAppSelector((s) => s.establishment.establishment);
  const brand = establishment?.brand;
  // Ordering switched off: the cart says so instead of a Continue that leads nowhere (issue 24 item 4).
  const orderingOff = establishment?.uuid === uuid && orderingBlock(establishment) === 'ordering_off';
  const { menu, menuData, check, totals, pricesUpdated, lines } = useCheckedCart(uuid);
  const edits = useCartEdits(totals?.pricing.total, lines.length);

  const hasProblems = lines.some((l) => l.checked.problem !== null);
  const reason = orderingOff
    ? t('landing.blocked.ordering_off')
    : !check
      ? menu.error
        ? t('cartPage.reasonMenuError')
        : t('cartPage.reasonChecking')
      : lines.length === 0
        ? t('cartPage.reasonEmpty')
        : hasProblems
          ? t('cartPage.reasonProblems')
          : totals === null
            ? t('cart.unpriced')
            : null;

  return (
    <div className="cart-page" ref={edits.pageRef}>
      <title>{`${t('cartPage.title')} | ${brand?.name[language] ?? t('app.name')}`}</title>
      <h1 className="cart-page__title" tabIndex={-1}>
        {t('cartPage.title')}
      </h1>
      <div role="status" className="cart-page__status">
        {pricesUpdated && (
          <p className="notice notice--info" data-testid="prices-updated">
            {t('cartPage.pricesUpdated')}
          </p>
        )}
      </div>
      <p className="visually-hidden" role="status" data-testid="cart-announcer">
        {edits.announcement}
      </p>

      {!check && menu.error ? (
        <CartMenuError error={menu.error} onRetry={menu.refetch} />
      ) : !check ? (
        <CartSkeleton />
      ) : lines.length === 0 ? (
        <CartEmpty uuid={uuid} />
      ) : (
        <CartContents
          {...{ uuid, check, lines, totals, menuData, nudges }}
          onQuantity={edits.changeQuantity}
          onRemove={edits.remove}
        />
      )}

      <CartActions reason={reason} onContinue={() => navigate(paths.orderType.build(uuid))} />
    </div>
  );
}

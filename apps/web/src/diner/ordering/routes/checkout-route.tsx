import type { ReactNode } from 'react';
import { useParams } from 'wouter';
import { LoadError } from '../../../components/ui/load-state';
import type { CheckoutPointsProps } from '../../../lib/checkout-points-slot';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { CheckoutSections } from '../components/checkout-sections';
import { CheckoutChecking, CheckoutStale } from '../components/checkout-states';
import { useCheckout } from '../hooks/use-checkout';
import '../../../components/ui/form.css';
import './ordering.css';

/**
 * `/checkout/{uuid}`: everything chosen, reviewed, with the totals from the shared pricing function (the zone's fee
 * for delivery), the way to pay (cash, or card when the branch takes it: the provider's page takes the card), and
 * "Place order". The cart is checked against the menu first: a stale cart is sent back to the cart page, which says
 * what changed. The page wires its parts; each part is its own component or hook (diner/ordering/components,
 * hooks), so a new part (points, a coupon) is one more line between the sections. `pointsControl` is the loyalty
 * feature's points spend (given by app/router.tsx): its points go into the preview's pricing and the placement body.
 */
export default function CheckoutRoute({
  pointsControl,
}: {
  pointsControl?: (props: CheckoutPointsProps) => ReactNode;
}) {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const checkout = useCheckout(uuid, language);
  const { qr, menu, check, order } = checkout;

  const title = t('ordering.checkoutTitle');
  const loading = !checkout.ready || !check || checkout.status !== 'signedIn';
  const stale = checkout.staleLocally || order.staleFromServer !== null;

  return (
    <div className="page ordering-page" data-testid="checkout-page">
      <title>{`${title} | ${qr?.brand.name[language] ?? t('app.name')}`}</title>
      <h1>{title}</h1>
      {menu.error != null && !check ? (
        <LoadError error={menu.error} onRetry={menu.refetch} />
      ) : loading ? (
        <CheckoutChecking />
      ) : stale ? (
        <CheckoutStale uuid={uuid} message={order.staleFromServer} />
      ) : (
        <CheckoutSections uuid={uuid} checkout={checkout} check={check} pointsControl={pointsControl} />
      )}
    </div>
  );
}

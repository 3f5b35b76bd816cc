import { useSearchParams } from 'wouter';
import { paths } from '../../../config/paths';
import { orderIdFrom } from '../payment-return';
import { useSignedIn } from './use-ordering-cart';

/**
 * The order a page is about, from its `?order=` (so the page works on reload), and the session it needs: a signed-out
 * diner signs in and comes back to `page` with the same order, or to the menu when there is no order to come back to.
 */
export function useOrderFromQuery(uuid: string, page: (uuid: string, orderId: number) => string) {
  const [search] = useSearchParams();
  const orderId = orderIdFrom(search);
  const status = useSignedIn(uuid, orderId === null ? paths.menu.build(uuid) : page(uuid, orderId));
  return { orderId, status };
}

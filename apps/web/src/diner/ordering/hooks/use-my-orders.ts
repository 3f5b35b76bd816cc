import { errorText } from '../../../lib/api-client';
import { useApiPages } from '../../../lib/use-api-pages';
import { useLanguage } from '../../../lib/use-language';
import { useDinerKey } from '../../../stores/use-diner-key';
import { getOrders } from '../api/get-orders';

/** The signed-in diner's orders at this brand, newest first, a page at a time (asked again on each visit). */
export function useMyOrders(uuid: string, signedIn: boolean) {
  const language = useLanguage();
  const diner = useDinerKey(uuid);
  const list = useApiPages(
    signedIn && diner ? [...diner, 'orders', language] : null,
    (page: number | undefined) => getOrders(uuid, page ?? 1, language),
    (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    { staleMs: 0 },
  );
  const orders = list.pages ? list.pages.flatMap((page) => page.orders) : null;
  // Page 1 is the list from the start (a retry of the first load); any other, the next page.
  const load = (pageNumber: number) => (pageNumber === 1 ? list.refetch() : list.loadMore());
  return {
    orders,
    page: list.pages?.length ?? 1,
    hasMore: list.hasMore,
    loading: list.loading || list.loadingMore,
    error: list.error ? errorText(list.error, language) : null,
    load,
  };
}

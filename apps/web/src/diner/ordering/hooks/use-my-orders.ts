import type { Order } from '@sufra/shared/schemas/order';
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { getOrders } from '../api/get-orders';

/** The signed-in diner's orders at this brand, newest first, a page at a time. */
export function useMyOrders(uuid: string, signedIn: boolean) {
  const language = useLanguage();
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    (pageNumber: number) => {
      setLoading(true);
      setError(null);
      getOrders(uuid, pageNumber, language).then(
        (response) => {
          setOrders((list) => (pageNumber === 1 ? response.orders : [...(list ?? []), ...response.orders]));
          setHasMore(response.hasMore);
          setPage(pageNumber);
          setLoading(false);
        },
        (caught: unknown) => {
          setError(errorText(caught, language));
          setLoading(false);
        },
      );
    },
    [uuid, language],
  );
  useEffect(() => {
    if (signedIn) load(1);
  }, [signedIn, load]);

  return { orders, page, hasMore, loading, error, load };
}

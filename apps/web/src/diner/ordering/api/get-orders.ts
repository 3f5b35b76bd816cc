import type { Language } from '@sufra/shared/language';
import type { OrderListResponse } from '@sufra/shared/schemas/order';
import { customerRequest, enc } from '../../../lib/customer-request';

export const ORDERS_PAGE_SIZE = 10;

/** `GET /api/orders/{uuid}/?page=&pageSize=`: the signed-in customer's orders at this brand, newest first. */
export function getOrders(uuid: string, page: number, language: Language): Promise<OrderListResponse> {
  return customerRequest<OrderListResponse>(uuid, `/orders/${enc(uuid)}/`, {
    language,
    query: { page: String(page), pageSize: String(ORDERS_PAGE_SIZE) },
  });
}

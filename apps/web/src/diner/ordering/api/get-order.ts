import type { Language } from '@sufra/shared/language';
import type { Order } from '@sufra/shared/schemas/order';
import { customerRequest, enc } from '../../../lib/customer-request';

/** `GET /api/orders/{uuid}/{id}/`: one of the signed-in customer's orders (another's answers 404). */
export function getOrder(uuid: string, id: number, language: Language): Promise<Order> {
  return customerRequest<Order>(uuid, `/orders/${enc(uuid)}/${id}/`, { language });
}

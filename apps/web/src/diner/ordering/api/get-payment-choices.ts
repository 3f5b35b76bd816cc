import type { Language } from '@sufra/shared/language';
import type { PaymentChoice } from '@sufra/shared/schemas/establishment';
import { apiRequest } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

/** `GET menu/order/qr/payment/choices/{id}/` (id = branch id): the ways to pay at this branch, per order type. */
export async function getPaymentChoices(branchId: number, language: Language): Promise<PaymentChoice[]> {
  const response = await apiRequest<{ choices: PaymentChoice[] }>(`/menu/order/qr/payment/choices/${branchId}/`, {
    language,
  });
  return response.choices;
}

export function usePaymentChoices(branchId: number | undefined, language: Language) {
  return useApiQuery(branchId === undefined ? null : ['payment-choices', branchId], () =>
    getPaymentChoices(branchId ?? 0, language),
  );
}

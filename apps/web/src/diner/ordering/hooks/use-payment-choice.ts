import type { Language } from '@sufra/shared/language';
import type { OrderType } from '@sufra/shared/order-types';
import type { PaymentMethod } from '@sufra/shared/schemas/order';
import { useEffect, useMemo, useState } from 'react';
import { setPaymentChoices } from '../../../stores/establishment-slice';
import { useAppDispatch } from '../../../stores/root-state';
import { usePaymentChoices } from '../api/get-payment-choices';

/**
 * The branch's ways to pay for this order type, cash first (the choices come in the branch's order), and the one
 * chosen: the diner's pick, else the first offered.
 */
export function usePaymentChoice(branchId: number | undefined, orderType: OrderType | null, language: Language) {
  const dispatch = useAppDispatch();
  const payments = usePaymentChoices(branchId, language);
  useEffect(() => {
    if (payments.data) dispatch(setPaymentChoices(payments.data));
  }, [payments.data, dispatch]);
  const offered = useMemo(
    () =>
      orderType === null
        ? []
        : (payments.data ?? [])
            .filter((c) => c.orderTypes.includes(orderType))
            .sort((a, b) => (a.method === b.method ? 0 : a.method === 'cash' ? -1 : 1)),
    [payments.data, orderType],
  );
  const [chosenMethod, setChosenMethod] = useState<PaymentMethod | null>(null);
  const choice = offered.find((c) => c.method === chosenMethod) ?? offered[0];
  return { payments, offered, choice, choose: setChosenMethod };
}

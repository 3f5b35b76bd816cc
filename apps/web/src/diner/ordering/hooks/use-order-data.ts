import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';
import { setNotes, setReceiveAt } from '../../../stores/cart-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { checkReceiveTime, dineInPlace, missingStep, receiveDaysFor, zonedParts, zonedToInstant } from '../order-draft';
import { useOrderBranch } from './use-order-branch';
import { useOrderingCart } from './use-ordering-cart';

/**
 * The order's notes and when the diner wants it, started from the cart; a time is checked in the branch's zone
 * before both go back to the cart and on to the checkout. A cart missing an earlier step goes back to it.
 */
export function useOrderData(uuid: string) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const { ready, cart } = useOrderingCart(uuid);
  const branch = useOrderBranch(uuid);
  const timeZone = branch?.timeZone ?? 'Asia/Riyadh';

  const qr = useAppSelector((s) => s.establishment.establishment);
  // Asked once the QR's data is here: whether dine-in needs the location or a table number depends on it.
  const missing = ready && qr?.uuid === uuid ? missingStep(cart, dineInPlace(qr)) : null;
  useEffect(() => {
    if (missing && missing !== 'cart') navigate(paths.orderType.build(uuid), { replace: true });
  }, [missing, navigate, uuid]);

  const saved = useMemo(
    () => (cart.receiveAt ? zonedParts(new Date(cart.receiveAt), timeZone) : null),
    [cart.receiveAt, timeZone],
  );
  const [notes, setNotesValue] = useState(cart.notes);
  const [scheduled, setScheduled] = useState(cart.receiveAt !== null);
  const days = useMemo(() => receiveDaysFor(cart.orderType, new Date(), timeZone), [cart.orderType, timeZone]);
  // A day chosen for another order type (pickup next week, then dine-in) is not offered: today instead.
  const [day, setDay] = useState(saved && days.includes(saved.date) ? saved.date : (days[0] ?? ''));
  const [time, setTime] = useState(saved?.time ?? '');
  const [timeError, setTimeError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    let receiveAt: string | null = null;
    if (scheduled) {
      const instant = time ? zonedToInstant(day, time, timeZone) : null;
      if (!instant) {
        setTimeError(t('ordering.timeRequired'));
        return;
      }
      const problem = checkReceiveTime(instant, new Date());
      if (problem) {
        setTimeError(problem === 'past' ? t('ordering.timePast') : t('ordering.timeTooFar'));
        return;
      }
      receiveAt = instant.toISOString();
    }
    setTimeError(null);
    dispatch(setNotes(notes.trim()));
    dispatch(setReceiveAt(receiveAt));
    navigate(paths.checkout.build(uuid));
  };

  return {
    ...{ ready, timeZone, notes, setNotesValue, scheduled, setScheduled, days, day, setDay, time, setTime },
    ...{ timeError, setTimeError, onSubmit },
  };
}

export type OrderData = ReturnType<typeof useOrderData>;

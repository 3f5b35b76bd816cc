import { ORDER_TYPES, type OrderType } from '@sufra/shared/order-types';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { dineInBlock } from '../../../lib/ordering-availability';
import { useTranslation } from '../../../lib/use-translation';
import { setAddress, setAddressId, setBranch, setDeliveryZone, setOrderType } from '../../../stores/cart-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { cartBranch } from '../components/cart-branch';
import { dineInPlace, enabledOrderTypes, type MissingStep, missingStep } from '../order-draft';
import { useOrderingCart } from './use-ordering-cart';

/**
 * The order type and what it still needs: a choice goes to the cart (dine-in from a table's QR is preselected), and
 * "continue" goes on or says what is missing, each message in its own section.
 */
export function useOrderType(uuid: string) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const { ready, cart } = useOrderingCart(uuid);
  const qr = useAppSelector((s) => s.establishment.establishment);
  const qrBranch = qr?.uuid === uuid ? qr.branch : undefined;
  const types = qrBranch && qr ? enabledOrderTypes(qrBranch.orderTypes, qr.services) : [];
  // Dine-in is at the QR's branch and table: shown but not choosable while either cannot take it (issue 24 item 4).
  const dineInWhy = qr?.uuid === uuid ? dineInBlock(qr) : null;
  const blocked: Partial<Record<OrderType, string>> = dineInWhy
    ? { [ORDER_TYPES.dineIn]: t(`ordering.dineInBlocked.${dineInWhy}`) }
    : {};
  const usable = types.filter((option) => blocked[option] === undefined);
  const type = cart.orderType !== null && usable.includes(cart.orderType) ? cart.orderType : null;
  // The step "continue" found missing; its message shows while that step is still the one missing (an address chosen
  // since clears "Please select your address").
  const [problemStep, setProblemStep] = useState<MissingStep | null>(null);
  const setProblem = (_: null) => setProblemStep(null);
  // The location's and the table number's messages show in their own sections, once, never again under the button.
  const [locationError, setLocationError] = useState<string | null>(null);
  const [tableError, setTableError] = useState<string | null>(null);
  const place = dineInPlace(qr?.uuid === uuid ? qr : null);
  const table = qr?.uuid === uuid ? qr.table : null;

  const choose = (next: OrderType) => {
    setProblem(null);
    dispatch(setOrderType(next));
    if (next === ORDER_TYPES.dineIn && qrBranch) dispatch(setBranch(cartBranch(qrBranch)));
    else if (cart.orderType === ORDER_TYPES.dineIn) dispatch(setBranch(null));
    if (next !== ORDER_TYPES.delivery) {
      dispatch(setAddressId(null));
      dispatch(setAddress(null));
      dispatch(setDeliveryZone(null));
    }
  };

  // A table's QR is a table: dine-in is chosen for the diner (they can still pick another type).
  const dineInOffered = usable.includes(ORDER_TYPES.dineIn);
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !ready || !table || !dineInOffered) return;
    preselected.current = true;
    if (cart.orderType === null) {
      dispatch(setOrderType(ORDER_TYPES.dineIn));
      if (qrBranch) dispatch(setBranch(cartBranch(qrBranch)));
    }
  }, [ready, table, dineInOffered, cart.orderType, qrBranch, dispatch]);

  const missing = type === null ? 'type' : missingStep(cart, place);
  const messages: Partial<Record<MissingStep, string>> = {
    cart: t('ordering.emptyCart'),
    type: t('ordering.chooseType'),
    branch: t('ordering.chooseBranch'),
    address: t('ordering.selectAddress'),
  };
  const problem = problemStep !== null && problemStep === missing ? (messages[problemStep] ?? null) : null;

  const next = () => {
    const step = missing;
    if (step === null) {
      navigate(paths.orderData.build(uuid));
      return;
    }
    if (step === 'location') {
      setProblem(null);
      setLocationError(t('ordering.locationPermission'));
      return;
    }
    if (step === 'table') {
      setProblem(null);
      setTableError(t('ordering.tableRequired'));
      document.getElementById('table-number')?.focus();
      return;
    }
    setProblemStep(step);
  };

  return {
    ...{
      ready,
      cart,
      qr,
      qrBranch,
      types,
      usable,
      blocked,
      type,
      problem,
      setProblem,
      locationError,
      setLocationError,
    },
    ...{ tableError, setTableError, place, table, choose, next },
  };
}

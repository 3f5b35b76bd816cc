import { ORDER_TYPES, type OrderType } from '@sufra/shared/order-types';
import type { Branch } from '@sufra/shared/schemas/branch';
import { useEffect, useMemo } from 'react';
import { useLanguage } from '../../../lib/use-language';
import {
  setAddress,
  setAddressId,
  setBranch,
  setDeliveryBranches,
  setDeliveryZone,
  setPickupBranches,
} from '../../../stores/cart-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { useBranches } from '../api/get-branches';
import { cartBranch } from '../components/cart-branch';
import { branchesFor } from '../order-draft';

/**
 * The brand's branches that offer this order type, the one chosen in the cart, and choosing one (which clears the
 * address and zone chosen for another branch). The cart keeps the open ones' names and drops a choice no longer open.
 */
export function useBranchChoice(brandId: number | undefined, type: OrderType, onChosen: () => void) {
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const chosen = useAppSelector((s) => s.cart.branch);
  const branches = useBranches(brandId, language);
  const list = useMemo(() => (branches.data ? branchesFor(branches.data.branches, type) : null), [branches.data, type]);

  // The slice keeps the lists (spec §3) for the pages after this one.
  useEffect(() => {
    if (!list) return;
    const names = list.filter((b) => b.status === 'open').map(cartBranch);
    dispatch(type === ORDER_TYPES.pickup ? setPickupBranches(names) : setDeliveryBranches(names));
  }, [list, type, dispatch]);

  // A branch chosen earlier that no longer offers this type, or is closed now, is not kept.
  useEffect(() => {
    if (!list || !chosen) return;
    if (!list.some((b) => b.id === chosen.id && b.status === 'open')) dispatch(setBranch(null));
  }, [list, chosen, dispatch]);

  const pick = (branch: Branch) => {
    dispatch(setBranch(cartBranch(branch)));
    dispatch(setAddressId(null));
    dispatch(setAddress(null));
    dispatch(setDeliveryZone(null));
    onChosen();
  };

  return { branches, list, chosen, pick };
}

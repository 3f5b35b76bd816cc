import type { Address } from '@sufra/shared/schemas/customer';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { setQueryData } from '../../../lib/query-writes';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { setAddress, setAddressId, setDeliveryZone } from '../../../stores/cart-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { useDinerKey } from '../../../stores/use-diner-key';
import { createDeliveryAddress, getDeliveryAddresses } from '../api/get-addresses';
import { useBranches } from '../api/get-branches';
import { addressText } from '../components/address-text';
import { zoneFor } from '../order-draft';

/**
 * The signed-in diner's saved addresses for a delivery from `branchId`: choosing one puts it in the cart with the
 * zone it falls in (none: not delivered there), and a saved choice is checked again once the zones are known.
 */
export function useDeliveryAddress(uuid: string, branchId: number) {
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const status = useAppSelector((s) => s.auth.status);
  const brandId = useAppSelector((s) => s.establishment.establishment?.brand.id);
  const chosenId = useAppSelector((s) => s.cart.addressId);
  const branches = useBranches(brandId, language);
  const chosenBranch = branches.data?.branches.find((b) => b.id === branchId);
  const qrBranch = useAppSelector((s) => s.establishment.establishment?.branch);
  const mapBranch = chosenBranch ?? qrBranch;
  const mapBranches = useMemo(() => (mapBranch ? [mapBranch] : []), [mapBranch]);
  const zones = chosenBranch?.deliveryZones ?? [];
  const diner = useDinerKey(uuid);
  // The same list as the profile's address book (one key): a change in either shows in both.
  const key = status === 'signedIn' && diner ? [...diner, 'addresses', language] : null;
  const query = useApiQuery(key, () => getDeliveryAddresses(uuid, language), { staleMs: 0 });
  const addresses = query.data ?? null;
  const loadError = query.error && !query.loading ? errorText(query.error, language) : null;
  const setAddresses = (update: (list: Address[] | undefined) => Address[]) => {
    if (key) setQueryData(key, update);
  };
  const [picked, setPicked] = useState<number | null>(chosenId);
  const [adding, setAdding] = useState(false);

  const load = query.refetch;

  const choose = useCallback(
    (address: Address) => {
      setPicked(address.id);
      const zone = zoneFor(address.location, zones);
      dispatch(setAddressId(zone ? address.id : null));
      dispatch(setAddress(zone ? addressText(address) : null));
      dispatch(
        setDeliveryZone(
          zone
            ? {
                id: zone.id,
                name: zone.name,
                feeHalalas: zone.feeHalalas,
                minimumOrderHalalas: zone.minimumOrderHalalas,
              }
            : null,
        ),
      );
    },
    [zones, dispatch],
  );

  // The zones arrive after the saved choice (a reload): the choice is checked again against them.
  useEffect(() => {
    if (chosenId === null || !addresses || !branches.data) return;
    const saved = addresses.find((a) => a.id === chosenId);
    if (!saved || !zoneFor(saved.location, zones)) {
      dispatch(setAddressId(null));
      dispatch(setDeliveryZone(null));
    }
  }, [chosenId, addresses, zones, branches.data, dispatch]);

  const pickedAddress = addresses?.find((a) => a.id === picked);
  const notCovered = pickedAddress !== undefined && branches.data && !zoneFor(pickedAddress.location, zones);
  const save = (body: Parameters<typeof createDeliveryAddress>[1]) => createDeliveryAddress(uuid, body, language);

  return {
    ...{ status, zonesKnown: Boolean(branches.data), zones, mapBranches, qrBranch, addresses, setAddresses },
    ...{ loadError, load, picked, adding, setAdding, choose, notCovered, save },
  };
}

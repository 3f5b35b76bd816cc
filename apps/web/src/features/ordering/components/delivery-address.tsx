import type { Address } from '@sufra/shared/schemas/customer';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { SavedAddressList } from '../../../components/address/saved-address-list';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { setAddress, setAddressId, setDeliveryZone } from '../../../stores/cart-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { createDeliveryAddress, getDeliveryAddresses } from '../api/get-addresses';
import { useBranches } from '../api/get-branches';
import { zoneFor } from '../order-draft';
import { addressText } from './address-text';
import { ZoneFee } from './zone-fee';

// The form carries the map (Leaflet): its chunk loads only when the diner adds an address.
const AddressForm = lazy(() => import('../../../components/address/address-form'));

export function DeliveryAddress({ uuid, branchId }: { uuid: string; branchId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [location] = useLocation();
  const status = useAppSelector((s) => s.auth.status);
  const brandId = useAppSelector((s) => s.establishment.establishment?.brand.id);
  const chosenId = useAppSelector((s) => s.cart.addressId);
  const branches = useBranches(brandId, language);
  const chosenBranch = branches.data?.branches.find((b) => b.id === branchId);
  const qrBranch = useAppSelector((s) => s.establishment.establishment?.branch);
  const mapBranch = chosenBranch ?? qrBranch;
  const mapBranches = useMemo(() => (mapBranch ? [mapBranch] : []), [mapBranch]);
  const zones = chosenBranch?.deliveryZones ?? [];
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [picked, setPicked] = useState<number | null>(chosenId);
  const [adding, setAdding] = useState(false);

  const load = useCallback(() => {
    setLoadError(null);
    getDeliveryAddresses(uuid, language).then(setAddresses, (error: unknown) =>
      setLoadError(errorText(error, language)),
    );
  }, [uuid, language]);
  useEffect(() => {
    if (status === 'signedIn') load();
  }, [status, load]);

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

  if (status === 'signedOut') {
    return (
      <section className="section" aria-labelledby="address-heading">
        <h2 id="address-heading">{t('ordering.addressTitle')}</h2>
        <p>{t('ordering.signInForAddress')}</p>
        <Link
          to={paths.register.build(uuid, { mode: 'signin', next: location })}
          className="btn btn-primary"
          data-testid="sign-in-for-address"
        >
          {t('ordering.signIn')}
        </Link>
      </section>
    );
  }

  const pickedAddress = addresses?.find((a) => a.id === picked);
  const notCovered = pickedAddress !== undefined && branches.data && !zoneFor(pickedAddress.location, zones);

  return (
    <section className="section" aria-labelledby="address-heading" data-testid="delivery-address">
      <h2 id="address-heading">{t('ordering.addressTitle')}</h2>
      <SavedAddressList
        addresses={addresses}
        loadError={loadError}
        onRetry={load}
        empty={!adding && <p>{t('ordering.noAddresses')}</p>}
      >
        {(list) => (
          <fieldset className="option-list">
            <legend className="visually-hidden">{t('ordering.addressTitle')}</legend>
            {list.map((address) => {
              const zone = branches.data ? zoneFor(address.location, zones) : null;
              return (
                <label key={address.id} className="option-card" data-testid="address-option">
                  <input
                    type="radio"
                    name="delivery-address"
                    value={address.id}
                    checked={picked === address.id}
                    onChange={() => choose(address)}
                  />
                  <span className="option-card__body">
                    <span className="option-card__title">{address.title}</span>
                    <span className="option-card__hint">{address.description}</span>
                    {zone && <ZoneFee zone={zone} language={language} />}
                  </span>
                </label>
              );
            })}
          </fieldset>
        )}
      </SavedAddressList>
      {notCovered && (
        <p className="field__error" role="alert" data-testid="address-not-covered">
          {t('ordering.notCovered')}
        </p>
      )}
      {adding ? (
        <div className="card">
          <Suspense fallback={<div className="skeleton skeleton--block" />}>
            <AddressForm
              address={null}
              branches={mapBranches}
              openAt={qrBranch?.location}
              save={(body) => createDeliveryAddress(uuid, body, language)}
              onSaved={(address) => {
                setAddresses((list) => [...(list ?? []), address]);
                setAdding(false);
                choose(address);
              }}
              onCancel={() => setAdding(false)}
            />
          </Suspense>
        </div>
      ) : (
        addresses && (
          <button type="button" className="btn btn-secondary" onClick={() => setAdding(true)}>
            {t('ordering.addAddress')}
          </button>
        )
      )}
    </section>
  );
}

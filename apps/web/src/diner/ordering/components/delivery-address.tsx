import { lazy, Suspense } from 'react';
import { SavedAddressList } from '../../../components/address/saved-address-list';
import { useTranslation } from '../../../lib/use-translation';
import { useDeliveryAddress } from '../hooks/use-delivery-address';
import { AddressOptions, SignInForAddress } from './delivery-address-parts';

// The form carries the map (Leaflet): its chunk loads only when the diner adds an address.
const AddressForm = lazy(() => import('../../../components/address/address-form'));

export function DeliveryAddress({ uuid, branchId }: { uuid: string; branchId: number }) {
  const { t } = useTranslation();
  const d = useDeliveryAddress(uuid, branchId);
  const { addresses, adding, setAdding, choose } = d;

  if (d.status === 'signedOut') return <SignInForAddress uuid={uuid} />;

  return (
    <section className="section" aria-labelledby="address-heading" data-testid="delivery-address">
      <h2 id="address-heading">{t('ordering.addressTitle')}</h2>
      <SavedAddressList
        addresses={addresses}
        loadError={d.loadError}
        onRetry={d.load}
        empty={!adding && <p>{t('ordering.noAddresses')}</p>}
      >
        {(list) => (
          <AddressOptions list={list} zones={d.zones} zonesKnown={d.zonesKnown} picked={d.picked} choose={choose} />
        )}
      </SavedAddressList>
      {d.notCovered && (
        <p className="field__error" role="alert" data-testid="address-not-covered">
          {t('ordering.notCovered')}
        </p>
      )}
      {adding ? (
        <div className="card">
          <Suspense fallback={<div className="skeleton skeleton--block" />}>
            <AddressForm
              address={null}
              branches={d.mapBranches}
              openAt={d.qrBranch?.location}
              save={d.save}
              onSaved={(address) => {
                d.setAddresses((list) => [...(list ?? []), address]);
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

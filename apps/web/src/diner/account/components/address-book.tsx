import { lazy, Suspense } from 'react';
import { SavedAddressList } from '../../../components/address/saved-address-list';
import { PageFallback } from '../../../components/ui/page-fallback';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { createAddress } from '../api/create-address';
import { updateAddress } from '../api/update-address';
import { useAddressBook } from '../hooks/use-address-book';
import { SavedAddressCard } from './saved-address-card';

// The form carries the map (Leaflet): its chunk loads only when the diner adds or edits an address.
const AddressForm = lazy(() => import('../../../components/address/address-form'));

/** Saved delivery addresses, managed from the profile: list, add, edit, delete (with a confirmation). */
export function AddressBook({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const b = useAddressBook(uuid);
  const { addresses, editing, setEditing, saved, mapBranches, qrBranch } = b;

  return (
    <section className="section" aria-labelledby="addresses-heading" data-testid="address-book">
      <h2 id="addresses-heading">{t('address.heading')}</h2>
      <SavedAddressList
        addresses={addresses}
        loadError={b.loadError}
        onRetry={b.load}
        empty={!editing && <p data-testid="no-addresses">{t('address.empty')}</p>}
        skeletonLines={2}
      >
        {(list) => (
          <ul className="address-list">
            {list.map((address) => (
              <li key={address.id} className="card address-card" data-testid="address-card">
                {editing?.kind === 'edit' && editing.address.id === address.id ? (
                  <Suspense fallback={<PageFallback />}>
                    <AddressForm
                      address={address}
                      save={(body) => updateAddress(uuid, address.id, body, language)}
                      onSaved={saved}
                      onCancel={() => setEditing(null)}
                      branches={mapBranches}
                      openAt={qrBranch?.location}
                    />
                  </Suspense>
                ) : (
                  <SavedAddressCard
                    address={address}
                    confirming={b.confirming === address.id}
                    deleting={b.deleting}
                    deleteError={b.deleteError}
                    onEdit={() => setEditing({ kind: 'edit', address })}
                    onAskDelete={() => b.setConfirming(address.id)}
                    onDelete={() => void b.remove(address.id)}
                    onKeep={() => b.setConfirming(null)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </SavedAddressList>
      {editing?.kind === 'new' ? (
        <div className="card">
          <Suspense fallback={<PageFallback />}>
            <AddressForm
              address={null}
              save={(body) => createAddress(uuid, body, language)}
              onSaved={saved}
              onCancel={() => setEditing(null)}
              branches={mapBranches}
              openAt={qrBranch?.location}
            />
          </Suspense>
        </div>
      ) : (
        addresses && (
          <button
            ref={b.addButton}
            type="button"
            className="btn btn-primary"
            onClick={() => setEditing({ kind: 'new' })}
          >
            {t('address.add')}
          </button>
        )
      )}
    </section>
  );
}

import { formatPhone } from '@sufra/shared/phone/phone-number';
import type { Address } from '@sufra/shared/schemas/customer';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SavedAddressList } from '../../../components/address/saved-address-list';
import { PageFallback } from '../../../components/ui/page-fallback';
import { errorText } from '../../../lib/api-client';
import type { TFunction } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { createAddress } from '../api/create-address';
import { deleteAddress } from '../api/delete-address';
import { getAddresses } from '../api/get-addresses';
import { updateAddress } from '../api/update-address';

// The form carries the map (Leaflet): its chunk loads only when the diner adds or edits an address.
const AddressForm = lazy(() => import('../../../components/address/address-form'));

type Editing = { kind: 'new' } | { kind: 'edit'; address: Address } | null;

/** Saved delivery addresses, managed from the profile: list, add, edit, delete (with a confirmation). */
export function AddressBook({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // The map draws the QR code's branch and its delivery zones.
  const qrBranch = useAppSelector((s) => s.establishment.establishment?.branch);
  const mapBranches = useMemo(() => (qrBranch ? [qrBranch] : []), [qrBranch]);

  const load = useCallback(() => {
    setLoadError(null);
    getAddresses(uuid, language).then(setAddresses, (error: unknown) => setLoadError(errorText(error, language)));
  }, [uuid, language]);

  useEffect(load, [load]);

  const saved = (address: Address) => {
    setAddresses((list = []) =>
      list?.some((item) => item.id === address.id)
        ? list.map((item) => (item.id === address.id ? address : item))
        : [...(list ?? []), address],
    );
    void showToast(t('address.saved'));
    setEditing(null);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  const remove = async (id: number) => {
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteAddress(uuid, id, language);
      setAddresses((list) => (list ?? []).filter((item) => item.id !== id));
      setConfirming(null);
      void showToast(t('address.deleted'));
      requestAnimationFrame(() => addButton.current?.focus());
    } catch (error) {
      setDeleteError(errorText(error, language));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section className="section" aria-labelledby="addresses-heading" data-testid="address-book">
      <h2 id="addresses-heading">{t('address.heading')}</h2>
      <SavedAddressList
        addresses={addresses}
        loadError={loadError}
        onRetry={load}
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
                  <>
                    <span className="address-card__title">{address.title}</span>
                    <span>{address.description}</span>
                    <span className="address-card__details">{details(address, t)}</span>
                    {confirming === address.id ? (
                      <div className="confirm-box">
                        <span>{t('address.confirmDelete')}</span>
                        <button
                          type="button"
                          className="btn btn-small btn-danger"
                          disabled={deleting}
                          onClick={() => void remove(address.id)}
                        >
                          {t('address.confirmYes')}
                        </button>
                        <button
                          type="button"
                          className="btn btn-small btn-secondary"
                          disabled={deleting}
                          onClick={() => setConfirming(null)}
                        >
                          {t('account.cancel')}
                        </button>
                        {deleteError && (
                          <p className="field__error" role="alert">
                            {deleteError}
                          </p>
                        )}
                      </div>
                    ) : (
                      <div className="address-card__actions">
                        <button
                          type="button"
                          className="btn btn-small btn-secondary"
                          onClick={() => setEditing({ kind: 'edit', address })}
                          aria-label={t('address.editNamed', { title: address.title })}
                        >
                          {t('address.edit')}
                        </button>
                        <button
                          type="button"
                          className="btn btn-small btn-secondary"
                          onClick={() => setConfirming(address.id)}
                          aria-label={t('address.deleteNamed', { title: address.title })}
                        >
                          {t('address.delete')}
                        </button>
                      </div>
                    )}
                  </>
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
          <button ref={addButton} type="button" className="btn btn-primary" onClick={() => setEditing({ kind: 'new' })}>
            {t('address.add')}
          </button>
        )
      )}
    </section>
  );
}

function details(address: Address, t: TFunction): string {
  const parts = [
    address.doorNumber && t('address.doorShort', { value: address.doorNumber }),
    address.levelNumber && t('address.levelShort', { value: address.levelNumber }),
    address.blockNumber && t('address.blockShort', { value: address.blockNumber }),
    address.phone && formatPhone(address.phone),
  ].filter(Boolean);
  return parts.join(' · ');
}

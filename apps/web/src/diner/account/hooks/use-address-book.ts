import type { Address } from '@sufra/shared/schemas/customer';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { deleteAddress } from '../api/delete-address';
import { getAddresses } from '../api/get-addresses';

export type Editing = { kind: 'new' } | { kind: 'edit'; address: Address } | null;

/** The diner's saved addresses: loaded, the one being added or edited, and deleting one after a confirmation. */
export function useAddressBook(uuid: string) {
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

  return {
    ...{ addresses, loadError, load, editing, setEditing, confirming, setConfirming, deleting, deleteError },
    ...{ addButton, qrBranch, mapBranches, saved, remove },
  };
}

import type { Address } from '@sufra/shared/schemas/customer';
import { useMemo, useRef, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { setQueryData } from '../../../lib/query-writes';
import { showToast } from '../../../lib/toast';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { useDinerKey } from '../../../stores/use-diner-key';
import { deleteAddress } from '../api/delete-address';
import { getAddresses } from '../api/get-addresses';

export type Editing = { kind: 'new' } | { kind: 'edit'; address: Address } | null;

/** The diner's saved addresses: loaded, the one being added or edited, and deleting one after a confirmation. */
export function useAddressBook(uuid: string) {
  const { t } = useTranslation();
  const language = useLanguage();
  const diner = useDinerKey(uuid);
  // The same list as the delivery step's (one key): a change here shows there.
  const key = diner ? [...diner, 'addresses', language] : null;
  const query = useApiQuery(key, () => getAddresses(uuid, language), { staleMs: 0 });
  const addresses = query.data ?? null;
  const loadError = query.error && !query.loading ? errorText(query.error, language) : null;
  const load = query.refetch;
  const setAddresses = (update: (list: Address[] | undefined) => Address[]) => {
    if (key) setQueryData(key, update);
  };
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const deletion = useApiMutation((id: number) => deleteAddress(uuid, id, language));
  const deleting = deletion.busy;
  const deleteError = deletion.error ? errorText(deletion.error, language) : null;
  const addButton = useRef<HTMLButtonElement>(null);
  // The map draws the QR code's branch and its delivery zones.
  const qrBranch = useAppSelector((s) => s.establishment.establishment?.branch);
  const mapBranches = useMemo(() => (qrBranch ? [qrBranch] : []), [qrBranch]);

  const saved = (address: Address) => {
    setAddresses((list = []) =>
      list.some((item) => item.id === address.id)
        ? list.map((item) => (item.id === address.id ? address : item))
        : [...list, address],
    );
    void showToast(t('address.saved'));
    setEditing(null);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  const remove = async (id: number) => {
    try {
      await deletion.mutate(id);
    } catch {
      return; // deleteError says why
    }
    setAddresses((list) => (list ?? []).filter((item) => item.id !== id));
    setConfirming(null);
    void showToast(t('address.deleted'));
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return {
    ...{ addresses, loadError, load, editing, setEditing, confirming, setConfirming, deleting, deleteError },
    ...{ addButton, qrBranch, mapBranches, saved, remove },
  };
}

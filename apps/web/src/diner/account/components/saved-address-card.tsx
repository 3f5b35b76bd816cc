import { formatPhone } from '@sufra/shared/phone/phone-number';
import type { Address } from '@sufra/shared/schemas/customer';
import type { TFunction } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/use-translation';

type Props = {
  address: Address;
  /** "Delete this address?" is asked inside the card. */
  confirming: boolean;
  deleting: boolean;
  deleteError: string | null;
  onEdit: () => void;
  onAskDelete: () => void;
  onDelete: () => void;
  onKeep: () => void;
};

/** One saved address in the profile's book: its lines, and edit or delete (with a confirmation). */
export function SavedAddressCard(props: Props) {
  const { address, confirming, deleting, deleteError, onEdit, onAskDelete, onDelete, onKeep } = props;
  const { t } = useTranslation();
  return (
    <>
      <span className="address-card__title">{address.title}</span>
      <span>{address.description}</span>
      <span className="address-card__details">{details(address, t)}</span>
      {confirming ? (
        <div className="confirm-box">
          <span>{t('address.confirmDelete')}</span>
          <button type="button" className="btn btn-small btn-danger" disabled={deleting} onClick={onDelete}>
            {t('address.confirmYes')}
          </button>
          <button type="button" className="btn btn-small btn-secondary" disabled={deleting} onClick={onKeep}>
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
            onClick={onEdit}
            aria-label={t('address.editNamed', { title: address.title })}
          >
            {t('address.edit')}
          </button>
          <button
            type="button"
            className="btn btn-small btn-secondary"
            onClick={onAskDelete}
            aria-label={t('address.deleteNamed', { title: address.title })}
          >
            {t('address.delete')}
          </button>
        </div>
      )}
    </>
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

import type { Address, AddressBody } from '@sufra/shared/schemas/customer';
import { useTranslation } from '../../lib/use-translation';
import { FormAlert, FormField } from '../ui/form-field';
import { PhoneField } from '../ui/phone-field';
import { AddressLocation } from './address-location';
import type { LatLng, MapBranch } from './address-map';
import { useAddressForm } from './use-address-form';
import './address.css';
import '../ui/form.css';

interface Props {
  address: Address | null;
  /** Creates or updates the address (the page that shows the form knows which API call): the profile and ordering both use it. */
  save: (body: AddressBody) => Promise<Address>;
  onSaved: (address: Address) => void;
  onCancel: () => void;
  /**
   * The branches the map draws with their delivery zones: the caller's (the chosen branch, else the QR code's), since
   * shared components do not read the store.
   */
  branches: readonly MapBranch[];
  /** Where the map opens when no point is set yet: the QR code's branch, when known. */
  openAt: LatLng | undefined;
}

/**
 * Add or edit a saved address: title, description, door, level, block, phone, and the map point.
 * In components/ because two features show it: the profile's address book and the delivery step of ordering.
 */
export default function AddressForm({ address, save, onSaved, onCancel, branches, openAt }: Props) {
  const { t } = useTranslation();
  const f = useAddressForm({ address, save, onSaved, openAt });

  const text = (
    name: 'title' | 'description' | 'doorNumber' | 'levelNumber' | 'blockNumber',
    max: number,
    optional = false,
  ) => (
    <FormField id={`${f.idPrefix}-${name}`} label={t(`address.${name}`)} error={f.errors[name]} optional={optional}>
      {(control) => (
        <input
          {...control}
          className="input"
          maxLength={max}
          value={f.values[name]}
          disabled={f.busy}
          onChange={(event) => f.edit({ [name]: event.target.value })}
        />
      )}
    </FormField>
  );

  return (
    <form ref={f.formRef} className="form" noValidate onSubmit={f.onSubmit} data-testid="address-form">
      <h3>{address ? t('address.editTitle') : t('address.addTitle')}</h3>
      {text('title', 60)}
      {text('description', 300)}
      <div className="field-row">
        {text('doorNumber', 20, true)}
        {text('levelNumber', 20, true)}
        {text('blockNumber', 20, true)}
      </div>
      <PhoneField
        id={`${f.idPrefix}-phone`}
        label={t('address.phone')}
        value={f.phone}
        onChange={f.editPhone}
        error={f.errors.phone}
        optional
        disabled={f.busy}
      />
      <AddressLocation form={f} branches={branches} />
      <FormAlert message={f.formError} />
      <div className="page__actions">
        <button type="submit" className="btn btn-primary" disabled={f.busy}>
          {f.busy ? t('account.saving') : t('address.save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={f.busy}>
          {t('account.cancel')}
        </button>
      </div>
    </form>
  );
}

import { parsePhone, splitE164 } from '@sufra/shared/phone/phone-number';
import type { Address, AddressBody } from '@sufra/shared/schemas/customer';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  clearFixedErrors,
  type FieldErrors,
  messageFor,
  type PhoneValue,
  phoneError,
  splitApiError,
} from '../../lib/account-form';
import { formatWait } from '../../lib/format-number';
import { useLanguage } from '../../lib/use-language';
import { useTranslation } from '../../lib/use-translation';
import { FormAlert, FormField } from '../ui/form-field';
import { PhoneField } from '../ui/phone-field';
import { useFocusFirstError } from '../ui/use-focus-first-error';
import type { LatLng, MapBranch } from './address-map';
import './address.css';

const AddressMap = lazy(() => import('./address-map'));

/** Riyadh, when the branch's own position is not known. */
const FALLBACK_CENTER: LatLng = { lat: 24.7136, lng: 46.6753 };
const FIELDS = ['title', 'description', 'doorNumber', 'levelNumber', 'blockNumber', 'phone', 'location'] as const;

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

interface Values {
  title: string;
  description: string;
  doorNumber: string;
  levelNumber: string;
  blockNumber: string;
}

/**
 * Add or edit a saved address: title, description, door, level, block, phone, and the map point.
 * In components/ because two features show it: the profile's address book and the delivery step of ordering.
 */
export default function AddressForm({ address, save, onSaved, onCancel, branches, openAt }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [values, setValues] = useState<Values>(() => ({
    title: address?.title ?? '',
    description: address?.description ?? '',
    doorNumber: address?.doorNumber ?? '',
    levelNumber: address?.levelNumber ?? '',
    blockNumber: address?.blockNumber ?? '',
  }));
  // Placed on the map (a tap, a drag, the map's centre) or by "use my current location"; never typed.
  const [point, setPoint] = useState<LatLng | null>(address?.location ?? null);
  const [phone, setPhone] = useState<PhoneValue>(() => {
    if (!address?.phone) return { dial: '966', number: '' };
    const split = splitE164(address.phone);
    return { dial: split.dial_code, number: split.phone_number };
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [locating, setLocating] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const idPrefix = address ? `address-${address.id}` : 'address-new';

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);
  useFocusFirstError(formRef, errors);

  /** A field's error goes as soon as its value is valid (the other fields keep theirs until they are fixed). */
  const edit = (patch: Partial<Values>) => {
    const next = { ...values, ...patch };
    setValues(next);
    const required = (value: string) => (value.trim() === '' ? messageFor('field_required', language) : null);
    setErrors((current) =>
      clearFixedErrors(current, {
        ...('title' in patch && { title: required(next.title) }),
        ...('description' in patch && { description: required(next.description) }),
        ...('doorNumber' in patch && { doorNumber: null }),
        ...('levelNumber' in patch && { levelNumber: null }),
        ...('blockNumber' in patch && { blockNumber: null }),
      }),
    );
  };
  const editPhone = (next: PhoneValue) => {
    setPhone(next);
    const problem = next.number.trim() === '' ? null : phoneError(next, language);
    setErrors((current) => clearFixedErrors(current, { phone: problem }));
  };
  const center = point ?? openAt ?? FALLBACK_CENTER;

  const locateMe = () => {
    if (!navigator.geolocation) {
      setErrors({ location: t('address.locationPermission') });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setPoint({ lat: round6(position.coords.latitude), lng: round6(position.coords.longitude) });
        setErrors(({ location: _, ...rest }) => rest);
      },
      () => {
        setLocating(false);
        // The spec's message, whatever the reason (refused, unavailable, timed out).
        setErrors((current) => ({ ...current, location: t('address.locationPermission') }));
      },
      { enableHighAccuracy: true, timeout: 10_000 },
    );
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!values.title.trim()) found.title = messageFor('field_required', language);
    if (!values.description.trim()) found.description = messageFor('field_required', language);
    const hasPhone = phone.number.trim() !== '';
    const phoneProblem = hasPhone ? phoneError(phone, language) : null;
    if (phoneProblem) found.phone = phoneProblem;
    if (!point) found.location = t('address.selectAddress');
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0 || !point) return;
    const body: AddressBody = {
      title: values.title.trim(),
      description: values.description.trim(),
      doorNumber: values.doorNumber.trim() || null,
      levelNumber: values.levelNumber.trim() || null,
      blockNumber: values.blockNumber.trim() || null,
      phone:
        hasPhone && parsePhone({ phone_number: phone.number, dial_code: phone.dial }).ok
          ? { phone_number: phone.number, dial_code: phone.dial }
          : null,
      location: point,
    };
    setBusy(true);
    try {
      onSaved(await save(body));
    } catch (error) {
      const split = splitApiError(error, language, FIELDS, (s) =>
        t('account.retryIn', { time: formatWait(s, language) }),
      );
      setErrors(split.fields);
      setFormError(split.form);
    } finally {
      setBusy(false);
    }
  };

  const text = (
    name: 'title' | 'description' | 'doorNumber' | 'levelNumber' | 'blockNumber',
    max: number,
    optional = false,
  ) => (
    <FormField id={`${idPrefix}-${name}`} label={t(`address.${name}`)} error={errors[name]} optional={optional}>
      {(control) => (
        <input
          {...control}
          className="input"
          maxLength={max}
          value={values[name]}
          disabled={busy}
          onChange={(event) => edit({ [name]: event.target.value })}
        />
      )}
    </FormField>
  );

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} data-testid="address-form">
      <h3>{address ? t('address.editTitle') : t('address.addTitle')}</h3>
      {text('title', 60)}
      {text('description', 300)}
      <div className="field-row">
        {text('doorNumber', 20, true)}
        {text('levelNumber', 20, true)}
        {text('blockNumber', 20, true)}
      </div>
      <PhoneField
        id={`${idPrefix}-phone`}
        label={t('address.phone')}
        value={phone}
        onChange={editPhone}
        error={errors.phone}
        optional
        disabled={busy}
      />
      <fieldset className="choice-group" aria-describedby={errors.location ? `${idPrefix}-location-error` : undefined}>
        <legend>{t('address.location')}</legend>
        <p className="field__hint">{t('address.mapHint')}</p>
        <div className="full-width">
          <Suspense fallback={<div className="address-map" />}>
            <AddressMap
              value={point}
              center={center}
              branches={branches}
              onChange={(next) => {
                setPoint(next);
                setErrors(({ location: _, ...rest }) => rest);
              }}
            />
          </Suspense>
        </div>
        <button type="button" className="btn btn-secondary" onClick={locateMe} disabled={busy || locating}>
          {locating ? t('address.locating') : t('address.useMyLocation')}
        </button>
        {errors.location && (
          <p id={`${idPrefix}-location-error`} className="field__error" role="alert" data-testid="location-error">
            {errors.location}
          </p>
        )}
      </fieldset>
      <FormAlert message={formError} />
      <div className="page__actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('account.saving') : t('address.save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          {t('account.cancel')}
        </button>
      </div>
    </form>
  );
}

/** Six decimals (~10 cm) are plenty for a door. */
function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

import { parsePhone, splitE164 } from '@sufra/shared/phone/phone-number';
import type { Address, AddressBody } from '@sufra/shared/schemas/customer';
import { type FormEvent, useEffect, useRef, useState } from 'react';
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
import { useFocusFirstError } from '../ui/use-focus-first-error';
import type { LatLng } from './address-map';

/** Riyadh, when the branch's own position is not known. */
const FALLBACK_CENTER: LatLng = { lat: 24.7136, lng: 46.6753 };
const FIELDS = ['title', 'description', 'doorNumber', 'levelNumber', 'blockNumber', 'phone', 'location'] as const;

export interface AddressValues {
  title: string;
  description: string;
  doorNumber: string;
  levelNumber: string;
  blockNumber: string;
}

type Options = {
  address: Address | null;
  save: (body: AddressBody) => Promise<Address>;
  onSaved: (address: Address) => void;
  openAt: LatLng | undefined;
};

/** The address form's values, point and phone, checked as they are edited and on saving. */
export function useAddressForm({ address, save, onSaved, openAt }: Options) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [values, setValues] = useState<AddressValues>(() => ({
    title: address?.title ?? '',
    description: address?.description ?? '',
    doorNumber: address?.doorNumber ?? '',
    levelNumber: address?.levelNumber ?? '',
    blockNumber: address?.blockNumber ?? '',
  }));
  // Placed on the map (a tap, a drag, the map's centre) or by "use my current location"; never typed.
  const [point, setPoint] = useState<LatLng | null>(address?.location ?? null);
  const [phone, setPhone] = useState<PhoneValue>(() => phoneOf(address));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const idPrefix = address ? `address-${address.id}` : 'address-new';

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);
  useFocusFirstError(formRef, errors);

  /** A field's error goes as soon as its value is valid (the other fields keep theirs until they are fixed). */
  const edit = (patch: Partial<AddressValues>) => {
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

  const { locating, locateMe } = useLocateMe(setPoint, setErrors);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!values.title.trim()) found.title = messageFor('field_required', language);
    if (!values.description.trim()) found.description = messageFor('field_required', language);
    const phoneProblem = phone.number.trim() !== '' ? phoneError(phone, language) : null;
    if (phoneProblem) found.phone = phoneProblem;
    if (!point) found.location = t('address.selectAddress');
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0 || !point) return;
    const body = addressBody(values, phone, point);
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

  return {
    ...{ values, point, setPoint, phone, errors, setErrors, formError, busy, locating, formRef, idPrefix, center },
    ...{ edit, editPhone, locateMe, onSubmit },
  };
}

export type AddressFormState = ReturnType<typeof useAddressForm>;

/** "Use my current location": the browser's position, or the spec's message when it gives none. */
function useLocateMe(
  setPoint: (point: LatLng) => void,
  setErrors: (update: (current: FieldErrors) => FieldErrors) => void,
) {
  const { t } = useTranslation();
  const [locating, setLocating] = useState(false);
  const locateMe = () => {
    if (!navigator.geolocation) {
      setErrors(() => ({ location: t('address.locationPermission') }));
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

  return { locating, locateMe };
}

function phoneOf(address: Address | null): PhoneValue {
  if (!address?.phone) return { dial: '966', number: '' };
  const split = splitE164(address.phone);
  return { dial: split.dial_code, number: split.phone_number };
}

/** The form's values as the API takes them: trimmed, blanks as null, the phone only when it is a valid one. */
function addressBody(values: AddressValues, phone: PhoneValue, point: LatLng): AddressBody {
  const hasPhone = phone.number.trim() !== '';
  return {
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
}

/** Six decimals (~10 cm) are plenty for a door. */
function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

import { useMemo } from 'react';
import { DIAL_COUNTRIES, dialOptionLabel, type PhoneValue } from '../../lib/account-form';
import { useLanguage } from '../../lib/use-language';
import { useTranslation } from '../../lib/use-translation';
import { FormField } from './form-field';
import './form.css';

interface Props {
  id: string;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  error?: string | null | undefined;
  label?: string;
  optional?: boolean;
  disabled?: boolean;
}

/** Mobile number with its country dial code (+966 by default); the number reads left to right in both languages. */
export function PhoneField({ id, value, onChange, error, label, optional = false, disabled = false }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return DIAL_COUNTRIES.map(([region, dial]) => ({ region, dial, name: names.of(region) ?? region }));
  }, [language]);
  const known = options.some((option) => option.dial === value.dial);
  return (
    <FormField id={id} label={label ?? t('phoneField.mobile')} error={error} optional={optional}>
      {(control) => (
        <div className="phone-field__controls">
          <select
            className="input"
            aria-label={t('phoneField.dialCode')}
            value={value.dial}
            disabled={disabled}
            data-testid={`${id}-dial`}
            onChange={(event) => onChange({ ...value, dial: event.target.value })}
          >
            {!known && <option value={value.dial}>{dialOptionLabel(value.dial)}</option>}
            {options.map((option) => (
              <option key={option.region} value={option.dial}>
                {dialOptionLabel(option.dial, option.name)}
              </option>
            ))}
          </select>
          <input
            {...control}
            className="input input--ltr"
            type="tel"
            dir="ltr"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={32}
            placeholder="5X XXX XXXX"
            value={value.number}
            disabled={disabled}
            onChange={(event) => onChange({ ...value, number: event.target.value })}
          />
        </div>
      )}
    </FormField>
  );
}

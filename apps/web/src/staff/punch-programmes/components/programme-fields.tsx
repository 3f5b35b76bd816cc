import { typedDigits } from '@sufra/shared/digits';
import { FormField } from '../../../components/ui/form-field';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { useProgrammeForm } from '../hooks/use-programme-form';

const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

type Choice = { id: number; name: Record<'ar' | 'en', string> };
type ChecksProps = {
  legend: string;
  className: string;
  options: readonly Choice[];
  chosen: number[];
  onChange: (chosen: number[]) => void;
};

/** The menu's categories or items, any number of them ticked. */
export function ChoiceChecks({ legend, className, options, chosen, onChange }: ChecksProps) {
  const language = useLanguage();
  return (
    <fieldset className={className}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.id} className="punch-form__check">
          <input type="checkbox" checked={chosen.includes(o.id)} onChange={() => onChange(toggle(chosen, o.id))} />
          {o.name[language]}
        </label>
      ))}
    </fieldset>
  );
}

/** A whole number, shown in the staff's digits and kept as ASCII digits. */
export function CountField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (digits: string) => void;
}) {
  const language = useLanguage();
  return (
    <FormField id={id} label={label}>
      {(control) => (
        <input
          {...control}
          className="input"
          inputMode="numeric"
          autoComplete="off"
          value={value === '' ? '' : formatNumber(Number(value), language)}
          onChange={(e) => onChange(typedDigits(e.target.value, 4))}
        />
      )}
    </FormField>
  );
}

/** The name in one language, typed in that language's direction. */
function NameField(props: {
  id: string;
  label: string;
  lang: 'ar' | 'en';
  value: string;
  onChange: (name: string) => void;
}) {
  return (
    <FormField id={props.id} label={props.label}>
      {(control) => (
        <input
          {...control}
          className="input"
          dir={props.lang === 'ar' ? 'rtl' : 'ltr'}
          lang={props.lang}
          maxLength={80}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}

/** The programme's name in both languages, each typed in its own direction. */
export function NameFields({ form: f }: { form: ReturnType<typeof useProgrammeForm> }) {
  const { t } = useTranslation();
  return (
    <div className="field-row">
      <NameField id="punch-name-ar" label={t('staff.punch.nameAr')} lang="ar" value={f.nameAr} onChange={f.setNameAr} />
      <NameField id="punch-name-en" label={t('staff.punch.nameEn')} lang="en" value={f.nameEn} onChange={f.setNameEn} />
    </div>
  );
}

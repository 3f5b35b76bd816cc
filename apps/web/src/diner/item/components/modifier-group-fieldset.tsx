import { formatSarChange } from '@sufra/shared/money';
import type { ModifierGroup } from '@sufra/shared/schemas/menu';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { isSingleChoice } from '../item-selection';

interface Props {
  group: ModifierGroup;
  selected: readonly number[];
  onToggle: (optionId: number) => void;
  /** The add button was pressed (or tried) while this group still needs a choice. */
  invalid: boolean;
}

function useHint(group: ModifierGroup): string {
  const { t } = useTranslation();
  if (isSingleChoice(group)) return t('item.chooseOne');
  if (group.min === 0) return t('item.chooseUpTo', { count: group.max });
  if (group.min === group.max) return t('item.chooseExactly', { count: group.min });
  return t('item.chooseRange', { min: group.min, max: group.max });
}

/** One modifier group: radios when exactly one is required, checkboxes otherwise; max enforced by disabling. */
export function ModifierGroupFieldset({ group, selected, onToggle, invalid }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const hint = useHint(group);
  const single = isSingleChoice(group);
  const full = !single && selected.length >= group.max;
  const hintId = `group-${group.id}-hint`;

  return (
    <fieldset className={`choice-group${invalid ? ' choice-group--invalid' : ''}`} aria-describedby={hintId}>
      <legend className="choice-group__legend">
        <span className="choice-group__name">{group.name}</span>
        <span className={`badge ${group.min > 0 ? 'badge--required' : 'badge--muted'}`}>
          {group.min > 0 ? t('item.required') : t('item.optional')}
        </span>
      </legend>
      <p id={hintId} className="choice-group__hint">
        {hint}
      </p>
      <ul className="choice-list">
        {group.options.map((option) => {
          const checked = selected.includes(option.id);
          const disabled = !option.available || (!checked && full);
          const id = `option-${group.id}-${option.id}`;
          return (
            <li key={option.id}>
              <label htmlFor={id} className={`choice${disabled ? ' choice--disabled' : ''}`}>
                <input
                  id={id}
                  type={single ? 'radio' : 'checkbox'}
                  name={`group-${group.id}`}
                  value={option.id}
                  checked={checked}
                  disabled={disabled}
                  required={single}
                  onChange={() => onToggle(option.id)}
                />
                <span className="choice__name">
                  {option.name}
                  {!option.available && <span className="choice__note"> ({t('item.optionSoldOut')})</span>}
                </span>
                {option.priceHalalas > 0 && (
                  <span className="choice__price">{formatSarChange(option.priceHalalas, language)}</span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

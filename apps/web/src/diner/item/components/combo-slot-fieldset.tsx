import { formatSarChange } from '@sufra/shared/money';
import type { ComboSlot, MenuItem } from '@sufra/shared/schemas/menu';
import { AppImage } from '../../../components/ui/app-image';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

interface Props {
  slot: ComboSlot;
  products: ReadonlyMap<number, MenuItem>;
  chosen: number | undefined;
  onChoose: (itemId: number) => void;
  invalid: boolean;
}

/** One combo slot: pick the product that fills it (radio list with picture and extra price). */
export function ComboSlotFieldset({ slot, products, chosen, onChoose, invalid }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <fieldset className={`choice-group${invalid ? ' choice-group--invalid' : ''}`}>
      <legend className="choice-group__legend">
        <span className="choice-group__name">{slot.name}</span>
        <span className="badge badge--required">{t('item.required')}</span>
      </legend>
      <ul className="choice-list">
        {slot.choices.map((choice) => {
          const product = products.get(choice.itemId);
          const name = product?.name ?? `#${choice.itemId}`;
          const disabled = product ? !product.available : false;
          const id = `slot-${slot.id}-${choice.itemId}`;
          return (
            <li key={choice.itemId}>
              <label htmlFor={id} className={`choice choice--with-image${disabled ? ' choice--disabled' : ''}`}>
                <input
                  id={id}
                  type="radio"
                  name={`slot-${slot.id}`}
                  value={choice.itemId}
                  checked={chosen === choice.itemId}
                  disabled={disabled}
                  onChange={() => onChoose(choice.itemId)}
                />
                <AppImage src={product?.image} alt="" width={48} height={48} className="choice__image" />
                <span className="choice__name">
                  {name}
                  {disabled && <span className="choice__note"> ({t('item.optionSoldOut')})</span>}
                </span>
                {choice.extraPriceHalalas > 0 && (
                  <span className="choice__price">{formatSarChange(choice.extraPriceHalalas, language)}</span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

import type { AdminItem } from '@sufra/shared/schemas/menu-admin';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { newChoice, newSlot, type SlotDraft } from '../combo-slots-draft';

/**
 * A combo's slots in the item editor: each slot's names and the products it offers with their extra price. An item
 * with no slot is a plain item; a combo's products are the brand's plain items (never a combo, never itself).
 */
export function ComboSlotsEditor({
  slots,
  products,
  errors,
  onChange,
}: {
  slots: SlotDraft[];
  products: AdminItem[];
  errors: ReadonlySet<string>;
  onChange: (slots: SlotDraft[]) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const setSlot = (index: number, next: Partial<SlotDraft>) =>
    onChange(slots.map((s, i) => (i === index ? { ...s, ...next } : s)));
  return (
    <fieldset className="manage-menu__options" data-testid="menu-combo-slots">
      <legend>{t('manageMenu.combo.title')}</legend>
      <p className="manage-menu__hint">{t('manageMenu.combo.hint')}</p>
      {slots.map((slot, index) => {
        const n = formatNumber(index + 1, language);
        return (
          <div key={slot.key} className="manage-menu__slot" data-testid={`menu-combo-slot-${index}`}>
            <div className="manage-menu__slot-names">
              <input
                className="input"
                dir="rtl"
                lang="ar"
                aria-label={t('manageMenu.combo.slotNameAr', { n })}
                placeholder={t('manageMenu.combo.slotNameAr', { n })}
                aria-invalid={errors.has(`slot.${index}.name`) || undefined}
                value={slot.nameAr}
                onChange={(e) => setSlot(index, { nameAr: e.target.value })}
                data-testid={`menu-combo-slot-name-ar-${index}`}
              />
              <input
                className="input"
                dir="ltr"
                lang="en"
                aria-label={t('manageMenu.combo.slotNameEn', { n })}
                placeholder={t('manageMenu.combo.slotNameEn', { n })}
                aria-invalid={errors.has(`slot.${index}.name`) || undefined}
                value={slot.nameEn}
                onChange={(e) => setSlot(index, { nameEn: e.target.value })}
                data-testid={`menu-combo-slot-name-en-${index}`}
              />
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => onChange(slots.filter((_, i) => i !== index))}
              >
                {t('manageMenu.combo.removeSlot')}
              </button>
            </div>
            {errors.has(`slot.${index}.name`) && <p className="form-error">{t('manageMenu.combo.nameRequired')}</p>}
            {errors.has(`slot.${index}.choices`) && (
              <p className="form-error">{t('manageMenu.combo.choiceRequired')}</p>
            )}
            <ul className="manage-menu__slot-choices">
              {slot.choices.map((choice, j) => (
                <li key={choice.key}>
                  <select
                    className="input"
                    aria-label={t('manageMenu.combo.product', { n, m: formatNumber(j + 1, language) })}
                    value={choice.itemId ?? ''}
                    onChange={(e) =>
                      setSlot(index, {
                        choices: slot.choices.map((c, k) =>
                          k === j ? { ...c, itemId: e.target.value === '' ? null : Number(e.target.value) } : c,
                        ),
                      })
                    }
                    data-testid={`menu-combo-choice-${index}-${j}`}
                  >
                    <option value="">{t('manageMenu.combo.pick')}</option>
                    {products.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name[language]}
                      </option>
                    ))}
                  </select>
                  <span className="manage-menu__slot-extra" aria-hidden="true">
                    {t('manageMenu.combo.extraShort')}
                  </span>
                  <input
                    className="input manage-menu__money"
                    inputMode="decimal"
                    aria-label={t('manageMenu.combo.extra', { n, m: formatNumber(j + 1, language) })}
                    aria-invalid={errors.has(`slot.${index}.choice.${j}.extra`) || undefined}
                    value={choice.extra}
                    onChange={(e) =>
                      setSlot(index, {
                        choices: slot.choices.map((c, k) => (k === j ? { ...c, extra: e.target.value } : c)),
                      })
                    }
                  />
                  <button
                    type="button"
                    className="btn btn-ghost"
                    disabled={slot.choices.length === 1}
                    onClick={() => setSlot(index, { choices: slot.choices.filter((_, k) => k !== j) })}
                  >
                    {t('manageMenu.combo.removeChoice')}
                  </button>
                </li>
              ))}
            </ul>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setSlot(index, { choices: [...slot.choices, newChoice()] })}
            >
              {t('manageMenu.combo.addChoice')}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => onChange([...slots, newSlot()])}
        data-testid="menu-combo-add-slot"
      >
        {t('manageMenu.combo.addSlot')}
      </button>
    </fieldset>
  );
}

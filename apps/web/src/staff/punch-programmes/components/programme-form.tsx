import type { StaffPunchProgramme, StaffPunchProgrammesResponse } from '@sufra/shared/schemas/punch-cards';
import { FormAlert, FormField } from '../../../components/ui/form-field';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useProgrammeForm } from '../hooks/use-programme-form';
import { ChoiceChecks, CountField, NameFields } from './programme-fields';

/**
 * A programme's simple form: both names, the qualifying items and categories (from the brand's menu), the items
 * count, the days to complete and the reward. The server checks everything again and answers in the staff's language.
 */
export function ProgrammeForm({
  choices,
  editing,
  onSaved,
  onCancel,
}: {
  choices: StaffPunchProgrammesResponse;
  editing: StaffPunchProgramme | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const f = useProgrammeForm(choices, editing, onSaved);

  return (
    <form className="form card punch-form" onSubmit={f.submit} data-testid="punch-programme-form" noValidate>
      <h3>{editing ? t('staff.punch.editTitle') : t('staff.punch.newTitle')}</h3>
      <NameFields form={f} />
      <ChoiceChecks
        legend={t('staff.punch.categories')}
        className="punch-form__choices"
        options={choices.categories}
        chosen={f.categoryIds}
        onChange={f.setCategoryIds}
      />
      <ChoiceChecks
        legend={t('staff.punch.items')}
        className="punch-form__choices punch-form__choices--items"
        options={choices.items}
        chosen={f.itemIds}
        onChange={f.setItemIds}
      />
      <div className="field-row">
        <CountField
          id="punch-count"
          label={t('staff.punch.itemsCount')}
          value={f.itemsCount}
          onChange={f.setItemsCount}
        />
        <CountField id="punch-days" label={t('staff.punch.days')} value={f.days} onChange={f.setDays} />
      </div>
      <FormField id="punch-reward" label={t('staff.punch.reward')}>
        {(control) => (
          <select {...control} className="input" value={f.rewardId} onChange={(e) => f.setRewardId(e.target.value)}>
            {choices.rewards.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name[language]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <label className="punch-form__check">
        <input type="checkbox" checked={f.isActive} onChange={(e) => f.setIsActive(e.target.checked)} />
        {t('staff.punch.active')}
      </label>
      <FormAlert message={f.error} testId="punch-form-error" />
      <div className="punch-form__actions">
        <button type="submit" className="btn btn-primary" disabled={f.saving} data-testid="punch-save">
          {t('staff.punch.save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('staff.punch.cancel')}
        </button>
      </div>
    </form>
  );
}

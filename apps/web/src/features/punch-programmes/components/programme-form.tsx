import type {
  PunchProgrammeBody,
  StaffPunchProgramme,
  StaffPunchProgrammesResponse,
} from '@sufra/shared/schemas/punch-cards';
import { type FormEvent, useState } from 'react';
import { FormAlert, FormField } from '../../../components/ui/form-field';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { savePunchProgramme } from '../api/punch-programmes';

/** A typed whole number as kept: ASCII digits only (Arabic-Indic and Persian digits are read as theirs). */
const digitsOf = (text: string) =>
  text
    .replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.codePointAt(0) ?? 0) & 0xf))
    .replace(/\D/g, '')
    .slice(0, 4);

const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

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
  const [nameAr, setNameAr] = useState(editing?.name.ar ?? '');
  const [nameEn, setNameEn] = useState(editing?.name.en ?? '');
  const [itemIds, setItemIds] = useState<number[]>(editing?.itemIds ?? []);
  const [categoryIds, setCategoryIds] = useState<number[]>(editing?.categoryIds ?? []);
  const [itemsCount, setItemsCount] = useState(String(editing?.itemsCount ?? 6));
  const [days, setDays] = useState(String(editing?.daysToComplete ?? 30));
  const [rewardId, setRewardId] = useState(String(editing?.rewardId ?? choices.rewards[0]?.id ?? ''));
  const [isActive, setIsActive] = useState(editing?.isActive ?? true);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSaving(true);
    const body: PunchProgrammeBody = {
      name: { ar: nameAr, en: nameEn },
      itemIds,
      categoryIds,
      itemsCount: Number(itemsCount),
      daysToComplete: Number(days),
      rewardId: Number(rewardId),
      isActive,
    };
    try {
      await savePunchProgramme(editing?.id ?? null, body, language);
      onSaved();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : errorText(caught, language));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="form punch-form" onSubmit={submit} data-testid="punch-programme-form" noValidate>
      <h3>{editing ? t('staff.punch.editTitle') : t('staff.punch.newTitle')}</h3>
      <div className="field-row">
        <FormField id="punch-name-ar" label={t('staff.punch.nameAr')}>
          {(control) => (
            <input
              {...control}
              className="input"
              dir="rtl"
              lang="ar"
              maxLength={80}
              value={nameAr}
              onChange={(e) => setNameAr(e.target.value)}
            />
          )}
        </FormField>
        <FormField id="punch-name-en" label={t('staff.punch.nameEn')}>
          {(control) => (
            <input
              {...control}
              className="input"
              dir="ltr"
              lang="en"
              maxLength={80}
              value={nameEn}
              onChange={(e) => setNameEn(e.target.value)}
            />
          )}
        </FormField>
      </div>
      <fieldset className="punch-form__choices">
        <legend>{t('staff.punch.categories')}</legend>
        {choices.categories.map((c) => (
          <label key={c.id} className="punch-form__check">
            <input
              type="checkbox"
              checked={categoryIds.includes(c.id)}
              onChange={() => setCategoryIds(toggle(categoryIds, c.id))}
            />
            {c.name[language]}
          </label>
        ))}
      </fieldset>
      <fieldset className="punch-form__choices punch-form__choices--items">
        <legend>{t('staff.punch.items')}</legend>
        {choices.items.map((i) => (
          <label key={i.id} className="punch-form__check">
            <input
              type="checkbox"
              checked={itemIds.includes(i.id)}
              onChange={() => setItemIds(toggle(itemIds, i.id))}
            />
            {i.name[language]}
          </label>
        ))}
      </fieldset>
      <div className="field-row">
        <FormField id="punch-count" label={t('staff.punch.itemsCount')}>
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="numeric"
              autoComplete="off"
              value={itemsCount === '' ? '' : formatNumber(Number(itemsCount), language)}
              onChange={(e) => setItemsCount(digitsOf(e.target.value))}
            />
          )}
        </FormField>
        <FormField id="punch-days" label={t('staff.punch.days')}>
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="numeric"
              autoComplete="off"
              value={days === '' ? '' : formatNumber(Number(days), language)}
              onChange={(e) => setDays(digitsOf(e.target.value))}
            />
          )}
        </FormField>
      </div>
      <FormField id="punch-reward" label={t('staff.punch.reward')}>
        {(control) => (
          <select {...control} className="input" value={rewardId} onChange={(e) => setRewardId(e.target.value)}>
            {choices.rewards.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name[language]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <label className="punch-form__check">
        <input type="checkbox" checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />
        {t('staff.punch.active')}
      </label>
      <FormAlert message={error} testId="punch-form-error" />
      <div className="punch-form__actions">
        <button type="submit" className="btn btn-primary" disabled={saving} data-testid="punch-save">
          {t('staff.punch.save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('staff.punch.cancel')}
        </button>
      </div>
    </form>
  );
}

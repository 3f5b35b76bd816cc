import type {
  PunchProgrammeBody,
  StaffPunchProgramme,
  StaffPunchProgrammesResponse,
} from '@sufra/shared/schemas/punch-cards';
import { type FormEvent, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { savePunchProgramme } from '../api/punch-programmes';

/** A programme's values as typed (counts as digit strings), saved as one body; the server checks it all again. */
export function useProgrammeForm(
  choices: StaffPunchProgrammesResponse,
  editing: StaffPunchProgramme | null,
  onSaved: () => void,
) {
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

  return {
    ...{ nameAr, setNameAr, nameEn, setNameEn, itemIds, setItemIds, categoryIds, setCategoryIds },
    ...{ itemsCount, setItemsCount, days, setDays, rewardId, setRewardId, isActive, setIsActive },
    ...{ error, saving, submit },
  };
}

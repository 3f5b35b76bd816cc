import { errorMessage } from '@sufra/shared/messages/errors';
import { toAsciiDigits } from '@sufra/shared/phone/phone-number';
import type { PointsEntry } from '@sufra/shared/schemas/loyalty';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { adjustPoints } from '../api/adjust-points';
import { formatPointsChange } from '../loyalty-admin-format';

/** The reason's length as the API takes it (pointsAdjustBody): the diner reads it in their history. */
const REASON_MIN = 3;
export const REASON_MAX = 500;

/** An adjustment (add or remove, a whole number of points, a reason), checked here first, then by the server. */
export function useAdjustPoints(customerId: number, onAdjusted: (entries: PointsEntry[]) => void) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [direction, setDirection] = useState<'add' | 'remove'>('add');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setFailure(null);
    const digits = toAsciiDigits(amount).trim();
    const points = /^\d{1,7}$/.test(digits) ? Number(digits) : Number.NaN;
    const problems: { amount?: string; reason?: string } = {};
    if (digits === '') problems.amount = errorMessage('field_required', language);
    else if (!(points >= 1 && points <= 1_000_000)) problems.amount = t('staff.loyalty.amountInvalid');
    if (reason.trim() === '') problems.reason = errorMessage('field_required', language);
    else if (reason.trim().length < REASON_MIN) problems.reason = t('staff.loyalty.reasonShort');
    setErrors(problems);
    if (problems.amount || problems.reason) return;
    setSending(true);
    try {
      const signed = direction === 'add' ? points : -points;
      const history = await adjustPoints(customerId, { points: signed, reason: reason.trim() }, language);
      onAdjusted(history.entries);
      setAmount('');
      setReason('');
      setDone(t('staff.loyalty.adjusted', { points: formatPointsChange(signed, language) }));
    } catch (error) {
      setFailure(errorText(error, language));
    } finally {
      setSending(false);
    }
  };

  return {
    ...{ direction, setDirection, amount, setAmount, reason, setReason, errors, failure, done, sending },
    submit,
  };
}

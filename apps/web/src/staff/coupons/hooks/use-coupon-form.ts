import { errorMessage } from '@sufra/shared/messages/errors';
import type { StaffCoupon } from '@sufra/shared/schemas/coupons';
import { type FormEvent, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { saveStaffCoupon } from '../api/staff-coupons';
import { bodyOf, type Draft, draftOf, draftProblems, fieldErrorsOf } from '../coupon-draft';

/** The coupon as typed, and saving it; the server's refusal goes under the fields it names and in the form's alert. */
export function useCouponForm(coupon: StaffCoupon | null, onSaved: (saved: StaffCoupon) => void) {
  const language = useLanguage();
  const [draft, setDraft] = useState<Draft>(() => draftOf(coupon));
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = draftProblems(draft, language);
    if (Object.keys(problems).length > 0) {
      setFields(problems);
      setAlert(errorMessage('validation_failed', language));
      return;
    }
    const body = bodyOf(draft);
    setBusy(true);
    setAlert(null);
    setFields({});
    try {
      onSaved(await saveStaffCoupon(coupon?.id ?? null, body, language));
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.fields) setFields(fieldErrorsOf(error.fields));
      setAlert(errorText(error, language));
    }
  };

  return { draft, busy, alert, fields, set, submit };
}

import type { Lead } from '@sufra/shared/schemas/referral';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-field';
import { PhoneField } from '../../../components/ui/phone-field';
import { type PhoneValue, phoneError, splitApiError } from '../../../lib/account-form';
import { formatWait } from '../../../lib/format-number';
import { showToast } from '../../../lib/toast';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { addLead } from '../api/referral';

const EMPTY: PhoneValue = { dial: '966', number: '' };

/**
 * A friend's phone becomes a Pending lead. Refusals (the spec's "lead already exist, please try another friend",
 * one's own number, a number that is not valid) stay under the field; a friend who is already a customer is answered
 * like any other (the server tells no one who its customers are); the day's limit shows above the button with its wait.
 */
export function LeadForm({ uuid, onAdded }: { uuid: string; onAdded: (lead: Lead) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [phone, setPhone] = useState<PhoneValue>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = phoneError(phone, language);
    setError(problem);
    setFormError(null);
    if (problem) return;
    setBusy(true);
    try {
      const lead = await addLead(uuid, { phone: { phone_number: phone.number, dial_code: phone.dial } }, language);
      onAdded(lead);
      setPhone(EMPTY);
      void showToast(t('referral.invited'), 'success');
    } catch (caught) {
      const split = splitApiError(caught, language, ['phone'], (seconds) => formatWait(seconds, language));
      setError(split.fields.phone ?? null);
      setFormError(split.form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card card--raised referral-invite" aria-labelledby="referral-invite-title">
      <h2 id="referral-invite-title">{t('referral.inviteTitle')}</h2>
      <p className="referral-page__small">{t('referral.inviteLead')}</p>
      <form className="form" noValidate onSubmit={submit} data-testid="lead-form">
        <PhoneField
          id="friend-phone"
          label={t('referral.friendPhone')}
          value={phone}
          onChange={(next) => {
            setPhone(next);
            if (error) setError(null);
          }}
          error={error}
          disabled={busy}
        />
        <FormAlert message={formError} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
          {busy ? t('referral.inviting') : t('referral.invite')}
        </button>
      </form>
    </section>
  );
}

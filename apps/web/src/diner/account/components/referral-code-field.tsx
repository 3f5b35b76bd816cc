import { FormField } from '../../../components/ui/form-field';
import { useTranslation } from '../../../lib/use-translation';

interface Props {
  value: string;
  onChange: (value: string) => void;
  onRemove: () => void;
  error?: string | undefined;
  disabled: boolean;
}

/**
 * The friend's referral code on the registration form, filled in from their invitation (/reference/{code}); they
 * may correct it, or register without it. Empty, it says "Referral code is required" (the spec's message).
 */
export function ReferralCodeField({ value, onChange, onRemove, error, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <FormField id="referralCode" label={t('account.referralCode')} hint={t('account.referralCodeHint')} error={error}>
      {(control) => (
        <div className="referral-code-field">
          <input
            {...control}
            className="input"
            dir="ltr"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            value={value}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
          />
          <button type="button" className="link-button" onClick={onRemove} disabled={disabled}>
            {t('account.removeReferralCode')}
          </button>
        </div>
      )}
    </FormField>
  );
}

import type { MyCouponsResponse } from '@sufra/shared/schemas/coupons';
import { FormField } from '../../components/ui/form-field';
import { useLanguage } from '../../lib/use-language';
import { useTranslation } from '../../lib/use-translation';
import type { CouponFieldState } from './use-coupon-field';
import '../../components/ui/form.css';

/** The code as typed, checked on "Apply". */
export function CouponCodeForm({ state: c, testId }: { state: CouponFieldState; testId: string }) {
  const { t } = useTranslation();
  return (
    <form
      className="coupon-field__form"
      onSubmit={(event) => {
        event.preventDefault();
        void c.apply(c.code);
      }}
    >
      <FormField id={`${testId}-code`} label={t('coupons.codeLabel')} error={c.error}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            dir="ltr"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={64}
            value={c.code}
            onChange={(event) => c.setCode(event.target.value)}
          />
        )}
      </FormField>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={c.sending || !c.code.trim()}
        aria-busy={c.sending}
        data-testid={`${testId}-apply`}
      >
        {t('coupons.apply')}
      </button>
    </form>
  );
}

type MineProps = { state: CouponFieldState; suggestions: MyCouponsResponse['coupons']; testId: string };

/** The diner's own coupons, each one tap away instead of typing its code. */
export function MyCouponChoices({ state: c, suggestions, testId }: MineProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="coupon-field__mine" aria-label={t('coupons.yours')} data-testid={`${testId}-mine`}>
      {suggestions.map((mine) => (
        <li key={mine.id} className="coupon-field__mine-item">
          <span>
            <strong dir="ltr">{mine.code}</strong> {mine.name[language]}
          </span>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={c.sending}
            onClick={() => void c.apply(mine.code)}
            aria-label={t('coupons.useNamed', { code: mine.code })}
          >
            {t('coupons.use')}
          </button>
        </li>
      ))}
    </ul>
  );
}

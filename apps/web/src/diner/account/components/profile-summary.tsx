import { formatPhone } from '@sufra/shared/phone/phone-number';
import type { Customer } from '@sufra/shared/schemas/customer';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

/** The profile's read-only facts: mobile, member since, wallet and lifetime points. */
export function ProfileSummary({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const since = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', { dateStyle: 'medium' }).format(
    new Date(customer.memberSince),
  );
  return (
    <dl className="card profile-summary" data-testid="profile-summary">
      <div>
        <dt>{t('account.mobile')}</dt>
        <dd>
          <bdi dir="ltr" className="phone-number" data-testid="profile-phone">
            {formatPhone(customer.phone)}
          </bdi>
        </dd>
      </div>
      <div>
        <dt>{t('account.memberSince')}</dt>
        <dd>{since}</dd>
      </div>
      <div>
        <dt>{t('account.walletPoints')}</dt>
        <dd>{formatNumber(customer.walletPoints, language)}</dd>
      </div>
      <div>
        <dt>{t('account.lifetimePoints')}</dt>
        <dd>{formatNumber(customer.lifetimePoints, language)}</dd>
      </div>
    </dl>
  );
}

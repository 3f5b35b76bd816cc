import type { StaffCoupon } from '@sufra/shared/schemas/coupons';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import '../../../components/ui/form.css';

/** The brand's coupons: code, name, whether it is off, how often it was used (of its limit), and its edit button. */
export function CouponList({ coupons, onEdit }: { coupons: StaffCoupon[]; onEdit: (coupon: StaffCoupon) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const n = (value: number) => formatNumber(value, language);
  return (
    <ul className="coupons-section__list" aria-labelledby="coupons-heading" data-testid="staff-coupons">
      {coupons.map((coupon) => (
        <li key={coupon.id} className="card coupons-section__item">
          <div>
            <p>
              <strong dir="ltr">{coupon.code}</strong> {coupon.name[language]}
              {!coupon.isActive && <span className="coupons-section__off"> {t('staff.coupon.manage.inactive')}</span>}
            </p>
            <p className="field__hint" data-testid={`coupon-usage-${coupon.code}`}>
              {coupon.globalLimit === null
                ? t('staff.coupon.manage.usedUnlimited', { used: n(coupon.usedCount) })
                : t('staff.coupon.manage.used', { used: n(coupon.usedCount), limit: n(coupon.globalLimit) })}
            </p>
          </div>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => onEdit(coupon)}
            aria-label={`${t('staff.coupon.manage.edit')} ${coupon.code}`}
          >
            {t('staff.coupon.manage.edit')}
          </button>
        </li>
      ))}
    </ul>
  );
}

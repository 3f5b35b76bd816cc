import type { StaffCoupon } from '@sufra/shared/schemas/coupons';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import '../../../components/ui/form.css';

interface Props {
  coupons: StaffCoupon[];
  onEdit: (coupon: StaffCoupon) => void;
  /** Archive (a current coupon) or restore (an archived one), at the version read. */
  onArchive: (coupon: StaffCoupon, archive: boolean) => void;
  onDuplicate: (coupon: StaffCoupon) => void;
  /** The coupon whose write is on its way (its buttons are disabled meanwhile). */
  busyId: number | null;
}

/**
 * The brand's coupons: code, name, whether it is off, how often it was used (of its limit), and its buttons: edit,
 * duplicate, archive (current ones) or restore (archived ones, which are not edited until restored).
 */
export function CouponList({ coupons, onEdit, onArchive, onDuplicate, busyId }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const n = (value: number) => formatNumber(value, language);
  return (
    <ul className="coupons-section__list" aria-labelledby="coupons-heading" data-testid="staff-coupons">
      {coupons.map((coupon) => {
        const archived = coupon.archivedAt !== null;
        const busy = busyId === coupon.id;
        return (
          <li key={coupon.id} className="card coupons-section__item" data-testid={`coupon-row-${coupon.code}`}>
            <div>
              <p>
                <strong dir="ltr">{coupon.code}</strong> {coupon.name[language]}
                {!coupon.isActive && !archived && (
                  <span className="coupons-section__off"> {t('staff.coupon.manage.inactive')}</span>
                )}
              </p>
              <p className="field__hint" data-testid={`coupon-usage-${coupon.code}`}>
                {coupon.globalLimit === null
                  ? t('staff.coupon.manage.usedUnlimited', { used: n(coupon.usedCount) })
                  : t('staff.coupon.manage.used', { used: n(coupon.usedCount), limit: n(coupon.globalLimit) })}
              </p>
            </div>
            <div className="coupons-section__actions">
              {!archived && (
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={busy}
                  onClick={() => onEdit(coupon)}
                  aria-label={`${t('staff.coupon.manage.edit')} ${coupon.code}`}
                >
                  {t('staff.coupon.manage.edit')}
                </button>
              )}
              <button
                type="button"
                className="btn btn-secondary"
                disabled={busy}
                onClick={() => onDuplicate(coupon)}
                aria-label={t('staffArchive.duplicateNamed', { name: coupon.code })}
              >
                {t('staffArchive.duplicate')}
              </button>
              <button
                type="button"
                className="btn btn-secondary"
                disabled={busy}
                onClick={() => onArchive(coupon, !archived)}
                aria-label={t(archived ? 'staffArchive.restoreNamed' : 'staffArchive.archiveNamed', {
                  name: coupon.code,
                })}
              >
                {archived ? t('staffArchive.restore') : t('staffArchive.archive')}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

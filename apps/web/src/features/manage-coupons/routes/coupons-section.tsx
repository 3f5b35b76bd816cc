import { errorMessage } from '@sufra/shared/messages/errors';
import type { StaffCoupon } from '@sufra/shared/schemas/coupons';
import type { StaffUser } from '@sufra/shared/schemas/staff';
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { listStaffCoupons } from '../api/staff-coupons';
import { CouponForm } from '../components/coupon-form';
import './coupons-section.css';

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; coupon: StaffCoupon };

/**
 * `/staff/coupons` (managers and owners): the brand's coupons with their usage counts, a form to create one and to
 * edit each (issue 16; the full management console comes later).
 */
export default function CouponsSection({ user }: { user: StaffUser }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [coupons, setCoupons] = useState<StaffCoupon[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const allowed = user.role === 'owner' || user.role === 'manager';

  const load = useCallback(() => {
    listStaffCoupons(language).then(
      (answer) => setCoupons(answer.coupons),
      (caught: unknown) => setError(errorText(caught, language)),
    );
  }, [language]);
  useEffect(() => {
    if (allowed) load();
  }, [allowed, load]);

  if (!allowed) return <p className="notice notice--info">{errorMessage('forbidden', language)}</p>;
  const n = (value: number) => formatNumber(value, language);
  return (
    <section className="section coupons-section" aria-labelledby="coupons-heading" data-testid="coupons-section">
      <div className="coupons-section__bar">
        <div>
          <h2 id="coupons-heading">{t('staff.coupon.manage.title')}</h2>
          <p className="page__lead">{t('staff.coupon.manage.lead')}</p>
        </div>
        {editing.kind === 'none' && (
          <button type="button" className="btn btn-primary btn-large" onClick={() => setEditing({ kind: 'new' })}>
            {t('staff.coupon.manage.new')}
          </button>
        )}
      </div>
      {error && (
        <p className="form-alert" role="alert">
          {error}
        </p>
      )}
      {editing.kind !== 'none' && (
        <CouponForm
          key={editing.kind === 'edit' ? editing.coupon.id : 'new'}
          coupon={editing.kind === 'edit' ? editing.coupon : null}
          onCancel={() => setEditing({ kind: 'none' })}
          onSaved={() => {
            setEditing({ kind: 'none' });
            load();
          }}
        />
      )}
      {coupons && coupons.length === 0 && <p>{t('staff.coupon.manage.none')}</p>}
      {coupons && coupons.length > 0 && (
        <ul className="coupons-section__list" aria-labelledby="coupons-heading" data-testid="staff-coupons">
          {coupons.map((coupon) => (
            <li key={coupon.id} className="card coupons-section__item">
              <div>
                <p>
                  <strong dir="ltr">{coupon.code}</strong> {coupon.name[language]}
                  {!coupon.isActive && (
                    <span className="coupons-section__off"> {t('staff.coupon.manage.inactive')}</span>
                  )}
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
                onClick={() => setEditing({ kind: 'edit', coupon })}
                aria-label={`${t('staff.coupon.manage.edit')} ${coupon.code}`}
              >
                {t('staff.coupon.manage.edit')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

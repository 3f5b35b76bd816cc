import { errorMessage } from '@sufra/shared/messages/errors';
import type { StaffCoupon } from '@sufra/shared/schemas/coupons';
import type { StaffUser } from '@sufra/shared/schemas/staff';
import { useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { listStaffCoupons } from '../api/staff-coupons';
import { CouponForm } from '../components/coupon-form';
import { CouponList } from '../components/coupon-list';
import './coupons-section.css';
import '../../../components/ui/form.css';

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; coupon: StaffCoupon };

/**
 * `/staff/coupons` (managers and owners): the brand's coupons with their usage counts, a form to create one and to
 * edit each (issue 16; the full management console comes later).
 */
export default function CouponsSection({ user }: { user: StaffUser }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const allowed = user.role === 'owner' || user.role === 'manager';
  const query = useApiQuery(allowed ? ['staff', 'coupons', language] : null, () => listStaffCoupons(language), {
    staleMs: 0,
  });
  const coupons = query.data?.coupons ?? null;
  const error = query.error ? errorText(query.error, language) : null;
  const load = query.refetch;

  if (!allowed) return <p className="notice notice--info">{errorMessage('forbidden', language)}</p>;
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
        <CouponList coupons={coupons} onEdit={(coupon) => setEditing({ kind: 'edit', coupon })} />
      )}
    </section>
  );
}

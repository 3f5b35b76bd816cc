import { errorMessage } from '@sufra/shared/messages/errors';
import type { StaffCoupon } from '@sufra/shared/schemas/coupons';
import type { StaffUser } from '@sufra/shared/schemas/staff';
import { useState } from 'react';
import { ArchiveFilter, type ArchiveView } from '../../../components/ui/archive-filter';
import { errorText } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { SectionTitle } from '../../console/ui/page-header';
import { duplicateStaffCoupon, listStaffCoupons, setStaffCouponArchived } from '../api/staff-coupons';
import { CouponForm } from '../components/coupon-form';
import { CouponList } from '../components/coupon-list';
import './coupons-section.css';
import '../../../components/ui/form.css';

type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; coupon: StaffCoupon };

/**
 * `/staff/coupons` (managers and owners): the brand's coupons with their usage counts, a form to create one and to
 * edit each (issue 16; the full management console comes later).
 */
export default function CouponsSection({ user, titleLevel }: { user: StaffUser; titleLevel?: 1 | 2 }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const allowed = user.role === 'owner' || user.role === 'manager';
  const query = useApiQuery(allowed ? ['staff', 'coupons', language] : null, () => listStaffCoupons(language), {
    staleMs: 0,
  });
  const [view, setView] = useState<ArchiveView>('current');
  const all = query.data?.coupons ?? null;
  const coupons = all?.filter((c) => (c.archivedAt !== null) === (view === 'archived')) ?? null;
  const archivedCount = all?.filter((c) => c.archivedAt !== null).length ?? 0;
  const load = query.refetch;
  // Archive/restore and duplicate (issue 27 item 7): the list reloads; a copy opens in the editor at once.
  const archiving = useApiMutation(
    ({ coupon, archive }: { coupon: StaffCoupon; archive: boolean }) =>
      setStaffCouponArchived(coupon, archive, language),
    { invalidates: [['staff', 'coupons']] },
  );
  const duplicating = useApiMutation((coupon: StaffCoupon) => duplicateStaffCoupon(coupon.id, language), {
    invalidates: [['staff', 'coupons']],
  });
  const writeError = archiving.error ?? duplicating.error;
  const error = query.error ?? writeError;
  const errorLine = error ? errorText(error, language) : null;
  const busyId = archiving.busy
    ? (archiving.variables?.coupon.id ?? null)
    : duplicating.busy
      ? (duplicating.variables?.id ?? null)
      : null;

  if (!allowed) return <p className="notice notice--info">{errorMessage('forbidden', language)}</p>;
  return (
    <section className="section coupons-section" aria-labelledby="coupons-heading" data-testid="coupons-section">
      <div className="coupons-section__bar">
        <div>
          <SectionTitle id="coupons-heading" level={titleLevel}>
            {t('staff.coupon.manage.title')}
          </SectionTitle>
          <p className="page__lead">{t('staff.coupon.manage.lead')}</p>
        </div>
        {editing.kind === 'none' && (
          <button type="button" className="btn btn-primary btn-large" onClick={() => setEditing({ kind: 'new' })}>
            {t('staff.coupon.manage.new')}
          </button>
        )}
      </div>
      {errorLine && (
        <p className="form-alert" role="alert">
          {errorLine}
        </p>
      )}
      {all && <ArchiveFilter view={view} onChange={setView} archivedCount={archivedCount} />}
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
      {coupons && coupons.length === 0 && (
        <p>{view === 'archived' ? t('staffArchive.noneArchived') : t('staff.coupon.manage.none')}</p>
      )}
      {coupons && coupons.length > 0 && (
        <CouponList
          coupons={coupons}
          busyId={busyId}
          onEdit={(coupon) => setEditing({ kind: 'edit', coupon })}
          onArchive={(coupon, archive) => {
            archiving.mutate({ coupon, archive }).then(
              () => setEditing({ kind: 'none' }),
              () => undefined,
            );
          }}
          onDuplicate={(coupon) => {
            duplicating.mutate(coupon).then(
              (copy) => {
                setView('current');
                setEditing({ kind: 'edit', coupon: copy });
              },
              () => undefined,
            );
          }}
        />
      )}
    </section>
  );
}

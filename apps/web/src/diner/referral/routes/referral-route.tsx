import type { Lead, ReferralResponse } from '@sufra/shared/schemas/referral';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { setQueryData } from '../../../lib/query-writes';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { useDinerKey } from '../../../stores/use-diner-key';
import { getReferral } from '../api/referral';
import { LeadForm } from '../components/lead-form';
import { LeadList } from '../components/lead-list';
import { ShareCode } from '../components/share-code';
import '../../../components/ui/form.css';
import '../referral.css';

/**
 * `/referral/{uuid}` (issue 17): the diner's code and link to share, how to win by the brand's rule, a friend's
 * phone to invite, and their friends with each one's status. Signed in first (sign-in comes back here); the
 * service switched off goes to the deactivated page before any sign-in is asked for.
 */
export default function ReferralRoute() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const [, navigate] = useLocation();
  const status = useAppSelector((s) => s.auth.status);
  const qr = useAppSelector((s) => s.establishment.establishment);
  const known = qr?.uuid === uuid;
  const switchedOff = known && qr.services.referral === false;
  const here = paths.referral.build(uuid);
  const diner = useDinerKey(uuid);
  const key = status === 'signedIn' && diner ? [...diner, 'referral', language] : null;
  const referral = useApiQuery(key, () => getReferral(uuid, language), { staleMs: 0 });
  const data = referral.data ?? null;
  const loadError = referral.loading ? null : (referral.error ?? null);

  useEffect(() => {
    if (switchedOff) navigate(paths.deactivated.build(uuid, 'referral'), { replace: true });
  }, [switchedOff, navigate, uuid]);
  useEffect(() => {
    if (status !== 'signedOut' || !known || switchedOff) return;
    navigate(paths.register.build(uuid, { mode: 'signin', next: here }), { replace: true });
  }, [status, known, switchedOff, uuid, here, navigate]);

  const load = referral.refetch;
  useEffect(() => {
    if (loadError instanceof ApiError && loadError.code === 'service_deactivated') {
      navigate(paths.deactivated.build(uuid, 'referral'), { replace: true });
    }
  }, [loadError, navigate, uuid]);

  const added = (lead: Lead) => {
    if (key)
      setQueryData<ReferralResponse | undefined>(
        key,
        (current) => current && { ...current, leads: [lead, ...current.leads] },
      );
  };

  if (status !== 'signedIn') return null;
  const unavailable = loadError instanceof ApiError && loadError.code === 'referral_unavailable';
  const brand = known ? qr.brand.name[language] : t('app.name');
  return (
    <div className="page referral-page" data-testid="referral-page">
      <title>{`${t('referral.title')} | ${brand}`}</title>
      <h1>{t('referral.title')}</h1>
      {unavailable && (
        <section className="state-box" data-testid="referral-unavailable">
          <p className="state-box__title">{t('referral.unavailable')}</p>
          <Link to={paths.menu.build(uuid)} className="btn btn-primary">
            {t('referral.toMenu')}
          </Link>
        </section>
      )}
      {loadError !== null &&
        !unavailable &&
        !(loadError instanceof ApiError && loadError.code === 'service_deactivated') && (
          <LoadError error={loadError} onRetry={load} />
        )}
      {!data && loadError === null && <LoadingBlock />}
      {data && (
        <>
          <section className="referral-page__how" aria-labelledby="referral-how">
            <h2 id="referral-how">{t('referral.howTitle')}</h2>
            <p>
              {t('referral.how', {
                referrerPoints: data.rules.referrerPoints,
                friendPoints: data.rules.friendPoints,
              })}
            </p>
            <p className="referral-page__small">{t('referral.howRefund', { days: data.rules.refundWindowDays })}</p>
          </section>
          <ShareCode code={data.code} brand={brand} friendPoints={data.rules.friendPoints} />
          <LeadForm uuid={uuid} onAdded={added} />
          <LeadList leads={data.leads} />
        </>
      )}
    </div>
  );
}

import { useLocation, useParams } from 'wouter';
import { AppImage } from '../../../components/ui/app-image';
import { LoadingBlock } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { rememberReferralCode } from '../../../lib/referral-code';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { getReference } from '../api/referral';
import '../referral.css';

/**
 * `/reference/{code}` (issue 17): the friend's landing. It says who invites them to which restaurant and what they
 * get, remembers the code (lib/referral-code.ts) and takes them to the restaurant's registration, where the code is
 * filled in. A code nobody has says so, with how to reach a menu anyway.
 */
export default function ReferenceRoute() {
  const { code = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const [, navigate] = useLocation();
  const reference = useApiQuery(['referral-reference', code, language], () => getReference(code, language), {
    staleMs: 0,
  });
  const data = reference.data ?? null;
  // A retry clears the error while it asks again, as before.
  const error = reference.loading ? null : (reference.error ?? null);
  const load = reference.refetch;

  const register = () => {
    if (!data) return;
    rememberReferralCode(data.code, data.brand.id);
    navigate(paths.register.build(data.qrUuid, { next: paths.menu.build(data.qrUuid) }));
  };

  const invalid = error instanceof ApiError && error.code === 'referral_code_invalid';
  if (invalid) {
    return (
      <div className="page page--center" data-testid="reference-invalid">
        <title>{`${t('referral.invalidCode')} | ${t('app.name')}`}</title>
        <h1>{t('referral.invalidCode')}</h1>
        <p className="page__lead">{t('referral.scanToStart')}</p>
      </div>
    );
  }
  if (error !== null) {
    return (
      <div className="page page--center">
        <title>{`${t('referral.referenceTitle')} | ${t('app.name')}`}</title>
        <h1>{t('referral.referenceTitle')}</h1>
        <div className="banner banner--error" role="alert">
          <span>{errorText(error, language)}</span>
          {!(error instanceof ApiError && error.code === 'service_deactivated') && (
            <button type="button" className="btn btn-small" onClick={load}>
              {t('app.retry')}
            </button>
          )}
        </div>
      </div>
    );
  }
  if (!data) {
    return (
      <div className="page page--center">
        <LoadingBlock />
      </div>
    );
  }
  const brand = data.brand.name[language];
  return (
    <div className="page page--center reference-page" data-testid="reference-page">
      <title>{`${t('referral.referenceTitle')} | ${brand}`}</title>
      <AppImage src={data.brand.logo} alt="" width={72} height={72} className="reference-page__logo" priority />
      <p className="page__eyebrow">{t('referral.referenceTitle')}</p>
      <h1>{t('referral.referenceLead', { name: data.referrerName, brand })}</h1>
      <p className="page__lead">{t('referral.referenceGift', { points: data.rules.friendPoints })}</p>
      <p className="referral-share__label">{t('referral.referenceCode')}</p>
      <p className="referral-share__code" dir="ltr" data-testid="reference-code">
        {data.code}
      </p>
      <button type="button" className="btn btn-primary btn-block btn-large" onClick={register}>
        {t('referral.registerWithCode')}
      </button>
    </div>
  );
}

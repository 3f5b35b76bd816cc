import type { LocalizedText } from '@sufra/shared/schemas/common';
import { useParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';

/** /deactivated/{uuid}: management switched the service off (DESIGN §8). */
export default function DeactivatedRoute() {
  const { uuid } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const state = (useHistoryState() ?? {}) as { brandName?: LocalizedText };
  const establishment = useAppSelector((s) => s.establishment.establishment);
  const brandName = state.brandName ?? (establishment?.uuid === uuid ? establishment?.brand.name : undefined);

  return (
    <div className="page page--center">
      <title>{`${t('deactivated.title')} | ${t('app.name')}`}</title>
      <svg className="page__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M5 19L19 5" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      {brandName && <p className="page__eyebrow">{brandName[language]}</p>}
      <h1>{t('deactivated.title')}</h1>
      <p className="page__lead">{t('deactivated.text')}</p>
    </div>
  );
}

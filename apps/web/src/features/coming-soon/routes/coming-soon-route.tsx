import { Link, useParams } from 'wouter';
import { type ComingSoonKey, paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';

/**
 * An honest placeholder for the routes later issues build, inside the real layout. It speaks in the restaurant's name
 * (the diner came for the brand, not for the platform) and always leaves one way on: the menu of the restaurant this
 * tab knows, or, on /reference/{code} opened cold (no uuid, nothing known), how to get to one.
 */
export default function ComingSoonRoute({ page }: { page: ComingSoonKey | 'reference' }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { uuid: fromPath } = useParams();
  const establishment = useAppSelector((s) => s.establishment.establishment);
  const uuid = fromPath ?? establishment?.uuid;
  const brand = establishment && establishment.uuid === uuid ? establishment.brand.name[language] : undefined;
  const title = t(`comingSoon.pages.${page}`);
  return (
    <div className="page page--center">
      <title>{`${title} | ${brand ?? t('app.name')}`}</title>
      <p className="page__eyebrow">{t('comingSoon.title')}</p>
      <h1>{title}</h1>
      {uuid ? (
        <>
          <p className="page__lead">{brand ? t('comingSoon.text', { brand }) : t('comingSoon.textPlain')}</p>
          <Link to={paths.menu.build(uuid)} className="btn btn-primary">
            {t('comingSoon.toMenu')}
          </Link>
        </>
      ) : (
        <p className="page__lead">{t('comingSoon.scanToStart')}</p>
      )}
    </div>
  );
}

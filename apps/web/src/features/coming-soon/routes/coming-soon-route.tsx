import { Link, useParams } from 'wouter';
import { type ComingSoonKey, paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';

/** An honest placeholder for the routes later issues build, inside the real layout. */
export default function ComingSoonRoute({ page }: { page: ComingSoonKey | 'reference' }) {
  const { t } = useTranslation();
  const { uuid } = useParams();
  const title = t(`comingSoon.pages.${page}`);
  return (
    <div className="page page--center">
      <title>{`${title} | ${t('app.name')}`}</title>
      <p className="page__eyebrow">{t('comingSoon.title')}</p>
      <h1>{title}</h1>
      <p className="page__lead">{t('comingSoon.text')}</p>
      {uuid && (
        <Link to={paths.menu.build(uuid)} className="btn btn-primary">
          {t('comingSoon.toMenu')}
        </Link>
      )}
    </div>
  );
}

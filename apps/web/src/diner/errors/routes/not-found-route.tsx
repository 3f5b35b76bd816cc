import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';

/** Any URL that is not one of the spec's routes. */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  const establishment = useAppSelector((s) => s.establishment.establishment);
  return (
    <div className="page page--center">
      <title>{`${t('notFound.title')} | ${t('app.name')}`}</title>
      <p className="page__code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p className="page__lead">{t('notFound.text')}</p>
      {establishment && (
        <Link to={paths.qr.build(establishment.uuid)} className="btn btn-primary">
          {t('app.home')}
        </Link>
      )}
    </div>
  );
}

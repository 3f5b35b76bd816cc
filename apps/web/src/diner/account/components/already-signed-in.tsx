import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';

/** `/register/{uuid}` for a diner already signed in: who they are, their profile, or on to where they were going. */
export function AlreadySignedIn({
  uuid,
  title,
  brandName,
  next,
}: {
  uuid: string;
  title: string;
  brandName: string;
  next: string;
}) {
  const { t } = useTranslation();
  const signedInName = useAppSelector((s) => s.auth.userData?.fullName);
  return (
    <div className="page account-page">
      <title>{`${title} | ${brandName}`}</title>
      <h1>{title}</h1>
      <p className="form-notice" data-testid="already-signed-in">
        {t('account.signedInAs', { name: signedInName })}
      </p>
      <div className="page__actions">
        <Link to={paths.editProfile.build(uuid)} className="btn btn-primary">
          {t('account.editProfile')}
        </Link>
        <Link to={next} className="btn btn-secondary">
          {t('account.continue')}
        </Link>
      </div>
    </div>
  );
}

import { imageUrl } from '@sufra/shared/host-rule';
import type { Brand } from '@sufra/shared/schemas/establishment';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { canGoBack } from '../../lib/navigation';
import { useLanguage } from '../../lib/use-language';
import { useTranslation } from '../../lib/use-translation';
import { useAppSelector } from '../../stores/root-state';

interface Props {
  brand?: Brand | null | undefined;
  /** Where the brand links to, and where "back" goes when there is no history. */
  homePath?: string | undefined;
  showBack?: boolean;
  /** The establishment whose customer account the header links to (sign in, or the diner's profile). */
  accountUuid?: string | undefined;
  /** Shown instead of the brand's name (the staff app). */
  title?: string | undefined;
  /** Before the account entry, while the diner is signed in (the inbox bell). */
  extra?: ReactNode;
}

/** "Sign in" or the diner's first name, linking to the profile; nothing while the session is being checked. */
function AccountEntry({ uuid, extra }: { uuid: string; extra: ReactNode }) {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const status = useAppSelector((s) => s.auth.status);
  const name = useAppSelector((s) => s.auth.userData?.fullName);
  if (status === 'unknown') return <span className="app-header__account" aria-hidden="true" />;
  const signedIn = status === 'signedIn';
  const to = signedIn
    ? paths.editProfile.build(uuid)
    : paths.register.build(uuid, { mode: 'signin', next: pathname + window.location.search });
  return (
    <>
      {signedIn && extra}
      <Link
        to={to}
        className={`btn btn-ghost app-header__account ${signedIn ? '' : 'btn-icon'}`}
        data-testid="account-entry"
        aria-label={signedIn ? t('header.profileOf', { name }) : t('header.signIn')}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        {/* Signed out: the icon alone (its name is the aria-label), so the brand's name keeps the room. */}
        {signedIn && <span className="app-header__account-name">{name?.split(' ')[0]}</span>}
      </Link>
    </>
  );
}

export function AppHeader({ brand, homePath, showBack = true, accountUuid, title, extra }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [, navigate] = useLocation();
  const logo = imageUrl(brand?.logo, env.IMAGE_HOST);
  const name = title ?? (brand ? brand.name[language] : t('app.name'));

  const goBack = () => {
    // On the first page of the visit there is nothing of ours to go back to.
    if (canGoBack()) window.history.back();
    else if (homePath) navigate(homePath);
  };

  return (
    <header className="app-header">
      <div className="app-header__inner">
        {showBack && (
          <button type="button" className="btn btn-icon" onClick={goBack} aria-label={t('app.back')}>
            <svg className="icon icon-flip" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        )}
        {homePath ? (
          <Link to={homePath} className="app-header__brand">
            {logo && <img src={logo} alt="" width="32" height="32" className="app-header__logo" />}
            <span>{name}</span>
          </Link>
        ) : (
          <span className="app-header__brand">{name}</span>
        )}
        {accountUuid && <AccountEntry uuid={accountUuid} extra={extra} />}
        <LanguageSwitch />
      </div>
    </header>
  );
}

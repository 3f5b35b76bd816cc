import { imageUrl } from '@sufra/shared/host-rule';
import type { Brand } from '@sufra/shared/schemas/establishment';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { env } from '../../config/env';
import { canGoBack } from '../../lib/navigation';
import { useLanguage } from '../../lib/use-language';

interface Props {
  brand?: Brand | null | undefined;
  /** Where the brand links to, and where "back" goes when there is no history. */
  homePath?: string | undefined;
  showBack?: boolean;
}

export function AppHeader({ brand, homePath, showBack = true }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [, navigate] = useLocation();
  const logo = imageUrl(brand?.logo, env.IMAGE_HOST);
  const name = brand ? brand.name[language] : t('app.name');

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
        <LanguageSwitch />
      </div>
    </header>
  );
}

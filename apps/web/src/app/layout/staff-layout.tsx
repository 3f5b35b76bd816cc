import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { AppHeader } from './app-header';
import { RouteOutlet } from './route-outlet';
import { SkipLink } from './skip-link';

/** The staff app's frame: the app's header (name and language switch, no back button), a wider column. */
export function StaffLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <SkipLink />
      <AppHeader showBack={false} title={t('header.staffApp')} />
      <main id="main" className="app-main app-main--wide" tabIndex={-1}>
        <RouteOutlet>{children}</RouteOutlet>
      </main>
    </>
  );
}

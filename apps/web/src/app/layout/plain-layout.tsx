import type { ReactNode } from 'react';
import { paths } from '../../config/paths';
import { useAppSelector } from '../../stores/root-state';
import { AppHeader } from './app-header';
import { RouteOutlet } from './route-outlet';
import { SkipLink } from './skip-link';

/** Header without fetching an establishment: the 404, /reference/{code} and /deactivated/{uuid}. */
export function PlainLayout({ children }: { children: ReactNode }) {
  const establishment = useAppSelector((s) => s.establishment.establishment);
  return (
    <>
      <SkipLink />
      <AppHeader
        brand={establishment?.brand}
        homePath={establishment ? paths.qr.build(establishment.uuid) : undefined}
      />
      <main id="main" className="app-main" tabIndex={-1}>
        <RouteOutlet>{children}</RouteOutlet>
      </main>
    </>
  );
}

import type { ReactNode } from 'react';
import { RouteOutlet } from './route-outlet';

/** The spec's blank layout (/error): no header, just the page. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="app-main app-main--blank" tabIndex={-1}>
      <RouteOutlet>{children}</RouteOutlet>
    </main>
  );
}

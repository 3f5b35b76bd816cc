import { Suspense } from 'react';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { Outlet, useLocation } from '../../lib/router/router';
import { ChunkErrorScreen, PageFallback } from './page-fallback';

/** The page slot of every layout: lazy pages load behind a fallback; a page that fails to load shows the error screen. */
export function RouteOutlet() {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname} fallback={() => <ChunkErrorScreen />}>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

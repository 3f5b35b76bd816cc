import { type ReactNode, Suspense } from 'react';
import { useLocation } from 'wouter';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { ChunkErrorScreen, PageFallback } from '../../components/ui/page-fallback';

/** The page slot of every layout: lazy pages load behind a fallback; a page that fails to load shows the error screen. */
export function RouteOutlet({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={() => <ChunkErrorScreen />}>
      <Suspense fallback={<PageFallback />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

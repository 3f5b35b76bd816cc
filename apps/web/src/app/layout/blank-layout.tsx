import { RouteOutlet } from './route-outlet';

/** The spec's blank layout (/error): no header, just the page. */
export function BlankLayout() {
  return (
    <main id="main" className="app-main app-main--blank" tabIndex={-1}>
      <RouteOutlet />
    </main>
  );
}

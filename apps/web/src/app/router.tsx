import { comingSoonRoutes, paths } from '../config/paths';
import { lazyPage } from '../lib/lazy-page';
import { Route, Routes } from '../lib/router/router';
import { BlankLayout } from './layout/blank-layout';
import { EstablishmentLayout } from './layout/establishment-layout';
import { PlainLayout } from './layout/plain-layout';

// Every page is its own chunk: the menu route carries only what it needs.
const LandingRoute = lazyPage(() => import('../features/landing/routes/landing-route'));
const MenuRoute = lazyPage(() => import('../features/menu/routes/menu-route'));
const ItemRoute = lazyPage(() => import('../features/item/routes/item-route'));
const ErrorRoute = lazyPage(() => import('../features/errors/routes/error-route'));
const DeactivatedRoute = lazyPage(() => import('../features/errors/routes/deactivated-route'));
const NotFoundRoute = lazyPage(() => import('../features/errors/routes/not-found-route'));
const ComingSoonRoute = lazyPage(() => import('../features/coming-soon/routes/coming-soon-route'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<EstablishmentLayout />}>
        <Route path={paths.qr.pattern} element={<LandingRoute />} />
        <Route path={paths.qrBase.pattern} element={<LandingRoute />} />
        <Route path={paths.menu.pattern} element={<MenuRoute />} />
        <Route path={paths.item.pattern} element={<ItemRoute />} />
        <Route path={paths.itemByName.pattern} element={<ItemRoute />} />
        {comingSoonRoutes.map((route) => (
          <Route key={route.key} path={route.pattern} element={<ComingSoonRoute page={route.key} />} />
        ))}
      </Route>
      <Route element={<PlainLayout />}>
        <Route path={paths.reference.pattern} element={<ComingSoonRoute page="reference" />} />
        <Route path={paths.deactivated.pattern} element={<DeactivatedRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
      <Route element={<BlankLayout />}>
        <Route path={paths.error.pattern} element={<ErrorRoute />} />
      </Route>
    </Routes>
  );
}

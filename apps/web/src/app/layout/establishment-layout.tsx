import { type ReactNode, Suspense, useEffect } from 'react';
import { useLocation, useParams, useSearchParams } from 'wouter';
import { paths } from '../../config/paths';
import { useCustomerSession } from '../../diner/account/hooks/use-customer-session';
import { cleanUtmSource, useQrData } from '../../diner/establishment/api/get-qr-data';
import { ApiError, errorText } from '../../lib/api-client';
import { lazyPage } from '../../lib/lazy-page';
import { useLanguage } from '../../lib/use-language';
import { useTranslation } from '../../lib/use-translation';
import { enterEstablishment, setEstablishment, setUtmSource } from '../../stores/establishment-slice';
import { useAppDispatch } from '../../stores/root-state';
import { AppHeader } from './app-header';
import { RouteOutlet } from './route-outlet';
import { SkipLink } from './skip-link';

// The diner's inbox (issue 28 item 4) through its door: the bell here, loaded once the diner is signed in, and the
// inbox page (app/router.tsx takes it from here: one lazy import of the door, not two).
export const InboxDoor = lazyPage(() => import('../../diner/inbox/inbox-door'));

/** Errors of the QR's data that leave the establishment's pages for /error (spec: 400/404/410). */
const LEAVING_CODES = new Set(['invalid_uuid', 'qr_not_found', 'qr_inactive']);

/**
 * Every page with a {uuid}: enters the establishment (loads its saved cart), fetches the QR's data for the
 * header and the pages, and sends the diner to /error or /deactivated when the QR cannot be used.
 */
export function EstablishmentLayout({ children }: { children: ReactNode }) {
  const { uuid } = useParams();
  const [search] = useSearchParams();
  const utmFromUrl = cleanUtmSource(search.get('utm_source')) ?? null;
  const language = useLanguage();
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [pathname, navigate] = useLocation();
  const { data, error, refetch } = useQrData(uuid, language, utmFromUrl);
  useCustomerSession(uuid, data?.brand.id);

  useEffect(() => {
    if (uuid) dispatch(enterEstablishment(uuid));
  }, [uuid, dispatch]);

  useEffect(() => {
    if (!data || !uuid) return;
    dispatch(setEstablishment(data));
    const utm = data.utm_source ?? utmFromUrl;
    if (utm) dispatch(setUtmSource(utm));
    if (data.services.brand === false) {
      navigate(paths.deactivated.build(uuid), { replace: true, state: { brandName: data.brand.name } });
    }
  }, [data, uuid, utmFromUrl, dispatch, navigate]);

  useEffect(() => {
    if (!(error instanceof ApiError) || !uuid) return;
    if (error.code === 'service_deactivated') {
      navigate(paths.deactivated.build(uuid), { replace: true });
    } else if (LEAVING_CODES.has(error.code) || error.status === 400 || error.status === 404) {
      navigate(paths.error.build(error.code), {
        replace: true,
        state: { message: error.message, from: window.location.pathname + window.location.search },
      });
    }
  }, [error, uuid, navigate]);

  const isLanding = pathname.startsWith('/qr/');
  // Network errors and 5xx stay here with a retry; the pages themselves can still load their own data.
  const transientError = error != null && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

  return (
    <>
      <SkipLink />
      <AppHeader
        brand={data?.brand}
        homePath={uuid ? paths.qr.build(uuid) : undefined}
        showBack={!isLanding}
        accountUuid={uuid}
        // Shown by the account entry, which is there only with a uuid.
        extra={
          <Suspense fallback={null}>
            <InboxDoor part="bell" uuid={uuid as string} />
          </Suspense>
        }
      />
      <main id="main" className="app-main" tabIndex={-1}>
        {transientError && (
          <div className="banner banner--error" role="alert">
            <span>{errorText(error, language)}</span>
            <button type="button" className="btn btn-small" onClick={refetch}>
              {t('app.retry')}
            </button>
          </div>
        )}
        <RouteOutlet>{children}</RouteOutlet>
      </main>
    </>
  );
}

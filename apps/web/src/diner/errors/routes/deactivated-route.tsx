import type { LocalizedText } from '@sufra/shared/schemas/common';
import { SERVICES, type Service } from '@sufra/shared/services';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { getServiceState } from '../api/get-service-state';

type Check = 'checking' | 'off' | 'live';

/** Each visit's own key: the answer must come from after the diner landed here, never from the cache. */
let visits = 0;

/**
 * /deactivated/{uuid}: management switched the service off (DESIGN §8). The page asks the server afresh (not the
 * cache, which may hold the state from before the switch) and only says so when it is true: an old link or a
 * bookmark to a restaurant that is on again goes on to its landing page instead of a false "service stopped". A
 * feature's page sends `?service=` (the wheel, referral, a shop): that switch counts too.
 */
export default function DeactivatedRoute() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const [, navigate] = useLocation();
  // The feature found switched off, when a page of one sent the diner here (the wheel, referral, a shop).
  const asked = useSearchParams()[0].get('service');
  const service = SERVICES.find((s) => s === asked) ?? null;
  // What still works, from the fresh answer: the ways back are offered only to those (none when the brand is off).
  const state = (useHistoryState() ?? {}) as { brandName?: LocalizedText };
  const establishment = useAppSelector((s) => s.establishment.establishment);
  const [visit] = useState(() => ++visits);
  // The language is read once, for the request; the answer does not depend on it.
  const answer = useApiQuery(['service-state', uuid, visit], () => getServiceState(uuid, language));
  const data = answer.data;
  const liveName = data?.brand.name;
  const services: Record<string, boolean> | undefined = data?.services;
  const ways = {
    landing: data !== undefined && data.services.brand !== false,
    menu: data !== undefined && data.services.brand !== false && data.services.menu !== false,
  };
  const featureOff = service !== null && services?.[service] === false;
  const check: Check = data
    ? data.services.brand === false || data.services.menu === false || featureOff
      ? 'off'
      : 'live'
    : answer.error !== undefined
      ? // Switched off (or unreachable): the message stands, a page that cannot check says what it was sent to say.
        // An unknown uuid goes on to the landing page too, which explains that one.
        answer.error instanceof ApiError && answer.error.status === 404
        ? 'live'
        : 'off'
      : 'checking';
  const brandName =
    state.brandName ?? liveName ?? (establishment?.uuid === uuid ? establishment?.brand.name : undefined);

  useEffect(() => {
    if (check === 'live') navigate(paths.qr.build(uuid), { replace: true });
  }, [check, navigate, uuid]);

  if (check !== 'off') {
    return (
      <div className="page page--center" aria-busy="true">
        <span className="visually-hidden" role="status">
          {t('app.loading')}
        </span>
      </div>
    );
  }

  return (
    <div className="page page--center">
      <title>{`${t('deactivated.title')} | ${brandName?.[language] ?? t('app.name')}`}</title>
      <svg className="page__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M5 19L19 5" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      {brandName && <p className="page__eyebrow">{brandName[language]}</p>}
      <h1>{t('deactivated.title')}</h1>
      {/* Which service (issue 24 item 5): the one the diner was sent here for, else the brand or the menu. */}
      <p className="page__lead" data-testid="deactivated-service">
        {t(`deactivated.named.${namedService(service, ways)}`)}
      </p>
      <p>{t('deactivated.text')}</p>
      {(ways.menu || ways.landing) && (
        <nav className="page__actions" aria-label={t('deactivated.stillWorks')} data-testid="deactivated-ways">
          {ways.menu && (
            <Link to={paths.menu.build(uuid)} className="btn btn-primary btn-block">
              {t('deactivated.toMenu')}
            </Link>
          )}
          {ways.landing && (
            <Link to={paths.qr.build(uuid)} className="btn btn-secondary btn-block">
              {t('deactivated.toLanding')}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}

/** The service the page names: the one asked about while the brand and menu are on; else the menu, else the brand. */
function namedService(service: Service | null, ways: { menu: boolean; landing: boolean }): Service {
  if (!ways.landing) return 'brand';
  if (!ways.menu) return 'menu';
  return service ?? 'brand';
}

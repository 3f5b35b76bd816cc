import type { Language } from '@sufra/shared/language';
import { formatSar } from '@sufra/shared/money';
import { cleanUtmSource, getQrData, qrDataQueryKey } from '../diner/establishment/api/get-qr-data';
import { getMenu, menuQueryKey } from '../lib/get-menu';
import { fetchQuery } from '../lib/use-api-query';

/** `/menu/:uuid`, `/qr/:uuid…`, `/items/:uuid/…`, `/cart/:uuid` (case-insensitive, like the router); group 2 is the uuid. */
const ESTABLISHMENT_PAGE = /^\/(menu|qr|items|cart)\/([^/]+)(?:\/|$)/i;

/**
 * Starts the first page's data as soon as the entry runs, while the page's chunk is still loading:
 * the layout and the page then find the requests in flight under the keys their hooks use.
 * Settles (never rejects) when the requests have: the first render can wait for them and show the page whole.
 */
export function prefetchRouteData(location: Location, language: Language): Promise<unknown> {
  const match = ESTABLISHMENT_PAGE.exec(location.pathname);
  const page = match?.[1]?.toLowerCase();
  let uuid: string;
  try {
    uuid = decodeURI(match?.[2] ?? ''); // as wouter decodes params
  } catch {
    return Promise.resolve();
  }
  if (!page || !uuid) return Promise.resolve();
  const utm = cleanUtmSource(new URLSearchParams(location.search).get('utm_source'));
  const requests = [fetchQuery(qrDataQueryKey(uuid), () => getQrData(uuid, language, utm))];
  // The cart prices its lines from the menu.
  if (page === 'menu' || page === 'cart')
    requests.push(fetchQuery(menuQueryKey(uuid, language), () => getMenu(uuid, language)));
  // The first Intl currency formatter costs ~20 ms (ICU loads its locale data): pay it now, while the page waits for
  // the network, rather than in the task that renders the first cards.
  if (page !== 'qr') setTimeout(() => formatSar(0, language), 0);
  return Promise.all(requests);
}

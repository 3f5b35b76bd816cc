import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';

export type LoyaltyPlace = 'rewards' | 'history' | 'levels' | 'pointsShop' | 'prizeShop' | 'prizes';

/** Where each loyalty place lives: My Rewards' three views share one route (its `view` query, so reloads keep it). */
export function loyaltyPlacePath(uuid: string, place: LoyaltyPlace): string {
  switch (place) {
    case 'pointsShop':
      return paths.pointsShop.build(uuid);
    case 'prizeShop':
      return paths.prizeShop.build(uuid);
    case 'prizes':
      return paths.prize.build(uuid);
    case 'rewards':
      return paths.myRewards.build(uuid);
    default:
      return `${paths.myRewards.build(uuid)}?view=${place}`;
  }
}

const PLACES: readonly LoyaltyPlace[] = ['rewards', 'pointsShop', 'prizeShop', 'prizes', 'history', 'levels'];

/** The service each place needs besides loyalty: a place whose service is switched off is not offered. */
const SERVICE_OF_PLACE: Partial<Record<LoyaltyPlace, 'points_shop' | 'prize_shop'>> = {
  pointsShop: 'points_shop',
  prizeShop: 'prize_shop',
  prizes: 'prize_shop',
};

/** Whether a loyalty place can be opened now at this QR code (its service not switched off; issue 24 item 5). */
export function usePlaceOn(uuid: string): (place: LoyaltyPlace) => boolean {
  const services = useAppSelector((s) =>
    s.establishment.establishment?.uuid === uuid ? s.establishment.establishment.services : null,
  );
  return (place) => {
    const service = SERVICE_OF_PLACE[place];
    return service === undefined || services?.[service] !== false;
  };
}

/** The loyalty pages' own navigation: a row of links, the current one marked for assistive technology too. */
export function LoyaltyNav({ uuid, current }: { uuid: string; current: LoyaltyPlace }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const placeOn = usePlaceOn(uuid);
  // The row scrolls sideways on a phone: the current place is brought into view, not left off-screen.
  useEffect(() => {
    ref.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, []);
  return (
    <nav ref={ref} className="loyalty-nav" aria-label={t('loyalty.tabs.label')}>
      <ul>
        {PLACES.filter((place) => placeOn(place) || place === current).map((place) => (
          <li key={place}>
            <Link
              to={loyaltyPlacePath(uuid, place)}
              className={`loyalty-nav__link${place === current ? ' loyalty-nav__link--current' : ''}`}
              aria-current={place === current ? 'page' : undefined}
              data-testid={`loyalty-nav-${place}`}
            >
              {t(`loyalty.tabs.${place}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';

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

/** The loyalty pages' own navigation: a row of links, the current one marked for assistive technology too. */
export function LoyaltyNav({ uuid, current }: { uuid: string; current: LoyaltyPlace }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  // The row scrolls sideways on a phone: the current place is brought into view, not left off-screen.
  useEffect(() => {
    ref.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, []);
  return (
    <nav ref={ref} className="loyalty-nav" aria-label={t('loyalty.tabs.label')}>
      <ul>
        {PLACES.map((place) => (
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

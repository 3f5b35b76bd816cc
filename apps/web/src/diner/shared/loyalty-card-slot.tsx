import { useTranslation } from '../../lib/use-translation';
import { useAppSelector } from '../../stores/root-state';

/**
 * The place a signed-in diner's loyalty card will take, held while the card's chunk or its programme loads
 * (`.loyalty-card-slot`, global.css): the page under it does not jump when the card arrives. Nothing where loyalty is off.
 */
export function LoyaltyCardSlot() {
  const { t } = useTranslation();
  const held = useAppSelector(
    (s) => s.auth.status === 'signedIn' && s.establishment.establishment?.services.loyalty !== false,
  );
  if (!held) return null;
  return (
    <div className="card card--raised loyalty-card-slot" role="status" data-testid="loyalty-card-slot">
      <span className="visually-hidden">{t('app.loading')}</span>
      {/* The card's shape while it loads: its title, the points, the level's bar and its two links. */}
      <div className="skeleton skeleton--heading" aria-hidden="true" />
      <div className="skeleton skeleton--line skeleton--short" aria-hidden="true" />
      <div className="skeleton skeleton--line" aria-hidden="true" />
      <div className="skeleton skeleton--line skeleton--tiny" aria-hidden="true" />
    </div>
  );
}

import { cartNudges } from '@sufra/shared/loyalty/cart-nudges';
import { formatSar } from '@sufra/shared/money';
import { useParams } from 'wouter';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { useLoyaltyAccountQuery } from '../api/get-loyalty-account';
import { useProgramme } from '../api/get-programme';
import { useShopQuery } from '../api/get-shop';
import '../loyalty.css';

/**
 * The cart's nudges (given to the cart page by app/router.tsx): "SAR 12 more to reach Silver" and "SAR 4 more to earn
 * enough points for a free coffee", by the shared arithmetic (`cartNudges`: the brand's rule × the diner's level,
 * exact to the halala). Only for a signed-in diner with loyalty on and a programme; nothing while anything loads.
 */
export default function CartNudges({ cartHalalas }: { cartHalalas: number }) {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const establishment = useAppSelector((s) => s.establishment.establishment);
  const status = useAppSelector((s) => s.auth.status);
  const on = establishment?.uuid === uuid && establishment.services.loyalty !== false;
  const programme = useProgramme(on && status === 'signedIn' ? uuid : undefined, language);
  const ready = on && status === 'signedIn' && programme.data !== undefined;
  // The figures of this visit's loyalty card will do (not asked again for the nudge).
  const account = useLoyaltyAccountQuery(uuid, language, ready, 60_000);
  // The points shop only when it is on (it answers 403 otherwise): then there is no reward nudge.
  const shopOn = ready && establishment?.services.points_shop !== false;
  const shop = useShopQuery(uuid, 'points', true, language, shopOn, 60_000);

  if (!ready || !programme.data || !account.data) return null;
  const nudges = cartNudges({
    walletPoints: account.data.walletPoints,
    lifetimePoints: account.data.lifetimePoints,
    level: account.data.level,
    levels: programme.data.levels,
    rules: programme.data.rules,
    cartHalalas,
    rewards: shop.data?.rewards ?? [],
  });
  if (!nudges.level && !nudges.reward) return null;
  return (
    <ul className="cart-nudges" aria-label={t('loyalty.nudge.label')} data-testid="cart-nudges">
      {nudges.level && (
        <li data-testid="nudge-level">
          {t('loyalty.nudge.toLevel', {
            amount: formatSar(nudges.level.spendHalalas, language),
            level: nudges.level.level.name[language],
          })}
        </li>
      )}
      {nudges.reward && (
        <li data-testid="nudge-reward">
          {t('loyalty.nudge.toReward', {
            amount: formatSar(nudges.reward.spendHalalas, language),
            reward: nudges.reward.reward.name[language],
          })}
        </li>
      )}
    </ul>
  );
}

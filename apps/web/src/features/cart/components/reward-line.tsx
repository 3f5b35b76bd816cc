import { formatSar } from '@sufra/shared/money';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { setReward } from '../../../stores/cart-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import './reward-line.css';

/**
 * The free item of a reward the diner chose in My Rewards: one line at no price (the server adds the item and claims
 * the reward with the order). Removable in the cart; shown as is at checkout.
 */
export function RewardLine({ removable }: { removable: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const reward = useAppSelector((s) => s.cart.reward);
  if (!reward) return null;
  const name = reward.name[language];
  return (
    <div className="card reward-line" data-testid="cart-reward-line">
      <div className="reward-line__text">
        <span className="reward-line__name">{t('cart.rewardLine', { name })}</span>
        <span className="reward-line__price">{formatSar(0, language)}</span>
      </div>
      {removable && (
        <button
          type="button"
          className="btn btn-small btn-secondary"
          aria-label={t('cart.removeNamed', { name })}
          onClick={() => dispatch(setReward(null))}
        >
          {t('cart.remove')}
        </button>
      )}
    </div>
  );
}

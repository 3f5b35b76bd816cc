import { formatSar } from '@sufra/shared/money';
import type { MenuResponse } from '@sufra/shared/schemas/menu';
import { FormField } from '../../../components/ui/form-field';
import { freeItemChoiceGroups, freeItemChoices, freeItemPrice, withFreeItemChoice } from '../../../lib/cart-reward';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { setReward, setRewardChoices } from '../../../stores/cart-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import '../../../components/ui/form.css';
import './reward-line.css';

/**
 * The reward the diner chose in My Rewards (one an order): a free item at no price, with its required choices picked
 * here in the cart (a dearer choice shows what it adds), or a discount with what it takes off (the preview's
 * rewardDiscount; the server prices both again and claims the reward with the order). Removable in the cart; shown as
 * is at checkout.
 */
export function RewardLine({
  removable,
  menu,
  discountHalalas,
}: {
  removable: boolean;
  menu: MenuResponse | undefined;
  /** What the reward's discount takes off, from the preview (undefined while the cart cannot be priced). */
  discountHalalas: number | undefined;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const reward = useAppSelector((s) => s.cart.reward);
  if (!reward) return null;
  const name = reward.name[language];
  const groups = reward.discount ? [] : freeItemChoiceGroups(reward, menu);
  const chosen = freeItemChoices(reward, groups);
  const price = reward.discount ? null : freeItemPrice(reward, groups);
  const chosenNames = groups.flatMap((g) => g.options.filter((o) => chosen.includes(o.id)).map((o) => o.name));
  return (
    <div className="card reward-line" data-testid="cart-reward-line" data-kind={reward.discount ? 'discount' : 'item'}>
      <div className="reward-line__head">
        <div className="reward-line__text">
          <span className="reward-line__name">
            {reward.discount ? t('cart.rewardDiscountLine', { name }) : t('cart.rewardLine', { name })}
          </span>
          {!removable && chosenNames.length > 0 && (
            <span className="reward-line__choices" data-testid="reward-choices-text">
              {new Intl.ListFormat(language, { type: 'unit' }).format(chosenNames)}
            </span>
          )}
          <span className="reward-line__price" data-testid="reward-line-price">
            {price !== null
              ? formatSar(price, language)
              : discountHalalas !== undefined
                ? `−${formatSar(discountHalalas, language)}`
                : null}
          </span>
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
      {removable && groups.length > 0 && (
        <fieldset className="reward-line__choices-form">
          <legend className="reward-line__legend">{t('cart.rewardChoicesTitle')}</legend>
          {groups
            .filter((g) => g.max === 1)
            .map((group) => {
              const cheapest = Math.min(...group.options.filter((o) => o.available).map((o) => o.priceHalalas));
              const value = group.options.find((o) => chosen.includes(o.id))?.id;
              return (
                <FormField key={group.id} id={`reward-choice-${group.id}`} label={group.name}>
                  {(control) => (
                    <select
                      {...control}
                      className="input"
                      data-testid={`reward-choice-${group.id}`}
                      value={value ?? ''}
                      onChange={(event) =>
                        dispatch(
                          setRewardChoices(withFreeItemChoice(chosen, groups, group.id, Number(event.target.value))),
                        )
                      }
                    >
                      {group.options
                        .filter((o) => o.available)
                        .map((option) => (
                          <option key={option.id} value={option.id}>
                            {option.priceHalalas > cheapest
                              ? `${option.name} (+${formatSar(option.priceHalalas - cheapest, language)})`
                              : option.name}
                          </option>
                        ))}
                    </select>
                  )}
                </FormField>
              );
            })}
        </fieldset>
      )}
    </div>
  );
}

import type { ItemResponse, MenuItem } from '@sufra/shared/schemas/menu';
import { type FormEvent, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { formatList } from '../../../lib/format-list';
import { canGoBack } from '../../../lib/navigation';
import { showToast } from '../../../lib/toast';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { addCombo, addProduct } from '../../../stores/cart-slice';
import { useAppDispatch } from '../../../stores/root-state';
import {
  type OptionSelection,
  type SlotSelection,
  toCartCombo,
  toCartProduct,
  unfilledSlots,
  unitTotal,
  unmetGroups,
} from '../item-selection';

/**
 * The item's choices (options, combo slots, quantity), what is still missing, the total, and adding it to the cart
 * (then back to where the diner was on the menu).
 */
export function useItemSelection(uuid: string, data: ItemResponse) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const { item, modifierGroups: groups, comboProducts } = data;
  const [selection, setSelection] = useState<OptionSelection>({});
  const [slotChoices, setSlotChoices] = useState<SlotSelection>({});
  const [quantity, setQuantity] = useState(1);
  const [tried, setTried] = useState(false);

  const products = useMemo(() => new Map<number, MenuItem>(comboProducts.map((p) => [p.id, p])), [comboProducts]);
  const slots = item.combo?.slots ?? [];
  const missingGroups = unmetGroups(groups, selection);
  const missingSlots = unfilledSlots(slots, slotChoices);
  const ready = item.available && missingGroups.length === 0 && missingSlots.length === 0;
  const total = unitTotal(item, groups, selection, slotChoices) * quantity;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!ready) return;
    if (item.combo) dispatch(addCombo(toCartCombo(item, groups, selection, slotChoices, comboProducts, quantity)));
    else dispatch(addProduct(toCartProduct(item, groups, selection, quantity)));
    void showToast(t('item.added'));
    // Back to the menu where the diner was, or to the menu when the item was opened by a link.
    if (canGoBack()) window.history.back();
    else navigate(paths.menu.build(uuid), { replace: true });
  };

  const problems: string[] = [];
  if (missingGroups.length > 0)
    problems.push(
      t('item.needsChoice', {
        groups: formatList(
          missingGroups.map((g) => g.name),
          language,
        ),
      }),
    );
  if (missingSlots.length > 0) problems.push(t('item.comboSlotMissing'));

  return {
    ...{ item, groups, slots, products, selection, setSelection, slotChoices, setSlotChoices, quantity, setQuantity },
    ...{ tried, missingGroups, missingSlots, ready, total, problems, submit },
  };
}

import type { Order } from '@sufra/shared/schemas/order';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { useMenu } from '../../../lib/get-menu';
import { showToast } from '../../../lib/toast';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { putOrderBack } from '../../../stores/cart-slice';
import { enterEstablishment } from '../../../stores/establishment-slice';
import { useAppDispatch } from '../../../stores/root-state';
import { reorderLines } from '../reorder';

/**
 * "Order again": puts a past order's lines back in the cart (rebuilt from the current menu; the lines it already has
 * take the order's quantities, never a second copy) and opens the cart.
 * `ready` is false until the menu has loaded.
 */
export function useReorder(uuid: string): { ready: boolean; reorder: (order: Order) => void } {
  const { t } = useTranslation();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const menu = useMenu(uuid, language);
  const reorder = (order: Order) => {
    if (!menu.data) return;
    dispatch(enterEstablishment(uuid));
    const { products, combos, skipped } = reorderLines(order.lines, menu.data);
    dispatch(putOrderBack({ products, combos }));
    void showToast(
      skipped > 0 ? t('ordering.reorderSkipped') : t('ordering.reordered'),
      skipped > 0 ? 'info' : 'success',
    );
    navigate(paths.cart.build(uuid));
  };
  return { ready: Boolean(menu.data), reorder };
}

import { formatSar } from '@sufra/shared/money';
import { useEffect, useRef, useState } from 'react';
import { formatNumber } from '../../../lib/format-number';
import { showToast } from '../../../lib/toast';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import {
  changeComboQuantity,
  changeProductQuantity,
  removeCombo,
  removeProduct,
  restoreCombo,
  restoreProduct,
} from '../../../stores/cart-slice';
import { useAppDispatch } from '../../../stores/root-state';
import type { ShownLine } from '../shown-lines';

/**
 * A line's quantity changed or the line removed (with an undo), and what follows: one live region says what the diner
 * just did, then the new total; focus moves to the line now in the removed one's place.
 */
export function useCartEdits(total: number | undefined, lineCount: number) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [announcement, setAnnouncement] = useState('');
  const [actionTick, setActionTick] = useState(0);
  const pendingAction = useRef<string | null>(null);
  const previousTotal = useRef<number | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: announced on a new total or a new action only
  useEffect(() => {
    if (total === undefined) return;
    const action = pendingAction.current;
    pendingAction.current = null;
    const first = previousTotal.current === undefined;
    const totalChanged = previousTotal.current !== total;
    previousTotal.current = total;
    if (first || (!totalChanged && !action)) return;
    const sentence = t('cart.totalAnnouncement', { total: formatSar(total, language) });
    setAnnouncement(action ? `${action} ${sentence}` : sentence);
  }, [total, actionTick]);

  const focusAfterRemoval = useRef<number | null>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const position = focusAfterRemoval.current;
    if (position === null) return;
    focusAfterRemoval.current = null;
    const page = pageRef.current;
    const target =
      page?.querySelector<HTMLElement>(`[data-line-position="${Math.min(position, lineCount - 1)}"]`) ??
      page?.querySelector<HTMLElement>('h1');
    target?.focus();
  }, [lineCount]);

  const changeQuantity = (line: ShownLine, quantity: number) => {
    pendingAction.current = t('cart.quantityAnnouncement', {
      name: line.checked.line.name,
      quantity: formatNumber(quantity, language),
    });
    setActionTick((n) => n + 1);
    const payload = { index: line.checked.index, quantity };
    dispatch(line.kind === 'product' ? changeProductQuantity(payload) : changeComboQuantity(payload));
  };

  const remove = (line: ShownLine, position: number) => {
    focusAfterRemoval.current = position;
    const { index } = line.checked;
    const undo =
      line.kind === 'product'
        ? () => dispatch(restoreProduct({ index, line: line.checked.line }))
        : () => dispatch(restoreCombo({ index, line: line.checked.line }));
    dispatch(line.kind === 'product' ? removeProduct(index) : removeCombo(index));
    void showToast(t('cartPage.removed', { name: line.checked.line.name }), 'info', {
      label: t('cartPage.undo'),
      onClick: undo,
    });
  };

  return { announcement, pageRef, changeQuantity, remove };
}

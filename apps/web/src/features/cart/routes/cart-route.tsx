import { formatSar } from '@sufra/shared/money';
import type { MenuResponse } from '@sufra/shared/schemas/menu';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { CartTotals } from '../../../components/ui/cart-totals';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { type CartCombo, type CartProduct, comboUnitTotal, productUnitTotal } from '../../../lib/cart-lines';
import { priceCheckedCart } from '../../../lib/cart-pricing';
import { couponLineItems, couponPricingOf } from '../../../lib/coupons';
import { formatNumber } from '../../../lib/format-number';
import { menuQueryKey, useMenu } from '../../../lib/get-menu';
import { type CartCheck, type CheckedLine, checkCart } from '../../../lib/line-check';
import { showToast } from '../../../lib/toast';
import { peekQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import {
  changeComboQuantity,
  changeProductQuantity,
  removeCombo,
  removeProduct,
  repriceLines,
  restoreCombo,
  restoreProduct,
} from '../../../stores/cart-slice';
import { enterEstablishment } from '../../../stores/establishment-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { CouponField } from '../../coupons/coupon-field';
import { CartLine } from '../components/cart-line';
import { RewardLine } from '../components/reward-line';
import './cart.css';

type ShownLine =
  | { kind: 'product'; checked: CheckedLine<CartProduct> }
  | { kind: 'combo'; checked: CheckedLine<CartCombo> };

function shownLines(check: CartCheck): ShownLine[] {
  return [
    ...check.products.map((checked) => ({ kind: 'product' as const, checked })),
    ...check.combos.map((checked) => ({ kind: 'combo' as const, checked })),
  ];
}

function details(line: ShownLine, slotText: (slot: string, product: string) => string): string[] {
  if (line.checked.problem?.reason === 'line_invalid') return [];
  const modifiers = line.checked.line.modifiers.map((m) => m.name);
  if (line.kind === 'product') return modifiers;
  return [...line.checked.line.slots.map((s) => slotText(s.slotName, s.name)), ...modifiers];
}

/** Price of one unit and the quantity, as the slice holds them; none for a line that is not a line. */
function unitAndQuantity(line: ShownLine): { unit: number; quantity: number } | null {
  if (line.checked.problem?.reason === 'line_invalid') return null;
  return line.kind === 'product'
    ? { unit: productUnitTotal(line.checked.line), quantity: line.checked.line.productQuantity }
    : { unit: comboUnitTotal(line.checked.line), quantity: line.checked.line.comboQuantity };
}

/**
 * /cart/{uuid}: the lines, checked against the branch's current menu (a stale cart is repriced, and what can no longer
 * be ordered is flagged and left out), and the totals from the shared pricing function.
 */
/** `nudges`: the loyalty feature's "SAR 12 more to…" lines for this cart's total (given by app/router.tsx). */
export default function CartRoute({ nudges }: { nudges?: (cartHalalas: number) => ReactNode } = {}) {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const brand = useAppSelector((s) => s.establishment.establishment?.brand);
  const products = useAppSelector((s) => s.cart.products);
  const combos = useAppSelector((s) => s.cart.combos);
  const _coupon = useAppSelector((s) => s.cart.coupon);

  // The layout enters the establishment (which loads its saved cart) in an effect, and a child's effects run first:
  // entering here, before the first paint, keeps an "empty cart" from flashing.
  const [entered, setEntered] = useState<string | null>(null);
  useLayoutEffect(() => {
    dispatch(enterEstablishment(uuid));
    setEntered(uuid);
  }, [uuid, dispatch]);

  const menu = useMenu(uuid, language);
  const deactivated = menu.error instanceof ApiError && menu.error.code === 'service_deactivated';
  useEffect(() => {
    if (deactivated) navigate(paths.deactivated.build(uuid), { replace: true });
  }, [deactivated, navigate, uuid]);
  // Prices do not depend on the language: while the other language's menu loads, the one in hand keeps the totals up.
  const menuData =
    menu.data ?? peekQuery<MenuResponse>(menuQueryKey(uuid, language === 'ar' ? 'en' : 'ar')) ?? undefined;

  const check = useMemo(
    () => (menuData && entered === uuid ? checkCart({ products, combos }, menuData) : null),
    [products, combos, menuData, entered, uuid],
  );
  const coupon = useAppSelector((s) => s.cart.coupon);
  // The chosen coupon priced in (coupon-field re-checks it as the cart changes, and removes it with the reason).
  const totals = useMemo(
    () =>
      check && menuData
        ? priceCheckedCart(check, menuData, { coupon: couponPricingOf(coupon, couponLineItems(check)) })
        : null,
    [check, menuData, coupon],
  );

  // Told once: the refreshed prices are written back, so the next check finds nothing to change.
  const [pricesUpdated, setPricesUpdated] = useState(false);
  useEffect(() => {
    if (!check?.changed) return;
    if (check.pricesChanged) setPricesUpdated(true);
    dispatch(repriceLines({ products: check.products.map((c) => c.line), combos: check.combos.map((c) => c.line) }));
  }, [check, dispatch]);

  // One live region: what the diner just did, then the new total.
  const [announcement, setAnnouncement] = useState('');
  const [actionTick, setActionTick] = useState(0);
  const pendingAction = useRef<string | null>(null);
  const previousTotal = useRef<number | undefined>(undefined);
  const total = totals?.pricing.total;
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

  const lines = check ? shownLines(check) : [];
  const focusAfterRemoval = useRef<number | null>(null);
  const pageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const position = focusAfterRemoval.current;
    if (position === null) return;
    focusAfterRemoval.current = null;
    const page = pageRef.current;
    const target =
      page?.querySelector<HTMLElement>(`[data-line-position="${Math.min(position, lines.length - 1)}"]`) ??
      page?.querySelector<HTMLElement>('h1');
    target?.focus();
  }, [lines.length]);

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
    void showToast(t('cart.removed', { name: line.checked.line.name }), 'info', {
      label: t('cart.undo'),
      onClick: undo,
    });
  };

  const ready = check !== null;
  const hasProblems = lines.some((l) => l.checked.problem !== null);
  const reason = !ready
    ? menu.error
      ? t('cart.reasonMenuError')
      : t('cart.reasonChecking')
    : lines.length === 0
      ? t('cart.reasonEmpty')
      : hasProblems
        ? t('cart.reasonProblems')
        : totals === null
          ? t('cart.unpriced')
          : null;

  const singleRate =
    menuData !== undefined &&
    lines.every(
      (l) =>
        l.checked.problem !== null ||
        l.checked.line.taxRateBasisPoints === null ||
        l.checked.line.taxRateBasisPoints === menuData.vatRateBasisPoints,
    );

  return (
    <div className="cart-page" ref={pageRef}>
      <title>{`${t('cart.title')} | ${brand?.name[language] ?? t('app.name')}`}</title>
      <h1 className="cart-page__title" tabIndex={-1}>
        {t('cart.title')}
      </h1>
      <div role="status" className="cart-page__status">
        {pricesUpdated && (
          <p className="notice notice--info" data-testid="prices-updated">
            {t('cart.pricesUpdated')}
          </p>
        )}
      </div>
      <p className="visually-hidden" role="status" data-testid="cart-announcer">
        {announcement}
      </p>

      {!ready && menu.error ? (
        <div className="state-box" role="alert">
          <p className="state-box__title">{t('cart.menuError')}</p>
          <p>{errorText(menu.error, language)}</p>
          <button type="button" className="btn btn-primary" onClick={menu.refetch}>
            {t('app.retry')}
          </button>
        </div>
      ) : !ready ? (
        <CartSkeleton />
      ) : lines.length === 0 ? (
        <div className="state-box" data-testid="cart-empty">
          <svg className="page__icon" viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
            <path
              d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2M10 21h.01M17 21h.01"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <h2 className="state-box__title">{t('cart.emptyTitle')}</h2>
          <p>{t('cart.emptyText')}</p>
          <Link to={paths.menu.build(uuid)} className="btn btn-primary">
            {t('cart.browseMenu')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="cart-lines" data-testid="cart-lines">
            {lines.map((line, position) => {
              const { checked } = line;
              const priced = totals?.byLine.get(checked.id);
              const own = unitAndQuantity(line);
              const unit = priced?.unitPriceHalalas ?? own?.unit ?? null;
              return (
                <CartLine
                  key={checked.id}
                  position={position}
                  name={typeof checked.line.name === 'string' ? checked.line.name : ''}
                  image={typeof checked.line.image === 'string' ? checked.line.image : null}
                  details={details(line, (slot, product) => t('cart.slotChoice', { slot, product }))}
                  unitPriceHalalas={unit}
                  linePriceHalalas={priced?.subtotal ?? (own ? own.unit * own.quantity : null)}
                  quantity={own?.quantity ?? 1}
                  problem={checked.problem}
                  onQuantity={(q) => changeQuantity(line, q)}
                  onRemove={() => remove(line, position)}
                />
              );
            })}
          </ul>
          <RewardLine removable />
          {totals && nudges?.(totals.pricing.total - totals.pricing.deliveryFee)}
          <CouponField
            uuid={uuid}
            lineItems={couponLineItems(check)}
            subtotalHalalas={totals?.pricing.subtotal ?? null}
            testId="cart-coupon"
          />
          <section className="cart-totals" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title" className="cart-totals__title">
              {t('cart.summary')}
            </h2>
            {totals && menuData ? (
              <CartTotals
                pricing={totals.pricing}
                vatRateBasisPoints={menuData.vatRateBasisPoints}
                singleRate={singleRate}
              />
            ) : (
              <p className="notice notice--warning">{t('cart.unpriced')}</p>
            )}
          </section>
        </>
      )}

      <div className="cart-actions">
        {reason && (
          <p id="cart-continue-reason" className="cart-actions__reason" data-testid="continue-reason">
            {reason}
          </p>
        )}
        <button
          type="button"
          className="btn btn-primary btn-block btn-large"
          data-testid="cart-continue"
          disabled={reason !== null}
          aria-describedby={reason ? 'cart-continue-reason' : undefined}
          onClick={() => navigate(paths.orderType.build(uuid))}
        >
          {t('cart.continue')}
        </button>
      </div>
    </div>
  );
}

function CartSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="cart-lines" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('app.loading')}
      </span>
      {[0, 1].map((i) => (
        <div key={i} className="cart-line">
          <span className="cart-line__image skeleton" />
          <div className="cart-line__body">
            <div className="skeleton skeleton--line" />
            <div className="skeleton skeleton--line skeleton--short" />
          </div>
        </div>
      ))}
    </div>
  );
}

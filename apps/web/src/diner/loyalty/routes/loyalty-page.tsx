import { i18n } from '../../../lib/i18n';
import { lazyPage } from '../../../lib/lazy-page';
import { useTranslation } from '../../../lib/use-translation';

/**
 * The loyalty strings (locales/loyalty.{ar,en}.json), both languages at once (3 KB gzip): a language switch then
 * needs nothing more, and lib/language.ts (in the entry) carries no loader for them.
 */
let strings: Promise<void> | undefined;
function loadLoyaltyStrings(): Promise<void> {
  strings ??= Promise.all([
    import('../../../locales/loyalty.ar.json'),
    import('../../../locales/loyalty.en.json'),
  ]).then(([ar, en]) => {
    i18n.addResourceBundle('ar', 'translation', ar.default, true, false);
    i18n.addResourceBundle('en', 'translation', en.default, true, false);
  });
  return strings;
}

/** A page's chunk and the strings together, so it never renders its keys. */
// biome-ignore lint/suspicious/noExplicitAny: component props are the page's own
function withStrings<T extends React.ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazyPage(() => Promise.all([load(), loadLoyaltyStrings()]).then(([module]) => module));
}

/**
 * The one door of the loyalty feature that the entry knows: the router imports this small module, and it loads the
 * page asked for, each its own chunk, with the strings. Five import sites and a strings loader in the entry weighed
 * ~0.4 KB gzip on the menu route's initial JavaScript, which must not grow; this costs one more small request on the
 * first visit to a loyalty page (docs/adr/0035-strings-in-lazy-locale-bundles.md).
 */
const PAGES = {
  pointsShop: withStrings(() => import('./points-shop-route')),
  prizeShop: withStrings(() => import('./prize-shop-route')),
  prize: withStrings(() => import('./prize-route')),
  myRewards: withStrings(() => import('./my-rewards-route')),
  applyCoupons: withStrings(() => import('./apply-coupons-route')),
  card: withStrings(() => import('../components/loyalty-card')),
  // Parts of the ordering pages (their props come from the page, through the router: lib/checkout-points-slot.ts).
  checkoutPoints: withStrings(() => import('../components/checkout-points')),
  cartNudges: withStrings(() => import('../components/cart-nudges')),
  punchCards: withStrings(() => import('../components/punch-cards-section')),
};

export type LoyaltyPageKey = keyof typeof PAGES;

/**
 * Reads the language like every page does: besides following it, this keeps the module's imports the same as the
 * pages' (JSX runtime, the translator, useTranslation), so Rollup keeps them in the entry's one shared chunk instead of
 * splitting it (+0.15 KB gzip on the menu's first load when this module imported i18next alone, before lib/i18n.ts replaced it).
 */
export default function LoyaltyPage({ page, ...props }: { page: LoyaltyPageKey } & Record<string, unknown>) {
  useTranslation();
  // The router pairs each key with its part's props (the checkout's points control, the cart's nudges).
  const Page = PAGES[page] as React.ComponentType<Record<string, unknown>>;
  return <Page {...props} />;
}

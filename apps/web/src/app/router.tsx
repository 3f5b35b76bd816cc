import { type ReactNode, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { paths } from '../config/paths';
import type { CheckoutPointsProps } from '../lib/checkout-points-slot';
import { loadPageStrings, type PageStrings } from '../lib/language';
import { lazyPage } from '../lib/lazy-page';
import { useScrollRestoration } from '../lib/navigation';
import type { StaffSection } from '../staff/board/components/staff-shell';
import { BlankLayout } from './layout/blank-layout';
import { EstablishmentLayout, InboxDoor } from './layout/establishment-layout';
import { PlainLayout } from './layout/plain-layout';
import { StaffLayout } from './layout/staff-layout';

// Every page is its own chunk: the menu route carries only what it needs.
/** A page's chunk and the strings it brings (lib/language.ts), loaded side by side. */
const withStrings = <T,>(page: Promise<T>, ...names: PageStrings[]): Promise<T> =>
  Promise.all([page, ...names.map(loadPageStrings)]).then(([module]) => module);
const LandingRoute = lazyPage(() => import('../diner/landing/routes/landing-route'));
const MenuRoute = lazyPage(() => import('../diner/menu/routes/menu-route'));
const ItemRoute = lazyPage(() => import('../diner/item/routes/item-route'));
const CartRoute = lazyPage(() => withStrings(import('../diner/cart/routes/cart-route'), 'cart', 'coupons'));
const ErrorRoute = lazyPage(() => import('../diner/errors/routes/error-route'));
const DeactivatedRoute = lazyPage(() => withStrings(import('../diner/errors/routes/deactivated-route'), 'errors'));
const NotFoundRoute = lazyPage(() => withStrings(import('../diner/errors/routes/not-found-route'), 'errors'));
const RegisterRoute = lazyPage(() => withStrings(import('../diner/account/routes/register-route'), 'account'));
const EditProfileRoute = lazyPage(() => withStrings(import('../diner/account/routes/edit-profile-route'), 'account'));
// The staff app: one lazy boundary for every /staff page (its sections are chunks of their own inside it).
const StaffApp = lazyPage(() => withStrings(import('./staff-app'), 'account'));
// The management console (issue 26): a lazy chunk of its own, with the staff strings (sign-in) and its own.
const ConsoleDoor = lazyPage(() => withStrings(import('./console-door'), 'account'));
// The ordering pages bring their strings, and the account strings (sign-in, the address form on the delivery step).
const OrderTypeRoute = lazyPage(() =>
  withStrings(import('../diner/ordering/routes/order-type-route'), 'account', 'ordering'),
);
const OrderDataRoute = lazyPage(() =>
  withStrings(import('../diner/ordering/routes/order-data-route'), 'account', 'ordering'),
);
const CheckoutRoute = lazyPage(() =>
  withStrings(import('../diner/ordering/routes/checkout-route'), 'account', 'ordering', 'coupons'),
);
const ConfirmOrderRoute = lazyPage(() =>
  withStrings(import('../diner/ordering/routes/confirm-order-route'), 'account', 'ordering'),
);
const OrdersRoute = lazyPage(() => withStrings(import('../diner/ordering/routes/orders-route'), 'account', 'ordering'));
const PaymentRoute = lazyPage(() =>
  withStrings(import('../diner/ordering/routes/payment-route'), 'account', 'ordering'),
);
const CardRoute = lazyPage(() => withStrings(import('../diner/ordering/routes/card-route'), 'account', 'ordering'));
const PaymentFailedRoute = lazyPage(() =>
  withStrings(import('../diner/ordering/routes/payment-failed-route'), 'account', 'ordering'),
);

// Evaluations (issue 17): the diner's form and the small "rate your visit" link the ordering
// pages show (given to them here, so the ordering feature need not import this one).
const EvaluateRoute = lazyPage(() =>
  withStrings(import('../diner/evaluation/routes/evaluate-route'), 'account', 'ordering'),
);
const EvaluationLink = lazyPage(() => import('../diner/evaluation/components/evaluation-link'));
const evaluationLink = (uuid: string, orderId: number) => (
  <Suspense fallback={null}>
    <EvaluationLink uuid={uuid} orderId={orderId} />
  </Suspense>
);

// Receipts (issue 28): the receipt page, through the feature's door (the ordering pages link to it).
const ReceiptsDoor = lazyPage(() => import('../diner/receipts/receipts-door'));

// Every loyalty page, and the compact loyalty card (given to the landing page and the profile here, so those features
// need not import this one), through one small module that loads the page asked for and the loyalty strings.
const LoyaltyPage = lazyPage(() => import('../diner/loyalty/routes/loyalty-page'));
// The wheel and register-and-win: one small door module that loads the page and the games' strings.
const GamesPage = lazyPage(() => import('../diner/games/routes/games-page'));
// Referral: the diner's page and the friend's landing, through one small door module with the referral strings.
const ReferralPage = lazyPage(() => import('../diner/referral/routes/referral-page'));
const loyaltyRoutes = ['pointsShop', 'prizeShop', 'prize', 'myRewards', 'applyCoupons'] as const;
// The card sits inside another page, which wraps it in its own Suspense (a signed-in diner's card keeps its place
// there while it loads: diner/shared/loyalty-card-slot.tsx).
const loyaltyCard = <LoyaltyPage page="card" />;
// The checkout's points spend and the cart's nudges: loyalty's parts of those pages, each loading on its own.
const checkoutPoints = (props: CheckoutPointsProps) => (
  <Suspense fallback={null}>
    <LoyaltyPage page="checkoutPoints" {...props} />
  </Suspense>
);
const cartNudges = (cartHalalas: number) => (
  <Suspense fallback={null}>
    <LoyaltyPage page="cartNudges" cartHalalas={cartHalalas} />
  </Suspense>
);
const punchCards = <LoyaltyPage page="punchCards" />;
// The landing page's way to the wheel, from the games' door module (its strings load with it).
const wheelLink = <GamesPage kind="wheel" as="landing-link" />;

/** The page chunk a first visit to this path needs, so app/boot.tsx can load it with the data before the first render. */
const FIRST_PAGES: ReadonlyArray<readonly [RegExp, { preload: () => Promise<void> }]> = [
  [/^\/menu\/[^/]+\/?$/i, MenuRoute],
  [/^\/qr\/[^/]+(\/.*)?$/i, LandingRoute],
  [/^\/items\/[^/]+\/[^/]+(\/[^/]+)?\/?$/i, ItemRoute],
  [/^\/cart\/[^/]+\/?$/i, CartRoute],
];

export function preloadFirstPage(pathname: string): Promise<void> {
  return FIRST_PAGES.find(([pattern]) => pattern.test(pathname))?.[1].preload() ?? Promise.resolve();
}

const inEstablishment = (page: ReactNode) => <EstablishmentLayout>{page}</EstablishmentLayout>;
const inPlain = (page: ReactNode) => <PlainLayout>{page}</PlainLayout>;

interface Page {
  path: string;
  page: ReactNode;
}

const landingPage = () => <LandingRoute loyaltyCard={loyaltyCard} punchCards={punchCards} wheelLink={wheelLink} />;

/** The diner's pages in the establishment's layout: the QR landing, the menu, ordering and the account. */
const dinerPages = (): Page[] => [
  { path: paths.qr.pattern, page: landingPage() },
  { path: paths.qrBase.pattern, page: landingPage() },
  { path: paths.menu.pattern, page: <MenuRoute /> },
  { path: paths.item.pattern, page: <ItemRoute /> },
  { path: paths.itemByName.pattern, page: <ItemRoute /> },
  { path: paths.cart.pattern, page: <CartRoute nudges={cartNudges} /> },
  { path: paths.orderType.pattern, page: <OrderTypeRoute /> },
  { path: paths.orderData.pattern, page: <OrderDataRoute /> },
  { path: paths.checkout.pattern, page: <CheckoutRoute pointsControl={checkoutPoints} /> },
  {
    path: paths.confirmOrder.pattern,
    page: <ConfirmOrderRoute evaluationLink={evaluationLink} />,
  },
  { path: paths.orders.pattern, page: <OrdersRoute evaluationLink={evaluationLink} /> },
  { path: paths.receipt.pattern, page: <ReceiptsDoor part="page" /> },
  { path: paths.notifications.pattern, page: <InboxDoor part="page" /> },
  { path: paths.payment.pattern, page: <PaymentRoute /> },
  { path: paths.card.pattern, page: <CardRoute /> },
  { path: paths.paymentFailed.pattern, page: <PaymentFailedRoute /> },
  { path: paths.register.pattern, page: <RegisterRoute /> },
  { path: paths.editProfile.pattern, page: <EditProfileRoute loyaltyCard={loyaltyCard} /> },
];

/** The games, loyalty, evaluation and referral pages, in the establishment's layout too. */
const engagementPages = (): Page[] => [
  { path: paths.wheel.pattern, page: <GamesPage kind="wheel" /> },
  { path: paths.registerAndWin.pattern, page: <GamesPage kind="register_and_win" /> },
  ...loyaltyRoutes.map((page): Page => ({ path: paths[page].pattern, page: <LoyaltyPage page={page} /> })),
  { path: paths.evaluate.pattern, page: <EvaluateRoute /> },
  { path: paths.referral.pattern, page: <ReferralPage page="referral" /> },
];

/** The staff app's pages: the board, the counter's redeem, then the managers' sections (app/staff-app.tsx). */
const staffPages: ReadonlyArray<readonly [string, StaffSection | 'invitation']> = [
  [paths.staff.pattern, 'board'],
  [paths.staffRedeem.pattern, 'redeem'],
  [paths.staffLoyalty.pattern, 'loyalty'],
  [paths.staffServices.pattern, 'services'],
  [paths.staffEvaluations.pattern, 'evaluations'],
  [paths.staffPunchCards.pattern, 'punchCards'],
  [paths.staffCoupons.pattern, 'coupons'],
  [paths.staffSessions.pattern, 'sessions'],
  // A staff invitation's one-time link (issue 26 item 9): no sign-in; its strings are the staff app's (account).
  [paths.staffInvitation.pattern, 'invitation'],
];

/**
 * wouter's <Switch> renders the first Route that matches, so a more specific pattern comes before a looser one (the
 * groups above keep the table's order). A Route's key names its layout: Switch renders only the matching Route, so
 * moving between two pages of the same layout keeps the layout mounted (its header and QR data), as nested routes
 * would. Switch reads each Route's `path` prop, so the groups are lists of pages made into Routes here, not
 * components of their own (a component would hide its Routes from Switch).
 */
export function AppRoutes() {
  useScrollRestoration();
  return (
    <Switch>
      {[...dinerPages(), ...engagementPages()].map(({ path, page }) => (
        <Route key="establishment" path={path}>
          {inEstablishment(page)}
        </Route>
      ))}
      {/* Nested: /staff/manage and everything under it; the console routes its pages itself (deep links, reloads). */}
      <Route key="console" path={paths.staffManage.pattern} nest>
        <ConsoleDoor />
      </Route>
      {staffPages.map(([path, section]) => (
        <Route key="staff" path={path}>
          <StaffLayout>
            <StaffApp section={section} />
          </StaffLayout>
        </Route>
      ))}
      <Route key="plain" path={paths.reference.pattern}>
        {inPlain(<ReferralPage page="reference" />)}
      </Route>
      <Route key="plain" path={paths.deactivated.pattern}>
        {inPlain(<DeactivatedRoute />)}
      </Route>
      <Route key="blank" path={paths.error.pattern}>
        <BlankLayout>
          <ErrorRoute />
        </BlankLayout>
      </Route>
      <Route key="plain">{inPlain(<NotFoundRoute />)}</Route>
    </Switch>
  );
}

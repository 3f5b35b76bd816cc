import type { StaffUser } from '@sufra/shared/schemas/staff';
import { type ReactNode, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { paths } from '../config/paths';
import type { CheckoutPointsProps } from '../lib/checkout-points-slot';
import { loadAccountStrings, loadOrderingStrings } from '../lib/language';
import { lazyPage } from '../lib/lazy-page';
import { useScrollRestoration } from '../lib/navigation';
import type { StaffSection } from '../staff/board/components/staff-shell';
import { BlankLayout } from './layout/blank-layout';
import { EstablishmentLayout } from './layout/establishment-layout';
import { PlainLayout } from './layout/plain-layout';
import { StaffLayout } from './layout/staff-layout';

// Every page is its own chunk: the menu route carries only what it needs.
const LandingRoute = lazyPage(() => import('../diner/landing/routes/landing-route'));
const MenuRoute = lazyPage(() => import('../diner/menu/routes/menu-route'));
const ItemRoute = lazyPage(() => import('../diner/item/routes/item-route'));
const CartRoute = lazyPage(() => import('../diner/cart/routes/cart-route'));
const ErrorRoute = lazyPage(() => import('../diner/errors/routes/error-route'));
const DeactivatedRoute = lazyPage(() => import('../diner/errors/routes/deactivated-route'));
const NotFoundRoute = lazyPage(() => import('../diner/errors/routes/not-found-route'));
// The account and staff pages bring their own strings (lib/language.ts loadAccountStrings).
const withAccountStrings = <T,>(page: Promise<T>): Promise<T> =>
  Promise.all([page, loadAccountStrings()]).then(([module]) => module);
const RegisterRoute = lazyPage(() => withAccountStrings(import('../diner/account/routes/register-route')));
const EditProfileRoute = lazyPage(() => withAccountStrings(import('../diner/account/routes/edit-profile-route')));
const StaffRoute = lazyPage(() => withAccountStrings(import('../staff/board/routes/staff-route')));
// The Redeem section's own chunk (it lazy-loads the QR decoder only when a scan starts); the staff shell frames it.
const RedeemSection = lazyPage(() => import('../staff/redeem/routes/redeem-section'));
// The managers' loyalty section (a diner's points, adjustments, the service switches): its own chunk too.
const LoyaltyAdminSection = lazyPage(() => import('../staff/loyalty/routes/loyalty-admin-section'));
// The service switches (brand, ordering, delivery, loyalty …) and who switched them: their own tab and chunk.
const ServicesSection = lazyPage(() => import('../staff/services/routes/services-section'));
const PunchProgrammesSection = lazyPage(() => import('../staff/punch-programmes/routes/punch-programmes-section'));
const CouponsSection = lazyPage(() => import('../staff/coupons/routes/coupons-section'));
// The ordering pages bring their strings, and the account strings (sign-in, the address form on the delivery step).
const withOrderingStrings = <T,>(page: Promise<T>): Promise<T> =>
  Promise.all([page, loadAccountStrings(), loadOrderingStrings()]).then(([module]) => module);
const OrderTypeRoute = lazyPage(() => withOrderingStrings(import('../diner/ordering/routes/order-type-route')));
const OrderDataRoute = lazyPage(() => withOrderingStrings(import('../diner/ordering/routes/order-data-route')));
const CheckoutRoute = lazyPage(() => withOrderingStrings(import('../diner/ordering/routes/checkout-route')));
const ConfirmOrderRoute = lazyPage(() => withOrderingStrings(import('../diner/ordering/routes/confirm-order-route')));
const OrdersRoute = lazyPage(() => withOrderingStrings(import('../diner/ordering/routes/orders-route')));
const PaymentRoute = lazyPage(() => withOrderingStrings(import('../diner/ordering/routes/payment-route')));
const CardRoute = lazyPage(() => withOrderingStrings(import('../diner/ordering/routes/card-route')));
const PaymentFailedRoute = lazyPage(() => withOrderingStrings(import('../diner/ordering/routes/payment-failed-route')));

// Evaluations (issue 17): the diner's form, the managers' section, and the small "rate your visit" link the ordering
// pages show (given to them here, so the ordering feature need not import this one).
const EvaluateRoute = lazyPage(() => withOrderingStrings(import('../diner/evaluation/routes/evaluate-route')));
const EvaluationsSection = lazyPage(() => import('../staff/evaluations/routes/evaluations-section'));
const EvaluationLink = lazyPage(() => import('../diner/evaluation/components/evaluation-link'));
const evaluationLink = (uuid: string, orderId: number) => (
  <Suspense fallback={null}>
    <EvaluationLink uuid={uuid} orderId={orderId} />
  </Suspense>
);

// Every loyalty page, and the compact loyalty card (given to the landing page and the profile here, so those features
// need not import this one), through one small module that loads the page asked for and the loyalty strings.
const LoyaltyPage = lazyPage(() => import('../diner/loyalty/routes/loyalty-page'));
// The wheel and register-and-win: one small door module that loads the page and the games' strings.
const GamesPage = lazyPage(() => import('../diner/games/routes/games-page'));
// Referral: the diner's page and the friend's landing, through one small door module with the referral strings.
const ReferralPage = lazyPage(() => import('../diner/referral/routes/referral-page'));
const loyaltyRoutes = ['pointsShop', 'prizeShop', 'prize', 'myRewards', 'applyCoupons'] as const;
// The card sits inside another page, which wraps it in its own Suspense (the page stays while the card loads).
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
  { path: paths.confirmOrder.pattern, page: <ConfirmOrderRoute evaluationLink={evaluationLink} /> },
  { path: paths.orders.pattern, page: <OrdersRoute evaluationLink={evaluationLink} /> },
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

/** The staff shell's sections beside the board: the counter's redeem, then the managers' sections. */
const staffSections = (): ReadonlyArray<readonly [string, StaffSection, (user: StaffUser) => ReactNode]> => [
  [paths.staffRedeem.pattern, 'redeem', (user) => <RedeemSection user={user} />],
  [paths.staffLoyalty.pattern, 'loyalty', (user) => <LoyaltyAdminSection user={user} />],
  [paths.staffServices.pattern, 'services', (user) => <ServicesSection user={user} />],
  [paths.staffEvaluations.pattern, 'evaluations', (user) => <EvaluationsSection user={user} />],
  [paths.staffPunchCards.pattern, 'punchCards', (user) => <PunchProgrammesSection user={user} />],
  [paths.staffCoupons.pattern, 'coupons', (user) => <CouponsSection user={user} />],
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
      <Route key="staff" path={paths.staff.pattern}>
        <StaffLayout>
          <StaffRoute />
        </StaffLayout>
      </Route>
      {staffSections().map(([path, section, render]) => (
        <Route key="staff" path={path}>
          <StaffLayout>
            <StaffRoute section={section} renderSection={render} />
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

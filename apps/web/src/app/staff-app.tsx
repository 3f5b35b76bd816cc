import type { StaffUser } from '@sufra/shared/schemas/staff';
import type { ReactNode } from 'react';
import { lazyPage } from '../lib/lazy-page';
import type { StaffSection } from '../staff/board/components/staff-shell';
import StaffRoute from '../staff/board/routes/staff-route';

/**
 * The staff app: the one lazy boundary of every /staff page (app/router.tsx loads this module, with the account
 * strings), so no staff module reaches a diner's chunks (scripts/web-bundle.test.ts). The board and the shell come
 * in this chunk; each section beside the board is a chunk of its own inside it.
 */

// The Redeem section's own chunk (it lazy-loads the QR decoder only when a scan starts); the staff shell frames it.
const RedeemSection = lazyPage(() => import('../staff/redeem/routes/redeem-section'));
// The managers' loyalty section (a diner's points, adjustments, the service switches): its own chunk too.
const LoyaltyAdminSection = lazyPage(() => import('../staff/loyalty/routes/loyalty-admin-section'));
// The service switches (brand, ordering, delivery, loyalty …) and who switched them: their own tab and chunk.
const ServicesSection = lazyPage(() => import('../staff/services/routes/services-section'));
const EvaluationsSection = lazyPage(() => import('../staff/evaluations/routes/evaluations-section'));
const PunchProgrammesSection = lazyPage(() => import('../staff/punch-programmes/routes/punch-programmes-section'));
const CouponsSection = lazyPage(() => import('../staff/coupons/routes/coupons-section'));
// Every role's own sessions (issue 26 item 9): in the staff app, so a cashier (no console) reaches it.
const MySessionsSection = lazyPage(() => import('../staff/manage-staff/routes/my-sessions-section'));

// An invitation's one-time link (issue 26 item 9): no sign-in, no shell; its own chunk (its strings: account's).
const InvitationRoute = lazyPage(() => import('../staff/manage-staff/routes/invitation-route'));

/** The staff shell's sections beside the board: the counter's redeem, then the managers' sections. */
const sections: Partial<Record<StaffSection, (user: StaffUser) => ReactNode>> = {
  redeem: (user) => <RedeemSection user={user} />,
  loyalty: (user) => <LoyaltyAdminSection user={user} />,
  services: (user) => <ServicesSection user={user} />,
  evaluations: (user) => <EvaluationsSection user={user} />,
  punchCards: (user) => <PunchProgrammesSection user={user} />,
  coupons: (user) => <CouponsSection user={user} />,
  sessions: (user) => <MySessionsSection user={user} />,
};

/** A staff page; `invitation` is `/staff/invitation#<token>` (no sign-in, no shell). */
export default function StaffApp({ section }: { section: StaffSection | 'invitation' }) {
  if (section === 'invitation') return <InvitationRoute />;
  return <StaffRoute section={section} renderSection={sections[section]} />;
}

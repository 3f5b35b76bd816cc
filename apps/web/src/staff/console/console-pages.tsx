import type { StaffRole, StaffUser } from '@sufra/shared/schemas/staff';
import type { ComponentType, ReactNode } from 'react';

/**
 * The management console's page registry (issue 26): the sidebar and the console's router both read it, so a page
 * appears in the navigation exactly when it can be opened. Each page is a chunk of its own (`load`), a default
 * export receiving the signed-in user. Its `path` is relative to /staff/manage and the page's Route is nested
 * (wouter `nest`): inside the page, `<Route path="/items/:id">` and `<Link href="/items/3">` are relative to the
 * page's own path, and `useParams()` reads its parameters. `labelKey` names its label in locales/console.{ar,en}.json.
 * List only pages that exist (no placeholders); each area appends its line at its own marker below, so merges of
 * the areas' branches do not touch the same lines.
 */
export interface ConsolePageProps {
  user: StaffUser;
  /** The page's title is its h1 (a section the staff app shares takes h2 there, under the shell's h1). */
  titleLevel?: 1;
}

export interface ConsolePage {
  /** Unique, kebab-case; the sidebar link's test id is `console-nav-<id>`. */
  id: string;
  /** Relative to /staff/manage, starting with a slash: '/menu'. */
  path: string;
  labelKey: string;
  /** Who sees the page (a cashier never reaches the console at all). */
  roles: readonly StaffRole[];
  /** A small inline SVG or a character; decorative (the label names the page). */
  icon?: ReactNode;
  load: () => Promise<{ default: ComponentType<ConsolePageProps> }>;
}

const OWNER_AND_MANAGER: readonly StaffRole[] = ['owner', 'manager'];

export const consolePages: readonly ConsolePage[] = [
  // — menu (h/menu) appends here —
  {
    id: 'menu',
    path: '/menu',
    labelKey: 'console.menu.nav',
    roles: OWNER_AND_MANAGER,
    load: async () => {
      const page = await import('../manage-menu/menu-page');
      await page.ready;
      return page;
    },
  },
  // — branches (h/branches) appends here —
  {
    id: 'branches',
    path: '/branches',
    labelKey: 'manageBranches.title',
    roles: OWNER_AND_MANAGER,
    load: () => import('../manage-branches/routes/branches-page'),
  },
  // — tables and ads (h/tables) append here —
  {
    id: 'tables',
    path: '/tables',
    labelKey: 'console.tables.nav',
    roles: OWNER_AND_MANAGER,
    icon: '▦',
    load: () => import('../manage-tables/routes/tables-page'),
  },
  {
    id: 'ads',
    path: '/ads',
    labelKey: 'console.ads.nav',
    roles: OWNER_AND_MANAGER,
    icon: '◧',
    load: () => import('../manage-ads/routes/ads-page'),
  },
  // — loyalty rules, levels, referral (h/loyrules) —
  {
    id: 'loyalty-rules',
    path: '/loyalty-rules',
    labelKey: 'manageLoyaltyNav.rules',
    roles: OWNER_AND_MANAGER,
    icon: '★',
    load: async () => {
      const page = await import('../manage-loyalty/routes/rules-page');
      await page.ready;
      return page;
    },
  },
  {
    id: 'loyalty-levels',
    path: '/loyalty-levels',
    labelKey: 'manageLoyaltyNav.levels',
    roles: OWNER_AND_MANAGER,
    icon: '▲',
    load: async () => {
      const page = await import('../manage-loyalty/routes/levels-page');
      await page.ready;
      return page;
    },
  },
  {
    id: 'loyalty-referral',
    path: '/loyalty-referral',
    labelKey: 'manageLoyaltyNav.referral',
    roles: OWNER_AND_MANAGER,
    icon: '⇄',
    load: async () => {
      const page = await import('../manage-loyalty/routes/referral-page');
      await page.ready;
      return page;
    },
  },
  // — customers (h/customers) —
  {
    id: 'customers',
    path: '/customers',
    labelKey: 'console.customers.nav',
    roles: OWNER_AND_MANAGER,
    icon: '☺',
    load: async () => {
      const page = await import('../manage-customers/customers-page');
      await page.ready;
      return page;
    },
  },
  // — evaluation forms (h/forms) —
  {
    id: 'evaluation-forms',
    path: '/evaluation-forms',
    labelKey: 'manageFormsNav.nav',
    roles: OWNER_AND_MANAGER,
    icon: '✎',
    load: async () => {
      const page = await import('../manage-forms/routes/forms-page');
      await page.ready;
      return page;
    },
  },
  // — reports (h/reports) —
  {
    id: 'reports',
    path: '/reports',
    labelKey: 'console.reports.nav',
    roles: OWNER_AND_MANAGER,
    icon: '▤',
    load: async () => {
      const page = await import('../manage-reports/reports-page');
      await page.ready;
      return page;
    },
  },
  // — rewards catalogue (h/catalog) —
  {
    id: 'rewards',
    path: '/rewards',
    labelKey: 'manageRewardsNav.rewards',
    roles: OWNER_AND_MANAGER,
    icon: '✦',
    load: async () => {
      const page = await import('../manage-rewards/routes/rewards-page');
      await page.ready;
      return page;
    },
  },
  // — coupons, punch cards, service switches (h/archive): the staff app's sections, kept there too (ADR 0591) —
  {
    id: 'coupons',
    path: '/coupons',
    labelKey: 'consoleArchive.coupons',
    roles: OWNER_AND_MANAGER,
    icon: '%',
    load: () => import('../coupons/routes/coupons-section'),
  },
  {
    id: 'punch-cards',
    path: '/punch-cards',
    labelKey: 'consoleArchive.punchCards',
    roles: OWNER_AND_MANAGER,
    icon: '◉',
    load: () => import('../punch-programmes/routes/punch-programmes-section'),
  },
  {
    id: 'services',
    path: '/services',
    labelKey: 'consoleArchive.services',
    roles: OWNER_AND_MANAGER,
    icon: '⏻',
    load: () => import('../services/routes/services-section'),
  },
  // — games (h/games) —
  {
    id: 'games',
    path: '/games',
    labelKey: 'manageGamesNav.games',
    roles: OWNER_AND_MANAGER,
    icon: '◎',
    load: async () => {
      const page = await import('../manage-games/routes/games-page');
      await page.ready;
      return page;
    },
  },
  // — Foodics hand-off (h/foodics) —
  {
    id: 'foodics',
    path: '/foodics',
    labelKey: 'manageFoodics.nav',
    roles: OWNER_AND_MANAGER,
    icon: '⇆',
    load: async () => {
      const page = await import('../manage-foodics/routes/foodics-page');
      await page.ready;
      return page;
    },
  },
  // — diner texts (h/notify) —
  {
    id: 'notifications',
    path: '/notifications',
    labelKey: 'manageNotify.nav',
    roles: OWNER_AND_MANAGER,
    icon: '✉',
    load: () => import('../manage-notify/routes/notifications-page'),
  },
  // — queues: outboxes, dead letters, timed work (h/jobs) —
  {
    id: 'queues',
    path: '/queues',
    labelKey: 'manageQueuesNav.nav',
    roles: ['owner'],
    icon: '☰',
    load: async () => {
      const page = await import('../manage-queues/queues-page');
      await page.ready;
      return page;
    },
  },
  // — brand settings, staff, audit log (h/shell) —
  {
    id: 'brand',
    path: '/brand',
    labelKey: 'console.brand.title',
    roles: OWNER_AND_MANAGER,
    load: () => import('./pages/brand-settings-page'),
  },
  {
    id: 'staff',
    path: '/staff',
    labelKey: 'manageStaff.title',
    roles: OWNER_AND_MANAGER,
    load: () => import('../manage-staff/routes/staff-page'),
  },
  {
    id: 'audit',
    path: '/audit',
    labelKey: 'console.audit.title',
    roles: OWNER_AND_MANAGER,
    load: () => import('./pages/audit-log-page'),
  },
];

/** The pages `user` may open, in the sidebar's order. */
export function pagesFor(user: Pick<StaffUser, 'role'>, pages: readonly ConsolePage[] = consolePages): ConsolePage[] {
  return pages.filter((page) => page.roles.includes(user.role));
}

export { OWNER_AND_MANAGER };

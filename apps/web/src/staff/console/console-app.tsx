import type { StaffUser } from '@sufra/shared/schemas/staff';
import { type ReactNode, Suspense, useEffect, useLayoutEffect, useMemo } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import { ErrorBoundary } from '../../components/ui/error-boundary';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { LoadError, LoadingBlock } from '../../components/ui/load-state';
import { PageFallback } from '../../components/ui/page-fallback';
import { lazyPage } from '../../lib/lazy-page';
import { setQueryData } from '../../lib/query-writes';
import { getStaffMe, staffMaybeSignedIn } from '../../lib/staff-request';
import { peekQuery, useApiQuery } from '../../lib/use-api-query';
import { useLanguage } from '../../lib/use-language';
import { type StaffSession, useStaffSession } from '../../lib/use-staff-session';
import { useTranslation } from '../../lib/use-translation';
import { type ConsolePage, consolePages, pagesFor } from './console-pages';
import { PageHeader } from './ui/page-header';
import './console.css';
import '../../components/ui/form.css';

/** Each registry page's lazy component, made once (a chunk per page). */
const pageComponents = new Map(consolePages.map((page) => [page.id, lazyPage(page.load)]));

/**
 * The managers' sections that still live in the staff app (issue 26: they stay there for now), linked from the
 * console's sidebar; `~` leaves the console's nested routes.
 */
const staffAppSections = [
  { id: 'loyalty', href: '~/staff/loyalty', labelKey: 'staff.loyalty.tab' },
  { id: 'services', href: '~/staff/services', labelKey: 'staff.services.tab' },
  { id: 'evaluations', href: '~/staff/evaluations', labelKey: 'staff.evaluations.tab' },
  { id: 'punch-cards', href: '~/staff/punch-cards', labelKey: 'staff.punch.tab' },
  { id: 'coupons', href: '~/staff/coupons', labelKey: 'staff.coupon.manage.title' },
] as const;

/** The registry page the console's address names (relative to /staff/manage), if any. */
const pageAt = (location: string) => consolePages.find((p) => location === p.path || location.startsWith(`${p.path}/`));

/**
 * Loads the chunk (and what its `load` waits for) of the page at `location` (relative to /staff/manage): the
 * console's own entry (app/console-boot.tsx) awaits it before its first render, so the frame and the page draw in
 * one pass (docs/adr/0770).
 */
export function preloadConsolePage(location: string): Promise<void> {
  const page = pageAt(location);
  return (page && pageComponents.get(page.id)?.preload()) ?? Promise.resolve();
}

interface Props {
  /** The staff app's sign-in form (app/console-door.tsx hands it over): the console shares its session. */
  signIn: (onSignedIn: (user: StaffUser) => void) => ReactNode;
  /** The session as already checked before the first render (app/console-boot.tsx); checked here without it. */
  initialSession?: StaffSession | undefined;
}

/**
 * `/staff/manage/...` (issue 26 item 1): the staff sign-in, then the console's desktop frame (a sidebar with the
 * registry's pages and the staff app's managers' sections, the signed-in person, the language switch, the way back
 * to the order board) around the page the address names. A cashier is told the console is not for them.
 */
export default function ConsoleApp({ signIn, initialSession }: Props) {
  const { t } = useTranslation();
  const { session, signedIn } = useStaffSession(initialSession);
  const [location] = useLocation();
  // While the session is checked (a round trip), the page the address names loads its chunk rather than waiting
  // for the answer (docs/adr/0710: the item list's cold open).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the address the console was opened at
  useEffect(() => {
    if (initialSession || !staffMaybeSignedIn()) return;
    void preloadConsolePage(location);
  }, []);
  if (session.status === 'unknown') return <PageFallback />;
  if (session.status === 'signedOut')
    return (
      <div className="console-sign-in">
        <title>{`${t('staff.signInTitle')} | ${t('console.title')} | ${t('app.name')}`}</title>
        <div className="console-sign-in__bar">
          <LanguageSwitch />
        </div>
        {signIn(signedIn)}
      </div>
    );
  return <ConsoleFrame signedInAs={session.user} />;
}

/** The query key of the signed-in person (their branches): a write that changes them invalidates it. */
const staffMeKey = (language: string) => ['staff', 'me', language] as const;

function ConsoleFrame({ signedInAs }: { signedInAs: StaffUser }) {
  const { t } = useTranslation();
  const language = useLanguage();
  // The person as the server knows them now: a branch created here is then in their branches (the tables and ads
  // pages list those) without signing in again.
  // The session check (or the sign-in) has just answered with them: the frame starts from that answer instead of
  // asking again while the page opens (docs/adr/0740); before the query's effect runs, so it finds it fresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the person the console opened with
  useLayoutEffect(() => {
    if (peekQuery(staffMeKey(language)) === undefined) setQueryData(staffMeKey(language), signedInAs);
  }, []);
  const me = useApiQuery(staffMeKey(language), () => getStaffMe(language));
  const user = me.data ?? signedInAs;
  const pages = useMemo(() => pagesFor(user), [user]);
  const allowed = user.role !== 'cashier';

  return (
    <div className="console" data-testid="console">
      <a className="skip-link" href="#console-main">
        {t('app.skipToContent')}
      </a>
      <aside className="console__sidebar">
        <div className="console__brand">
          <p className="console__product">{t('console.title')}</p>
          <p className="console__brand-name" data-testid="console-brand">
            {user.brand.name[language]}
          </p>
        </div>
        {allowed && <ConsoleNav pages={pages} />}
        <div className="console__who">
          <p data-testid="console-user">{user.name}</p>
          <p className="console__role">{t(`staff.roles.${user.role}`)}</p>
        </div>
      </aside>
      <div className="console__body">
        <div className="console__topbar">
          <Link href="~/staff" className="btn btn-ghost" data-testid="console-back-to-board">
            {t('console.backToBoard')}
          </Link>
          <LanguageSwitch />
        </div>
        <main id="console-main" className="console__main" tabIndex={-1}>
          {allowed ? <ConsoleRoutes user={user} pages={pages} /> : <NotAllowed />}
        </main>
      </div>
    </div>
  );
}

function ConsoleNav({ pages }: { pages: readonly ConsolePage[] }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const current = (path: string) => location === path || location.startsWith(`${path}/`);
  return (
    <nav className="console__nav" aria-label={t('console.navigation')} data-testid="console-nav">
      <ul>
        <li>
          <Link href="/" aria-current={location === '/' ? 'page' : undefined} data-testid="console-nav-overview">
            {t('console.overview.title')}
          </Link>
        </li>
        {pages.map((page) => (
          <li key={page.id}>
            <Link
              href={page.path}
              aria-current={current(page.path) ? 'page' : undefined}
              data-testid={`console-nav-${page.id}`}
            >
              {page.icon && (
                <span className="console__nav-icon" aria-hidden="true">
                  {page.icon}
                </span>
              )}
              {t(page.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
      <p className="console__nav-group">{t('console.inStaffApp')}</p>
      <ul>
        {staffAppSections.map((section) => (
          <li key={section.id}>
            <Link href={section.href} data-testid={`console-nav-staff-${section.id}`}>
              {t(section.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ConsoleRoutes({ user, pages }: { user: StaffUser; pages: readonly ConsolePage[] }) {
  const [location] = useLocation();
  return (
    <ErrorBoundary resetKey={location} fallback={(error, reset) => <LoadError error={error} onRetry={reset} />}>
      <Suspense fallback={<LoadingBlock />}>
        <Switch>
          <Route path="/">
            <Overview pages={pages} />
          </Route>
          {pages.map((page) => {
            const Page = pageComponents.get(page.id);
            return (
              <Route key={page.id} path={page.path} nest>
                {Page && <Page user={user} titleLevel={1} />}
              </Route>
            );
          })}
          <Route>
            <NotFound />
          </Route>
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}

/** The console's first page: its pages as a list of links, then the sections still in the staff app. */
function Overview({ pages }: { pages: readonly ConsolePage[] }) {
  const { t } = useTranslation();
  return (
    <div className="console-page" data-testid="console-overview">
      <PageHeader title={t('console.overview.title')} lead={t('console.overview.lead')} />
      <ul className="console-overview">
        {pages.map((page) => (
          <li key={page.id}>
            <Link href={page.path} className="console-overview__card">
              {t(page.labelKey)}
            </Link>
          </li>
        ))}
        {staffAppSections.map((section) => (
          <li key={section.id}>
            <Link href={section.href} className="console-overview__card console-overview__card--staff">
              {t(section.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function NotAllowed() {
  const { t } = useTranslation();
  return (
    <div className="console-page" data-testid="console-not-allowed">
      <PageHeader title={t('console.notAllowed.title')} lead={t('console.notAllowed.lead')} />
      <Link href="~/staff" className="btn btn-primary">
        {t('console.backToBoard')}
      </Link>
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="console-page" data-testid="console-not-found">
      <PageHeader title={t('console.notFound.title')} lead={t('console.notFound.lead')} />
      <Link href="/" className="btn btn-primary">
        {t('console.overview.title')}
      </Link>
    </div>
  );
}

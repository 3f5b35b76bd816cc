import { pickLanguage } from '@sufra/shared/language';
import { Link, Route, Switch, useLocation } from 'wouter';
import { i18n } from '../../lib/i18n';
import { useTranslation } from '../../lib/use-translation';
import type { ConsolePageProps } from '../console/console-pages';
import { CategoriesPage } from './routes/categories-page';
import { ItemEditor } from './routes/item-editor';
import { ItemsPage, prefetchItemList } from './routes/items-page';
import { ModifierGroupEditor, ModifierGroupsPage } from './routes/modifier-groups-page';
import './manage-menu.css';

// Opened on the item list: its first page is asked for now, beside the strings' chunks (docs/adr/0710).
const firstList =
  typeof window !== 'undefined' && /^\/staff\/manage\/menu\/?$/.test(window.location.pathname)
    ? prefetchItemList(pickLanguage(i18n.language))
    : undefined;

/**
 * The menu console's strings (locales/manage-menu.{ar,en}.json), both languages with the page's chunk; opened on the
 * item list, its first page too (settled either way), so the console's first render draws the rows (docs/adr/0770).
 */
export const ready: Promise<void> = Promise.all([
  import('../../locales/manage-menu.ar.json'),
  import('../../locales/manage-menu.en.json'),
  firstList,
]).then(([ar, en]) => {
  i18n.addResourceBundle('ar', 'translation', ar.default, true, false);
  i18n.addResourceBundle('en', 'translation', en.default, true, false);
});

/**
 * `/staff/manage/menu` (issue 26 items 2 and 3): the item list (search, category filter, per-branch availability,
 * sold out today, branch price, bulk actions, CSV), an item's editor (with the 409 conflict shown), the
 * categories (order by drag or arrows, visibility windows) and the choice groups (options, prices, items). Routes are relative to the page (nested).
 */
export default function MenuPage({ user }: ConsolePageProps) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const onCategories = location.startsWith('/categories');
  const onGroups = location.startsWith('/modifier-groups');
  return (
    <div className="console-page manage-menu" data-testid="manage-menu">
      <nav className="manage-menu__tabs" aria-label={t('manageMenu.title')}>
        <Link
          href="/"
          aria-current={!onCategories && !onGroups ? 'page' : undefined}
          data-testid="manage-menu-tab-items"
        >
          {t('manageMenu.tabs.items')}
        </Link>
        <Link
          href="/categories"
          aria-current={onCategories ? 'page' : undefined}
          data-testid="manage-menu-tab-categories"
        >
          {t('manageMenu.tabs.categories')}
        </Link>
        <Link href="/modifier-groups" aria-current={onGroups ? 'page' : undefined} data-testid="manage-menu-tab-groups">
          {t('manageMenu.tabs.groups')}
        </Link>
      </nav>
      <Switch>
        <Route path="/categories">
          <CategoriesPage />
        </Route>
        <Route path="/modifier-groups/new">
          <ModifierGroupEditor id={null} />
        </Route>
        <Route path="/modifier-groups/:id">{(params) => <ModifierGroupEditor id={Number(params.id)} />}</Route>
        <Route path="/modifier-groups">
          <ModifierGroupsPage />
        </Route>
        <Route path="/items/new">
          <ItemEditor id={null} />
        </Route>
        <Route path="/items/:id">{(params) => <ItemEditor id={Number(params.id)} />}</Route>
        <Route>
          <ItemsPage role={user.role} />
        </Route>
      </Switch>
    </div>
  );
}

import { searchTerms } from '@sufra/shared/text-search';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useMenu } from '../../../lib/get-menu';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { setSearchQuery } from '../../../stores/establishment-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { CartBar } from '../components/cart-bar';
import { CategoryTabs } from '../components/category-tabs';
import { MenuSearch } from '../components/menu-search';
import { MenuSections } from '../components/menu-sections';
import { MenuEmpty, MenuLoadError, MenuSkeleton } from '../components/menu-states';
import { useFavourites } from '../hooks/use-favourites';
import { useMenuSections } from '../hooks/use-menu-sections';
import { useSectionTabs } from '../hooks/use-section-tabs';
import './menu.css';

/** Menus this page has already shown in this visit (by query key). */
const shownMenus = new Set<string>();

export default function MenuRoute() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const menu = useMenu(uuid, language);
  const establishment = useAppSelector((s) => s.establishment.establishment);
  const query = useAppSelector((s) => s.establishment.searchQuery);
  const bookmarks = useAppSelector((s) => s.establishment.bookmarks);
  const deferredQuery = useDeferredValue(query);
  // Coming back to a menu shown before renders it whole at once, so the scroll position can be restored. A first
  // visit renders it in batches (MenuSections), even when the data is already here (the entry requests it early).
  const [showAll, setShowAll] = useState(() => menu.data !== undefined && shownMenus.has(`${uuid}:${language}`));
  if (menu.data) shownMenus.add(`${uuid}:${language}`);

  const menuOff = establishment?.uuid === uuid && establishment.services.menu === false;
  const deactivated = menu.error instanceof ApiError && menu.error.code === 'service_deactivated';
  useEffect(() => {
    if (menuOff || deactivated) navigate(paths.deactivated.build(uuid), { replace: true });
  }, [menuOff, deactivated, navigate, uuid]);

  const onToggleBookmark = useFavourites(uuid, establishment?.uuid === uuid ? establishment.brand.id : undefined);
  const bookmarked = useMemo(() => new Set(bookmarks.filter((b) => b.isBookmarked).map((b) => b.id)), [bookmarks]);
  const sections = useMenuSections(menu.data, deferredQuery, bookmarked, t('menu.favourites'));
  const { tabs, active, onSelectTab } = useSectionTabs(sections, () => setShowAll(true));

  const onSearch = (value: string) => dispatch(setSearchQuery(value));
  const resultCount = sections.reduce((sum, s) => sum + s.items.length, 0);
  const searching = searchTerms(deferredQuery).length > 0;

  return (
    <div className="menu-page">
      <title>{`${t('menu.title')} | ${establishment?.brand.name[language] ?? t('app.name')}`}</title>
      <div className="menu-page__sticky">
        <h1 className="visually-hidden">{t('menu.title')}</h1>
        <MenuSearch value={query} onChange={onSearch} />
        {sections.length > 0 && <CategoryTabs tabs={tabs} active={active} onSelect={onSelectTab} />}
      </div>

      <p className="visually-hidden" role="status">
        {searching && menu.data ? t('menu.results', { count: resultCount }) : ''}
      </p>

      {menu.error && !menu.data && !deactivated ? (
        <MenuLoadError error={menu.error} onRetry={menu.refetch} />
      ) : !menu.data ? (
        <MenuSkeleton />
      ) : sections.length === 0 ? (
        <MenuEmpty searching={searching} query={deferredQuery} onClear={() => onSearch('')} />
      ) : (
        <MenuSections
          sections={sections}
          uuid={uuid}
          showAll={showAll}
          bookmarked={bookmarked}
          onToggleBookmark={onToggleBookmark}
        />
      )}
      <CartBar uuid={uuid} />
    </div>
  );
}

import type { MenuItem, MenuResponse } from '@sufra/shared/schemas/menu';
import { dishSearchText, matchesTerms, searchTerms } from '@sufra/shared/text-search';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { menuQueryKey as menuKey, useMenu } from '../../../lib/get-menu';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { setSearchQuery } from '../../../stores/establishment-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { CartBar } from '../components/cart-bar';
import { CategoryTabs } from '../components/category-tabs';
import { ItemCardSkeleton } from '../components/item-card';
import { MenuSearch } from '../components/menu-search';
import { MenuSections, type Section } from '../components/menu-sections';
import { useActiveSection } from '../hooks/use-active-section';
import { useFavourites } from '../hooks/use-favourites';
import './menu.css';

/** Height of the sticky header + search + tabs, so a section's title lands just under them. */
const STICKY_OFFSET = 168;

function buildIndex(menu: MenuResponse) {
  const byCategory = new Map<number, MenuItem[]>();
  const haystacks = new Map<number, string>();
  for (const item of menu.items) {
    let list = byCategory.get(item.categoryId);
    if (!list) {
      list = [];
      byCategory.set(item.categoryId, list);
    }
    list.push(item);
    haystacks.set(item.id, dishSearchText(item));
  }
  return { byCategory, haystacks };
}

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
  const [showAll, setShowAll] = useState(() => menu.data !== undefined && shownMenus.has(menuKey(uuid, language)));
  if (menu.data) shownMenus.add(menuKey(uuid, language));

  const menuOff = establishment?.uuid === uuid && establishment.services.menu === false;
  const deactivated = menu.error instanceof ApiError && menu.error.code === 'service_deactivated';
  useEffect(() => {
    if (menuOff || deactivated) navigate(paths.deactivated.build(uuid), { replace: true });
  }, [menuOff, deactivated, navigate, uuid]);

  const index = useMemo(() => (menu.data ? buildIndex(menu.data) : null), [menu.data]);
  const onToggleBookmark = useFavourites(uuid, establishment?.uuid === uuid ? establishment.brand.id : undefined);
  const bookmarked = useMemo(() => new Set(bookmarks.filter((b) => b.isBookmarked).map((b) => b.id)), [bookmarks]);
  const favouritesTitle = t('menu.favourites');

  const sections = useMemo<Section[]>(() => {
    if (!menu.data || !index) return [];
    const terms = searchTerms(deferredQuery);
    const result: Section[] = [];
    // The diner's favourites first, in the order they were marked (a search lists each dish once, in its category).
    if (terms.length === 0 && bookmarked.size > 0) {
      const byId = new Map(menu.data.items.map((item) => [item.id, item]));
      const items = [...bookmarked].flatMap((id) => byId.get(id) ?? []);
      if (items.length > 0) result.push({ id: 'favourites', name: favouritesTitle, items });
    }
    for (const category of menu.data.categories) {
      const items = (index.byCategory.get(category.id) ?? []).filter(
        (item) => terms.length === 0 || matchesTerms(index.haystacks.get(item.id) ?? '', terms),
      );
      if (items.length > 0) result.push({ id: `category-${category.id}`, name: category.name, items });
    }
    return result;
  }, [menu.data, index, deferredQuery, bookmarked, favouritesTitle]);

  // A new search starts at the top of the results, not somewhere in the middle of the old list.
  const firstQuery = useRef(deferredQuery);
  useEffect(() => {
    if (deferredQuery === firstQuery.current) return;
    firstQuery.current = deferredQuery;
    window.scrollTo({ top: 0 });
  }, [deferredQuery]);

  const sectionIds = useMemo(() => sections.map((s) => s.id), [sections]);
  const tabs = useMemo(() => sections.map((s) => ({ sectionId: s.id, name: s.name })), [sections]);
  // A little below where a tab click lands the section (CSS scroll-margin = STICKY_OFFSET), so the section before it no longer counts.
  const { active, select } = useActiveSection(sectionIds, STICKY_OFFSET + 16);

  const onSelectTab = (sectionId: string) => {
    select(sectionId);
    setShowAll(true);
    const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
    requestAnimationFrame(() => {
      const section = document.getElementById(sectionId);
      if (!section) return;
      section.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
      // Sections skipped by content-visibility get their real height while we scroll past them; land exactly.
      const settle = () => {
        if (Math.abs(section.getBoundingClientRect().top - STICKY_OFFSET) > 4)
          section.scrollIntoView({ block: 'start' });
      };
      window.addEventListener('scrollend', settle, { once: true });
      setTimeout(settle, 1200);
    });
  };

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
        <div className="state-box" role="alert">
          <p className="state-box__title">{t('menu.loadError')}</p>
          <p>{errorText(menu.error, language)}</p>
          <button type="button" className="btn btn-primary" onClick={menu.refetch}>
            {t('app.retry')}
          </button>
        </div>
      ) : !menu.data ? (
        <div className="menu-section" aria-busy="true">
          <span className="visually-hidden" role="status">
            {t('app.loading')}
          </span>
          <div className="skeleton skeleton--heading" />
          <ul className="item-list">
            {Array.from({ length: 6 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <ItemCardSkeleton key={i} />
            ))}
          </ul>
        </div>
      ) : sections.length === 0 ? (
        <div className="state-box">
          {searching ? (
            <>
              <p className="state-box__title">{t('menu.noResults', { query: deferredQuery.trim() })}</p>
              <p>{t('menu.noResultsHint')}</p>
              <button type="button" className="btn btn-secondary" onClick={() => onSearch('')}>
                {t('menu.clearSearch')}
              </button>
            </>
          ) : (
            <p className="state-box__title">{t('menu.empty')}</p>
          )}
        </div>
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

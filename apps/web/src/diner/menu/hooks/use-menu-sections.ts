import type { MenuItem, MenuResponse } from '@sufra/shared/schemas/menu';
import { dishSearchText, matchesTerms, searchTerms } from '@sufra/shared/text-search';
import { useEffect, useMemo, useRef } from 'react';
import type { Section } from '../components/menu-sections';

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

/**
 * The menu's sections for the search typed: the diner's favourites first (without a search), then each category with
 * its dishes that match; a new search starts at the top of the results.
 */
export function useMenuSections(
  menu: MenuResponse | undefined,
  deferredQuery: string,
  bookmarked: Set<number>,
  favouritesTitle: string,
) {
  const index = useMemo(() => (menu ? buildIndex(menu) : null), [menu]);
  const sections = useMemo<Section[]>(() => {
    if (!menu || !index) return [];
    const terms = searchTerms(deferredQuery);
    const result: Section[] = [];
    // The diner's favourites first, in the order they were marked (a search lists each dish once, in its category).
    if (terms.length === 0 && bookmarked.size > 0) {
      const byId = new Map(menu.items.map((item) => [item.id, item]));
      const items = [...bookmarked].flatMap((id) => byId.get(id) ?? []);
      if (items.length > 0) result.push({ id: 'favourites', name: favouritesTitle, items });
    }
    for (const category of menu.categories) {
      const items = (index.byCategory.get(category.id) ?? []).filter(
        (item) => terms.length === 0 || matchesTerms(index.haystacks.get(item.id) ?? '', terms),
      );
      if (items.length > 0) result.push({ id: `category-${category.id}`, name: category.name, items });
    }
    return result;
  }, [menu, index, deferredQuery, bookmarked, favouritesTitle]);

  // A new search starts at the top of the results, not somewhere in the middle of the old list.
  const firstQuery = useRef(deferredQuery);
  useEffect(() => {
    if (deferredQuery === firstQuery.current) return;
    firstQuery.current = deferredQuery;
    window.scrollTo({ top: 0 });
  }, [deferredQuery]);

  return sections;
}

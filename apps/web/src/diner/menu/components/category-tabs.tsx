import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';

export interface CategoryTab {
  sectionId: string;
  name: string;
}

interface Props {
  tabs: readonly CategoryTab[];
  active: string | null;
  onSelect: (sectionId: string) => void;
}

/** Sticky horizontal category navigation; the current section's tab has aria-current and stays in view. */
export function CategoryTabs({ tabs, active, onSelect }: Props) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);

  const tabsKey = tabs.map((tab) => tab.sectionId).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the strip returns to its start when the set of tabs changes
  useEffect(() => {
    if (listRef.current) listRef.current.scrollLeft = 0;
  }, [tabsKey]);

  useEffect(() => {
    if (!active) return;
    const tab = listRef.current?.querySelector<HTMLElement>(`[data-section="${active}"]`);
    const list = listRef.current;
    if (!tab || !list) return;
    // Scroll only the tab strip, never the page: centre the tab horizontally (works in RTL and LTR).
    const tabBox = tab.getBoundingClientRect();
    const listBox = list.getBoundingClientRect();
    const delta = tabBox.left + tabBox.width / 2 - (listBox.left + listBox.width / 2);
    list.scrollBy({ left: delta, behavior: 'auto' });
  }, [active]);

  return (
    <nav className="category-tabs" aria-label={t('menu.categories')} data-testid="category-tabs">
      <ul ref={listRef} className="category-tabs__list">
        {tabs.map((tab) => (
          <li key={tab.sectionId}>
            <a
              href={`#${tab.sectionId}`}
              data-section={tab.sectionId}
              className="category-tabs__tab"
              aria-current={tab.sectionId === active ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault();
                onSelect(tab.sectionId);
              }}
            >
              {tab.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

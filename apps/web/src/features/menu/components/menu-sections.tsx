import type { MenuItem } from '@sufra/shared/schemas/menu';
import { ItemCard } from './item-card';

export interface Section {
  id: string;
  name: string;
  items: MenuItem[];
}

/** Cards rendered in the first pass; the rest follow in a transition (fast first paint on 1,500 items). */
const FIRST_PASS_ITEMS = 24;
/** A card's height (96 px image + 2 × 12 px padding + 1 px border), for the space kept by cards not yet rendered. */
const ITEM_HEIGHT_ESTIMATE = 121;

interface Props {
  sections: readonly Section[];
  uuid: string;
  /** False on the first pass: only FIRST_PASS_ITEMS cards, the rest keep their estimated height. */
  renderAll: boolean;
  bookmarked: ReadonlySet<number>;
  onToggleBookmark: (id: number) => void;
}

export function MenuSections({ sections, uuid, renderAll, bookmarked, onToggleBookmark }: Props) {
  let budget = renderAll ? Number.POSITIVE_INFINITY : FIRST_PASS_ITEMS;
  return sections.map((section, i) => {
    const shown = budget >= section.items.length ? section.items : section.items.slice(0, Math.max(0, budget));
    budget -= shown.length;
    const pending = section.items.length - shown.length;
    return (
      <section key={section.id} id={section.id} className="menu-section" aria-labelledby={`${section.id}-title`}>
        <h2 id={`${section.id}-title`} className="menu-section__title">
          {section.name}
        </h2>
        {shown.length > 0 && (
          <ul className="item-list">
            {shown.map((item, j) => (
              <ItemCard
                key={item.id}
                priority={i === 0 && j < 4}
                item={item}
                uuid={uuid}
                bookmarked={bookmarked.has(item.id)}
                onToggleBookmark={onToggleBookmark}
              />
            ))}
          </ul>
        )}
        {pending > 0 && <div style={{ blockSize: pending * ITEM_HEIGHT_ESTIMATE }} />}
      </section>
    );
  });
}

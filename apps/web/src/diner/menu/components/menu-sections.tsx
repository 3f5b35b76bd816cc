import type { MenuItem } from '@sufra/shared/schemas/menu';
import { startTransition, useEffect, useMemo, useState } from 'react';
import type { TFunction } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { ItemCard, type ItemCardLabels } from './item-card';

export interface Section {
  id: string;
  name: string;
  items: MenuItem[];
}

/** Cards in the first render: a screenful and a bit (a card is 121 px), so the menu's first paint is quick. */
const FIRST_PASS_ITEMS = 8;
/** Cards added per following task. */
const NEXT_BATCH_ITEMS = 12;
/** A card's height (96 px image + 2 × 12 px padding + 1 px border), for the space kept by cards not yet rendered. */
const ITEM_HEIGHT_ESTIMATE = 121;

interface Props {
  sections: readonly Section[];
  uuid: string;
  /** Render every card now (coming back to the menu, or jumping to a section), not batch by batch. */
  showAll: boolean;
  bookmarked: ReadonlySet<number>;
  onToggleBookmark: (id: number) => void;
}

/** Stands for the dish's name in the bookmark label, which is then filled in per card without calling the translator. */
const NAME_SLOT = '\u2063';

function cardLabels(t: TFunction): ItemCardLabels {
  const [before = '', after = ''] = t('menu.bookmark', { name: NAME_SLOT }).split(NAME_SLOT);
  return { soldOut: t('menu.soldOut'), bookmark: (name) => `${before}${name}${after}` };
}

export function MenuSections({ sections, uuid, showAll, bookmarked, onToggleBookmark }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const labels = useMemo(() => cardLabels(t), [t]);
  const [limit, setLimit] = useState(FIRST_PASS_ITEMS);
  const total = sections.reduce((sum, section) => sum + section.items.length, 0);
  // The rest of the cards one batch per task, so no task renders and lays out hundreds of cards (long tasks block
  // input). The batches re-render only this list, not the page around it.
  useEffect(() => {
    if (showAll || limit >= total) return;
    const timer = setTimeout(() => startTransition(() => setLimit((n) => n + NEXT_BATCH_ITEMS)), 0);
    return () => clearTimeout(timer);
  }, [showAll, limit, total]);

  let budget = showAll ? Number.POSITIVE_INFINITY : limit;
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
                language={language}
                labels={labels}
              />
            ))}
          </ul>
        )}
        {pending > 0 && <div style={{ blockSize: pending * ITEM_HEIGHT_ESTIMATE }} />}
      </section>
    );
  });
}

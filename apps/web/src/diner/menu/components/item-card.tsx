import type { Language } from '@sufra/shared/language';
import { formatSar } from '@sufra/shared/money';
import type { MenuItem } from '@sufra/shared/schemas/menu';
import { memo } from 'react';
import { Link } from 'wouter';
import { AppImage } from '../../../components/ui/app-image';
import { paths } from '../../../config/paths';

export interface ItemCardLabels {
  soldOut: string;
  bookmark: (name: string) => string;
}

interface Props {
  item: MenuItem;
  uuid: string;
  bookmarked: boolean;
  onToggleBookmark: (id: number) => void;
  /** From the list: translated once for all cards, not per card (the menu can have 1,500). */
  language: Language;
  labels: ItemCardLabels;
  /** Cards in the first screenful load their image eagerly (it is often the largest contentful paint). */
  priority?: boolean;
}

/** One dish on the menu. Sold-out dishes are shown, marked, and not openable. */
export const ItemCard = memo(function ItemCard({
  item,
  uuid,
  bookmarked,
  onToggleBookmark,
  language,
  labels,
  priority = false,
}: Props) {
  const body = (
    <>
      <span className="item-card__text">
        <span className="item-card__name">{item.name}</span>
        {item.description && <span className="item-card__description">{item.description}</span>}
        <span className="item-card__meta">
          <span className="item-card__price">{formatSar(item.priceHalalas, language)}</span>
          {!item.available && <span className="badge badge--muted">{labels.soldOut}</span>}
        </span>
      </span>
      <AppImage
        src={item.image}
        alt={item.name}
        width={96}
        height={96}
        className="item-card__image"
        priority={priority}
      />
    </>
  );

  return (
    <li className={`item-card${item.available ? '' : ' item-card--unavailable'}`} data-testid="item-card">
      {item.available ? (
        <Link to={paths.item.build(uuid, item.id, item.slug)} className="item-card__link">
          {body}
        </Link>
      ) : (
        <div className="item-card__link" aria-disabled="true">
          {body}
        </div>
      )}
      <button
        type="button"
        className="btn btn-icon item-card__bookmark"
        aria-pressed={bookmarked}
        aria-label={labels.bookmark(item.name)}
        onClick={() => onToggleBookmark(item.id)}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
            fill={bookmarked ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </li>
  );
});

export function ItemCardSkeleton() {
  return (
    <li className="item-card" aria-hidden="true">
      <span className="item-card__link">
        <span className="item-card__text">
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
          <span className="skeleton skeleton--line skeleton--tiny" />
        </span>
        <span className="item-card__image skeleton" />
      </span>
    </li>
  );
}

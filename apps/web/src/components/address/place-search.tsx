import type { GeocodePlace } from '@sufra/shared/schemas/geocoding';
import { useId, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { type SearchPlacesFn, usePlaceSearch } from './use-place-search';

interface Props {
  /** Runs one search (the caller binds the language and the point to search near). */
  search: SearchPlacesFn;
  language: 'ar' | 'en';
  onPick: (place: GeocodePlace) => void;
  disabled?: boolean;
}

/**
 * The address search as an ARIA combobox (APG "list autocomplete"): typing suggests places (debounced, stale
 * searches cancelled), the arrows move through them (aria-activedescendant), Enter or a tap picks one, Escape closes
 * the list (and clears the text when already closed). A status line says how many places came, for screen readers.
 */
export function PlaceSearch({ search, language, onPick, disabled = false }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const s = usePlaceSearch(search);
  const [picked, setPicked] = useState<string | null>(null);
  const listId = `${id}-places`;
  const optionId = (i: number) => `${id}-place-${i}`;

  const pick = (place: GeocodePlace) => {
    onPick(place);
    setPicked(place.name[language]);
    s.close();
  };

  const status =
    s.status === 'searching'
      ? t('address.searching')
      : s.status === 'failed'
        ? t('address.searchFailed')
        : s.status === 'done' && s.open
          ? s.places.length === 0
            ? t('address.searchNone')
            : t('address.searchCount', { count: s.places.length })
          : picked
            ? t('address.searchPicked', { place: picked })
            : '';

  return (
    <div className="place-search" data-testid="place-search">
      <label htmlFor={`${id}-input`} className="field__label">
        {t('address.search')}
      </label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        className="input"
        autoComplete="off"
        enterKeyHint="search"
        aria-autocomplete="list"
        aria-expanded={s.open && s.places.length > 0}
        aria-controls={listId}
        aria-activedescendant={s.open && s.active >= 0 ? optionId(s.active) : undefined}
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        value={s.query}
        onChange={(e) => {
          setPicked(null);
          s.setQuery(e.target.value);
        }}
        onBlur={() => s.close()}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            s.move(e.key === 'ArrowDown' ? 1 : -1);
          } else if (e.key === 'Enter') {
            // Never submits the address form from here.
            e.preventDefault();
            const place = s.open ? s.places[s.active] : undefined;
            if (place) pick(place);
          } else if (e.key === 'Escape') {
            if (s.open) {
              e.preventDefault();
              s.close();
            } else if (s.query) {
              e.preventDefault();
              s.setQuery('');
              s.close();
            }
          }
        }}
      />
      <p id={`${id}-hint`} className="field__hint">
        {t('address.searchHint')}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label={t('address.search')}
        className="place-search__list"
        hidden={!(s.open && s.places.length > 0)}
      >
        {s.places.map((place, i) => (
          // Options are reached by aria-activedescendant (focus stays in the field), hence tabIndex -1.
          <div
            tabIndex={-1}
            key={`${place.location.lat},${place.location.lng},${place.name.en}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === s.active}
            className={`place-search__option${i === s.active ? ' is-active' : ''}`}
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(e) => {
              e.preventDefault();
              pick(place);
            }}
          >
            <span className="place-search__name">{place.name[language]}</span>
            <span className="place-search__context">{place.context[language]}</span>
          </div>
        ))}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="place-search-status">
        {status}
      </p>
    </div>
  );
}

import { describe, expect, it } from 'vitest';
import {
  enterEstablishment,
  establishmentReducer,
  initialEstablishmentState,
  setSearchQuery,
  setUtmSource,
  toggleBookmark,
} from './establishment-slice';

describe('bookmark toggle', () => {
  it('adds an item that is not bookmarked, flagged as bookmarked', () => {
    const state = establishmentReducer(initialEstablishmentState, toggleBookmark({ id: 7 }));
    expect(state.bookmarks).toEqual([{ id: 7, isBookmarked: true }]);
  });

  it('removes a bookmarked item on the second toggle', () => {
    let state = establishmentReducer(initialEstablishmentState, toggleBookmark({ id: 7 }));
    state = establishmentReducer(state, toggleBookmark({ id: 8 }));
    state = establishmentReducer(state, toggleBookmark({ id: 7 }));
    expect(state.bookmarks).toEqual([{ id: 8, isBookmarked: true }]);
  });
});

describe('establishment', () => {
  it('keeps the search query and utm_source as set', () => {
    let state = establishmentReducer(initialEstablishmentState, setSearchQuery('kabsa'));
    state = establishmentReducer(state, setUtmSource('instagram'));
    expect(state.searchQuery).toBe('kabsa');
    expect(state.utm_source).toBe('instagram');
  });

  it('forgets the previous establishment when another one is entered', () => {
    const withData = {
      ...initialEstablishmentState,
      establishment: { uuid: 'a' } as never,
      searchQuery: 'tea',
    };
    const state = establishmentReducer(withData, enterEstablishment('b'));
    expect(state.establishment).toBeNull();
    expect(state.searchQuery).toBe('');
    expect(establishmentReducer(withData, enterEstablishment('a')).establishment).not.toBeNull();
  });
});

import { useCallback, useEffect, useRef } from 'react';
import { errorText } from '../../../lib/api-client';
import { local } from '../../../lib/storage';
import { useLanguage } from '../../../lib/use-language';
import { setBookmarks, toggleBookmark } from '../../../stores/establishment-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { readLocalFavourites, toggleFavourite, writeLocalFavourites } from '../favourites';

const asBookmarks = (ids: readonly number[]) => ids.map((id) => ({ id, isBookmarked: true }));

/**
 * The diner's favourite dishes for this brand, in the establishment slice's bookmark list (spec §4): on the server
 * for a signed-in diner, in this browser otherwise. Signing in hands the browser's favourites over to the account.
 * Returns the toggle for the hearts on the menu (stable, so the memoised cards do not all re-render).
 */
export function useFavourites(uuid: string, brandId: number | undefined): (id: number) => void {
  const dispatch = useAppDispatch();
  const language = useLanguage();
  const status = useAppSelector((s) => s.auth.status);
  const bookmarks = useAppSelector((s) => s.establishment.bookmarks);
  const latest = useRef({ bookmarks, status, brandId, language });
  latest.current = { bookmarks, status, brandId, language };

  // Language is read when the list loads; switching language does not load it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by brand and session on purpose
  useEffect(() => {
    if (brandId === undefined || status === 'unknown') return;
    const saved = readLocalFavourites(local, brandId);
    if (status === 'signedOut') {
      dispatch(setBookmarks(asBookmarks(saved)));
      return;
    }
    let active = true;
    import('../api/favourites')
      .then(async ({ getFavourites, setFavourite }) => {
        let ids = await getFavourites(uuid, language);
        for (const id of saved) {
          // A dish since taken off the menu cannot be handed over; the others still can.
          if (!ids.includes(id)) ids = await setFavourite(uuid, id, true, language).catch(() => ids);
        }
        writeLocalFavourites(local, brandId, []);
        if (active) dispatch(setBookmarks(asBookmarks(ids)));
      })
      .catch(() => {
        // Not loaded (offline, session just ended): the hearts show what this browser knows.
        if (active) dispatch(setBookmarks(asBookmarks(saved)));
      });
    return () => {
      active = false;
    };
  }, [uuid, brandId, status, dispatch]);

  return useCallback(
    (id: number) => {
      const { bookmarks: current, status: now, brandId: brand, language: lang } = latest.current;
      if (brand === undefined) return;
      const on = !current.some((b) => b.id === id);
      dispatch(toggleBookmark({ id }));
      if (now !== 'signedIn') {
        writeLocalFavourites(local, brand, toggleFavourite(readLocalFavourites(local, brand), id));
        return;
      }
      import('../api/favourites')
        .then(({ setFavourite }) => setFavourite(uuid, id, on, lang))
        .then(
          (ids) => dispatch(setBookmarks(asBookmarks(ids))),
          (error: unknown) => {
            // The heart goes back to what the server has, and the diner is told why.
            dispatch(toggleBookmark({ id }));
            // (the toast's code loads on this rare path only: the menu's first JavaScript has a budget)
            void import('../../../lib/toast').then(({ showToast }) => showToast(errorText(error, lang), 'error'));
          },
        );
    },
    [uuid, dispatch],
  );
}

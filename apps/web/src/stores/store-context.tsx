import type { Dispatch, Store, UnknownAction } from '@reduxjs/toolkit';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { RootState } from './root-state';

/**
 * The part of react-redux the app used (Provider, useSelector, useDispatch, useStore), in a few lines over React's
 * useSyncExternalStore: react-redux and its selector shim weighed ~3.5 KB gzip of the menu route's initial JavaScript
 * (budget 100 KB, docs/adr/0034-own-store-hooks-not-react-redux.md). A selection is kept while the state is the same
 * object or the new selection equals the old (`Object.is` unless told), so a component re-renders only when what it
 * reads changed, as with react-redux's useSelector.
 */
const StoreContext = createContext<Store<RootState> | null>(null);

export function StoreProvider({ store, children }: { store: Store<RootState>; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useAppStore(): Store<RootState> {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useAppStore needs a <StoreProvider> above it');
  return store;
}

export function useAppDispatch(): Dispatch<UnknownAction> {
  return useAppStore().dispatch;
}

export function useAppSelector<T>(selector: (state: RootState) => T, isEqual: (a: T, b: T) => boolean = Object.is): T {
  const store = useAppStore();
  // The selection last rendered: a new selector (an inline arrow, each render) that selects an equal value keeps it.
  const rendered = useRef<{ value: T } | null>(null);
  const getSelection = useMemo(() => {
    let memo: { state: RootState; selection: T } | null = null;
    return () => {
      const state = store.getState();
      if (memo && Object.is(memo.state, state)) return memo.selection;
      const next = selector(state);
      const previous = memo ? memo.selection : rendered.current?.value;
      const selection = previous !== undefined && isEqual(previous as T, next) ? (previous as T) : next;
      memo = { state, selection };
      return selection;
    };
  }, [store, selector, isEqual]);
  const value = useSyncExternalStore(store.subscribe, getSelection, getSelection);
  useEffect(() => {
    rendered.current = { value };
  }, [value]);
  return value;
}

import {
  Children,
  createContext,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { matchPath, type Params, patternScore } from './match-path';

/**
 * A small router with the same names and signatures as the react-router APIs this app uses
 * (BrowserRouter, Routes/Route with layout routes, Outlet, Link, useParams, useLocation, useNavigate,
 * useSearchParams). react-router's declarative mode cost ~13 KB gzip, which broke the menu's 115 KB
 * budget (docs/decisions.md "Web bundle"). Going back is a change of import path.
 * History entries carry { usr, key, idx } like react-router's, so `location.key === 'default'` means
 * "first page of the visit" and `history.state.idx` counts entries. Scroll: top on push, restored on back.
 */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = {
  (to: string, options?: NavigateOptions): void;
  (delta: number): void;
};

interface HistoryState {
  usr: unknown;
  key: string;
  idx: number;
}

const LocationContext = createContext<Location | null>(null);
const NavigateContext = createContext<NavigateFunction | null>(null);
const RouteContext = createContext<{ params: Params; outlet: ReactNode }>({ params: {}, outlet: null });

const scrollPositions = new Map<string, number>();

function readHistoryState(): HistoryState | null {
  const state = window.history.state as Partial<HistoryState> | null;
  return state && typeof state.key === 'string' && typeof state.idx === 'number' ? (state as HistoryState) : null;
}

function readLocation(): Location {
  const { pathname, search, hash } = window.location;
  const state = readHistoryState();
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState(() => {
    if (!readHistoryState()) window.history.replaceState({ usr: null, key: 'default', idx: 0 }, '');
    return { location: readLocation(), pop: false };
  });

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onPop = () => setCurrent({ location: readLocation(), pop: true });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback((to: string | number, options: NavigateOptions = {}) => {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    const from = readHistoryState();
    if (from) scrollPositions.set(from.key, window.scrollY);
    const url = new URL(to, window.location.href);
    const idx = (from?.idx ?? 0) + (options.replace ? 0 : 1);
    const state: HistoryState = { usr: options.state ?? null, key: newKey(), idx };
    const href = url.pathname + url.search + url.hash;
    if (options.replace) window.history.replaceState(state, '', href);
    else window.history.pushState(state, '', href);
    setCurrent({ location: readLocation(), pop: false });
  }, []) as NavigateFunction;

  const { location, pop } = current;
  useLayoutEffect(() => {
    if (pop) window.scrollTo(0, scrollPositions.get(location.key) ?? 0);
    else if (!location.hash) window.scrollTo(0, 0);
  }, [location, pop]);

  return (
    <NavigateContext.Provider value={navigate}>
      <LocationContext.Provider value={location}>{children}</LocationContext.Provider>
    </NavigateContext.Provider>
  );
}

export interface RouteProps {
  path?: string;
  element?: ReactNode;
  children?: ReactNode;
}

/** A route declaration; <Routes> reads its props, it renders nothing itself. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

interface Branch {
  path: string;
  chain: ReactNode[];
  score: number;
  order: number;
}

function collect(children: ReactNode, parents: ReactNode[], out: Branch[]) {
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    const { path, element = null, children: nested } = child.props;
    const chain = [...parents, element];
    if (path !== undefined) out.push({ path, chain, score: patternScore(path), order: out.length });
    if (nested) collect(nested, chain, out);
  });
}

export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const branches = useMemo(() => {
    const out: Branch[] = [];
    collect(children, [], out);
    return out.sort((a, b) => b.score - a.score || a.order - b.order);
  }, [children]);

  for (const branch of branches) {
    const params = matchPath(branch.path, pathname);
    if (!params) continue;
    // Render from the innermost element outwards; each layout gets the next level as its <Outlet />.
    let outlet: ReactNode = null;
    for (let i = branch.chain.length - 1; i >= 0; i--) {
      outlet = <RouteContext.Provider value={{ params, outlet }}>{branch.chain[i]}</RouteContext.Provider>;
    }
    return outlet;
  }
  return null;
}

export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

export function useLocation(): Location {
  const location = useContext(LocationContext);
  if (!location) throw new Error('useLocation outside <BrowserRouter>');
  return location;
}

export function useNavigate(): NavigateFunction {
  const navigate = useContext(NavigateContext);
  if (!navigate) throw new Error('useNavigate outside <BrowserRouter>');
  return navigate;
}

export function useParams(): Params {
  return useContext(RouteContext).params;
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams, options?: NavigateOptions) => void] {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: URLSearchParams, options?: NavigateOptions) => {
      const query = next.toString();
      navigate(`${pathname}${query ? `?${query}` : ''}${hash}`, options);
    },
    [navigate, pathname, hash],
  );
  return [params, set];
}

export interface LinkProps extends Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      (target && target !== '_self')
    ) {
      return;
    }
    event.preventDefault();
    navigate(to, { replace: replace ?? false, state });
  };
  return <a {...rest} href={to} target={target} onClick={handle} />;
}

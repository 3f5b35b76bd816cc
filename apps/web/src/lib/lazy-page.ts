import { type ComponentProps, type ComponentType, createElement, lazy, useState } from 'react';
import { session } from './storage';

/** Spec §9: a route chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;
const RELOADED_KEY = 'sufra.chunk-reloaded';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A lazy route component that can also be loaded ahead of its first render. */
// biome-ignore lint/suspicious/noExplicitAny: component props are the page's own
export type LazyPage<T extends ComponentType<any>> = ComponentType<ComponentProps<T>> & {
  /** Loads the chunk now; once it has, the page renders without suspending (no fallback flash). */
  preload: () => Promise<void>;
};

/**
 * React.lazy for a route. A failed chunk (usually a deploy replaced the hashed files, or the network dropped)
 * reloads the page once; if it fails again the error boundary shows the error screen.
 * A page whose chunk is already loaded (preload) renders directly: React.lazy would suspend for a tick even then.
 */
// biome-ignore lint/suspicious/noExplicitAny: component props are the page's own
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyPage<T> {
  let loaded: T | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const loadOnce = () => {
    loading ??= withTimeout(load(), CHUNK_TIMEOUT_MS).then((module) => {
      loaded = module.default;
      return module;
    });
    return loading;
  };
  const Lazy = lazy(async () => {
    try {
      const module = await loadOnce();
      session.removeItem(RELOADED_KEY);
      return module;
    } catch (error) {
      loading = undefined;
      if (session.getItem(RELOADED_KEY) !== '1') {
        session.setItem(RELOADED_KEY, '1');
        window.location.reload();
        return new Promise<never>(() => {});
      }
      session.removeItem(RELOADED_KEY);
      throw new ChunkLoadError(error instanceof Error ? error.message : 'chunk load failed');
    }
  });
  // biome-ignore lint/correctness/noComponentHookFactories: a factory called once per route at module level, like React.lazy
  function Page(props: ComponentProps<T>) {
    // Chosen once per mount: switching from Lazy to the module later would remount the page.
    const [chosen] = useState(() => ({ component: (loaded ?? Lazy) as ComponentType<ComponentProps<T>> }));
    return createElement(chosen.component, props);
  }
  Page.preload = () =>
    loadOnce().then(
      () => undefined,
      () => undefined, // the render path retries and reports
    );
  return Page;
}

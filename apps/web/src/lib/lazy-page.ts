import { type ComponentType, lazy } from 'react';
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

/**
 * React.lazy for a route. A failed chunk (usually a deploy replaced the hashed files, or the network dropped)
 * reloads the page once; if it fails again the error boundary shows the error screen.
 */
// biome-ignore lint/suspicious/noExplicitAny: component props are the page's own
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    try {
      const module = await withTimeout(load(), CHUNK_TIMEOUT_MS);
      session.removeItem(RELOADED_KEY);
      return module;
    } catch (error) {
      if (session.getItem(RELOADED_KEY) !== '1') {
        session.setItem(RELOADED_KEY, '1');
        window.location.reload();
        return new Promise<never>(() => {});
      }
      session.removeItem(RELOADED_KEY);
      throw new ChunkLoadError(error instanceof Error ? error.message : 'chunk load failed');
    }
  });
}

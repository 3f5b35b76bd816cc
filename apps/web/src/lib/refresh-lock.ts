import { type KeyValueStorage, local } from './storage';

/**
 * Refresh tokens rotate and a spent one revokes its whole family (DESIGN §6), so two tabs (or two calls in one tab)
 * must never refresh with the same cookie. Refreshes are serialized three ways:
 * - in this tab, concurrent callers share one refresh;
 * - across tabs, the Web Locks API runs one refresh at a time;
 * - a tab that waited for the lock reads when the last refresh happened (a timestamp in localStorage): if it is
 *   later than the moment its own failed request left, the cookies are already new and it just retries.
 */
interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface RefreshSerializerOptions {
  storage?: KeyValueStorage;
  locks?: LockManagerLike | undefined;
  now?: () => number;
}

/** `refresh` resolves true when the server gave new cookies, false when the session is over (401). */
export type RefreshCall = () => Promise<boolean>;

export function createRefreshSerializer(options: RefreshSerializerOptions = {}) {
  const storage = options.storage ?? local;
  const now = options.now ?? Date.now;
  const inFlight = new Map<string, Promise<boolean>>();

  /**
   * `since`: when the request that got a 401 was sent. Resolves true when the caller should retry, false when
   * the session is over. Network errors reject (the session may still be fine).
   */
  return function serializedRefresh(scope: string, since: number, refresh: RefreshCall): Promise<boolean> {
    const pending = inFlight.get(scope);
    if (pending) return pending;
    const stampKey = `sufra.refreshedAt.${scope}`;
    const body = async () => {
      const last = Number(storage.getItem(stampKey) ?? 0);
      if (last > since) return true;
      const renewed = await refresh();
      if (renewed) storage.setItem(stampKey, String(now()));
      return renewed;
    };
    const locks = 'locks' in options ? options.locks : globalThis.navigator?.locks;
    const run = (locks ? locks.request(`sufra-refresh:${scope}`, body) : body()).finally(() => inFlight.delete(scope));
    inFlight.set(scope, run);
    return run;
  };
}

export const serializedRefresh = createRefreshSerializer();

/**
 * Runs `call`; on 401 refreshes (serialized) and runs it again. A refresh skipped because another tab had just
 * refreshed may have renewed a different session (customer cookies are per brand), so a second 401 refreshes for
 * real once more. `onEnded` runs when the server refuses the refresh: the session is over.
 */
export async function withRefresh<T>(
  call: () => Promise<T>,
  refresh: (since: number) => Promise<boolean>,
  onEnded: () => void,
  isUnauthorized: (error: unknown) => boolean,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const sentAt = Date.now();
    try {
      return await call();
    } catch (error) {
      if (!isUnauthorized(error) || attempt === 2) throw error;
      if (!(await refresh(sentAt))) {
        onEnded();
        throw error;
      }
    }
  }
}

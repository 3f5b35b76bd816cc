import type { KeyValueStorage } from './storage';

/**
 * Refresh tokens rotate and a spent one revokes its whole family (DESIGN §6), so two tabs (or two calls in one tab)
 * must never refresh with the same cookie. Refreshes are serialized three ways:
 * - in this tab, concurrent callers share one refresh;
 * - across tabs, the Web Locks API runs one refresh at a time;
 * - a tab that waited for the lock reads when the last refresh happened (a timestamp in IndexedDB): if it is
 *   later than the moment its own failed request left, the cookies are already new and it just retries.
 * The stamp lives in IndexedDB, not localStorage: Chromium copies localStorage into each renderer and tells the
 * others about a write asynchronously, so a tab that got the lock right after another released it could read the
 * old stamp and refresh a second time (seen in CI). An IndexedDB write that completed before the lock was released
 * is what the next holder reads.
 */
interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** Where the last refresh's time is kept; shared by every tab of the profile. */
export interface StampStore {
  read(key: string): Promise<number>;
  write(key: string, value: number): Promise<void>;
}

export interface RefreshSerializerOptions {
  /** Tests: a plain key-value store instead of IndexedDB. */
  storage?: KeyValueStorage;
  locks?: LockManagerLike | undefined;
  now?: () => number;
}

/** `refresh` resolves true when the server gave new cookies, false when the session is over (401). */
export type RefreshCall = () => Promise<boolean>;

export function createRefreshSerializer(options: RefreshSerializerOptions = {}) {
  const stamps = options.storage ? syncStamps(options.storage) : indexedDbStamps();
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
      const last = await stamps.read(stampKey);
      if (last > since) return true;
      const renewed = await refresh();
      if (renewed) await stamps.write(stampKey, now());
      return renewed;
    };
    const locks = 'locks' in options ? options.locks : globalThis.navigator?.locks;
    const run = (locks ? locks.request(`sufra-refresh:${scope}`, body) : body()).finally(() => inFlight.delete(scope));
    inFlight.set(scope, run);
    return run;
  };
}

export const serializedRefresh = createRefreshSerializer();

function syncStamps(storage: KeyValueStorage): StampStore {
  return {
    read: async (key) => Number(storage.getItem(key) ?? 0),
    write: async (key, value) => storage.setItem(key, String(value)),
  };
}

const DB_NAME = 'sufra';
const STORE = 'refresh-stamps';

/**
 * IndexedDB-backed stamps. Without IndexedDB (some private modes) every read answers 0: each tab then refreshes on
 * its own, which the lock still keeps one at a time; at worst the server's reuse check signs the slower tab out.
 */
function indexedDbStamps(): StampStore {
  let opened: Promise<IDBDatabase | null> | null = null;
  const open = () => {
    opened ??= new Promise((resolve) => {
      try {
        const request = globalThis.indexedDB.open(DB_NAME, 1);
        request.onupgradeneeded = () => request.result.createObjectStore(STORE);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve(null);
      } catch {
        resolve(null);
      }
    });
    return opened;
  };
  const run = async <T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | null> => {
    const db = await open();
    if (!db) return null;
    return new Promise((resolve) => {
      try {
        const transaction = db.transaction(STORE, mode);
        const request = use(transaction.objectStore(STORE));
        // Resolve on the transaction's completion: a write is durable and visible to other tabs by then.
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => resolve(null);
        transaction.onabort = () => resolve(null);
      } catch {
        resolve(null);
      }
    });
  };
  return {
    read: async (key) => Number((await run('readonly', (store) => store.get(key))) ?? 0),
    write: async (key, value) => {
      await run('readwrite', (store) => store.put(value, key));
    },
  };
}

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

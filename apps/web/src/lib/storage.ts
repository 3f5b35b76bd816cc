/** localStorage / sessionStorage that never throws (private mode, quota, disabled storage). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function safe(pick: () => Storage): KeyValueStorage {
  return {
    getItem(key) {
      try {
        return pick().getItem(key);
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        pick().setItem(key, value);
      } catch {
        // Storage full or disabled: the app keeps working without persistence.
      }
    },
    removeItem(key) {
      try {
        pick().removeItem(key);
      } catch {
        // ignore
      }
    },
  };
}

export const local = safe(() => window.localStorage);
export const session = safe(() => window.sessionStorage);

export function readJson<T>(storage: KeyValueStorage, key: string): T | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    storage.removeItem(key);
    return null;
  }
}

/** In-memory storage for tests and for when nothing else is available. */
export function memoryStorage(): KeyValueStorage & { dump(): Record<string, string> } {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      map.set(key, value);
    },
    removeItem: (key) => {
      map.delete(key);
    },
    dump: () => Object.fromEntries(map),
  };
}

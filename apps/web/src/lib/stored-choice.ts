import type { KeyValueStorage } from './storage';

/**
 * The spec's "stored choice entry" (§3, §4): a remembered choice (e.g. the chosen order type or address)
 * tied to a branch, with an optional expiry. Expired entries are removed; entries of another branch are ignored.
 */
export interface StoredChoice<T = string | number> {
  value: T;
  branch: number | string;
  /** Epoch milliseconds; absent = never expires. */
  expiresAt?: number;
}

export function saveChoice<T>(
  storage: KeyValueStorage,
  key: string,
  value: T,
  branch: number | string,
  ttlMs?: number,
  now: number = Date.now(),
): void {
  const entry: StoredChoice<T> = { value, branch };
  if (ttlMs !== undefined) entry.expiresAt = now + ttlMs;
  storage.setItem(key, JSON.stringify(entry));
}

export function readChoice<T>(
  storage: KeyValueStorage,
  key: string,
  branch: number | string,
  now: number = Date.now(),
): T | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  let entry: StoredChoice<T>;
  try {
    entry = JSON.parse(raw) as StoredChoice<T>;
  } catch {
    storage.removeItem(key);
    return null;
  }
  if (typeof entry !== 'object' || entry === null || !('value' in entry)) {
    storage.removeItem(key);
    return null;
  }
  if (typeof entry.expiresAt === 'number' && entry.expiresAt <= now) {
    storage.removeItem(key);
    return null;
  }
  if (String(entry.branch) !== String(branch)) return null;
  return entry.value;
}

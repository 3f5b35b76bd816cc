import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '../../lib/storage';
import { favouritesKey, readLocalFavourites, toggleFavourite, writeLocalFavourites } from './favourites';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('favourites kept in the browser', () => {
  it('survives a reload: what is written for a brand is read back, other brands apart', () => {
    const storage = memoryStorage();
    writeLocalFavourites(storage, 1, [7, 9]);
    expect(readLocalFavourites(storage, 1)).toEqual([7, 9]);
    expect(readLocalFavourites(storage, 2)).toEqual([]);
  });

  it('drops the key when the list empties', () => {
    const storage = memoryStorage();
    writeLocalFavourites(storage, 1, [7]);
    writeLocalFavourites(storage, 1, []);
    expect(storage.data.has(favouritesKey(1))).toBe(false);
  });

  it('reads anything but a list of ids as none, and keeps each id once', () => {
    const storage = memoryStorage();
    for (const junk of ['{', '"7"', '{"a":1}', 'null']) {
      storage.setItem(favouritesKey(1), junk);
      expect(readLocalFavourites(storage, 1), junk).toEqual([]);
    }
    storage.setItem(favouritesKey(1), '[7, 7, "8", -1, 1.5, 9]');
    expect(readLocalFavourites(storage, 1)).toEqual([7, 9]);
  });

  it('toggles: adds at the end, removes when present', () => {
    expect(toggleFavourite([7], 9)).toEqual([7, 9]);
    expect(toggleFavourite([7, 9], 7)).toEqual([9]);
  });
});

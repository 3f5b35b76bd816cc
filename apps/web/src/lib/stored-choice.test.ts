import { describe, expect, it } from 'vitest';
import { memoryStorage } from './storage';
import { readChoice, saveChoice } from './stored-choice';

describe('stored choice', () => {
  it('returns the value saved for the same branch', () => {
    const storage = memoryStorage();
    saveChoice(storage, 'k', 2, 7);
    expect(readChoice(storage, 'k', 7)).toBe(2);
  });

  it('ignores an entry of another branch but keeps it stored', () => {
    const storage = memoryStorage();
    saveChoice(storage, 'k', 'x', 7);
    expect(readChoice(storage, 'k', 8)).toBeNull();
    expect(storage.getItem('k')).not.toBeNull();
  });

  it('treats branch ids given as string or number alike', () => {
    const storage = memoryStorage();
    saveChoice(storage, 'k', 1, '7');
    expect(readChoice(storage, 'k', 7)).toBe(1);
  });

  it('returns an entry before its expiry', () => {
    const storage = memoryStorage();
    saveChoice(storage, 'k', 1, 7, 1000, 10_000);
    expect(readChoice(storage, 'k', 7, 10_999)).toBe(1);
  });

  it('removes an entry once its expiry has passed', () => {
    const storage = memoryStorage();
    saveChoice(storage, 'k', 1, 7, 1000, 10_000);
    expect(readChoice(storage, 'k', 7, 11_000)).toBeNull();
    expect(storage.getItem('k')).toBeNull();
  });

  it('removes an expired entry even when it belongs to another branch', () => {
    const storage = memoryStorage();
    saveChoice(storage, 'k', 1, 7, 1000, 0);
    expect(readChoice(storage, 'k', 8, 5000)).toBeNull();
    expect(storage.getItem('k')).toBeNull();
  });

  it('keeps an entry without expiry forever', () => {
    const storage = memoryStorage();
    saveChoice(storage, 'k', 1, 7);
    expect(readChoice(storage, 'k', 7, Number.MAX_SAFE_INTEGER)).toBe(1);
  });

  it('removes a corrupt entry and returns null', () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect(readChoice(storage, 'k', 7)).toBeNull();
    expect(storage.getItem('k')).toBeNull();
  });

  it('returns null when nothing is stored', () => {
    expect(readChoice(memoryStorage(), 'missing', 1)).toBeNull();
  });
});

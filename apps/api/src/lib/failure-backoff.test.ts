import { describe, expect, it } from 'vitest';
import { latestOf, nextTryAt } from './failure-backoff.ts';

const rule = { free: 5, firstDelayMs: 30_000, maxDelayMs: 3_600_000 };
const last = new Date('2026-03-01T09:00:00Z');
const at = (ms: number) => new Date(last.getTime() + ms);

describe('failure backoff', () => {
  it('lets the free failures through without a wait', () => {
    expect(nextTryAt(rule, { count: 0, last: null }, last)).toBeNull();
    expect(nextTryAt(rule, { count: 4, last }, last)).toBeNull();
  });

  it('waits the first delay after the free failures, then twice as long for each further failure, up to the cap', () => {
    expect(nextTryAt(rule, { count: 5, last }, last)).toEqual(at(30_000));
    expect(nextTryAt(rule, { count: 6, last }, last)).toEqual(at(60_000));
    expect(nextTryAt(rule, { count: 9, last }, last)).toEqual(at(480_000));
    expect(nextTryAt(rule, { count: 12, last }, last)).toEqual(at(3_600_000));
    expect(nextTryAt(rule, { count: 5_000, last }, last)).toEqual(at(3_600_000));
  });

  it('counts the wait from the last failure: once it has passed, the next try is allowed', () => {
    expect(nextTryAt(rule, { count: 6, last }, at(59_999))).toEqual(at(60_000));
    expect(nextTryAt(rule, { count: 6, last }, at(60_000))).toBeNull();
  });

  it('takes the latest of several waits', () => {
    expect(latestOf([null, at(5), at(2), null])).toEqual(at(5));
    expect(latestOf([null, null])).toBeNull();
  });
});

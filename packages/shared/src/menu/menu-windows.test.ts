import { describe, expect, it } from 'vitest';
import { clockToMinute, isInsideWindow, minutesToNextEdge } from './menu-windows.ts';

describe('category visibility windows', () => {
  const breakfast = { fromMinute: 360, untilMinute: 660 };
  const late = { fromMinute: 22 * 60, untilMinute: 2 * 60 };
  it('shows breakfast from 06:00 until just before 11:00', () => {
    expect(isInsideWindow(breakfast, 359)).toBe(false);
    expect(isInsideWindow(breakfast, 360)).toBe(true);
    expect(isInsideWindow(breakfast, 659)).toBe(true);
    expect(isInsideWindow(breakfast, 660)).toBe(false);
  });
  it('wraps a window past midnight', () => {
    expect(isInsideWindow(late, 23 * 60)).toBe(true);
    expect(isInsideWindow(late, 60)).toBe(true);
    expect(isInsideWindow(late, 12 * 60)).toBe(false);
  });
  it('always shows a category without a window', () => {
    expect(isInsideWindow({ fromMinute: null, untilMinute: null }, 5)).toBe(true);
    expect(minutesToNextEdge({ fromMinute: null, untilMinute: null }, 5)).toBeNull();
  });
  it('counts the minutes to the next edge', () => {
    expect(minutesToNextEdge(breakfast, 600)).toBe(60);
    expect(minutesToNextEdge(breakfast, 700)).toBe(1440 - 700 + 360);
    expect(minutesToNextEdge(breakfast, 360)).toBe(300);
  });
  it('reads clock times', () => {
    expect(clockToMinute('06:00')).toBe(360);
    expect(clockToMinute('24:00')).toBe(1440);
    expect(clockToMinute('25:00')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SpecialDaysEditor, WeekHoursEditor } from './hours-editor';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});
const $ = (selector: string) => container.querySelector(selector) as HTMLElement;

describe('the week hours editor', () => {
  it("adds a range to one day only, keeping the others' ranges", () => {
    const onChange = vi.fn();
    const hours = [
      { day: 1, opens: '08:00', closes: '12:00' },
      { day: 2, opens: '10:00', closes: '22:00' },
    ];
    act(() => root.render(<WeekHoursEditor hours={hours} onChange={onChange} disabled={false} />));
    act(() => $('[data-testid="hours-1-add"]').click());
    const next = onChange.mock.calls[0]?.[0] as typeof hours;
    expect(next.filter((s) => s.day === 1)).toEqual([
      { day: 1, opens: '08:00', closes: '12:00' },
      { day: 1, opens: '09:00', closes: '17:00' },
    ]);
    expect(next.filter((s) => s.day === 2)).toEqual([hours[1]]);
  });

  it('marks a range that closes after midnight and shows a day without ranges as closed', () => {
    const hours = [{ day: 5, opens: '18:00', closes: '02:00' }];
    act(() => root.render(<WeekHoursEditor hours={hours} onChange={() => {}} disabled={false} />));
    expect($('[data-testid="hours-day-5"]').textContent).toContain('manageBranches.hours.nextDay');
    expect($('[data-testid="hours-day-0"]').textContent).toContain('manageBranches.hours.closed');
    expect($('[data-testid="hours-day-5"]').textContent).not.toContain('manageBranches.hours.closed');
  });

  it('disables every control while saving', () => {
    act(() => root.render(<WeekHoursEditor hours={[]} onChange={() => {}} disabled />));
    expect(($('[data-testid="hours-3-add"]') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the special days editor', () => {
  it('adds a closed day and removes one', () => {
    const onChange = vi.fn();
    const days = [{ date: '2031-01-02', ranges: [] }];
    act(() => root.render(<SpecialDaysEditor days={days} onChange={onChange} disabled={false} />));
    act(() => $('[data-testid="special-day-add"]').click());
    const added = onChange.mock.calls[0]?.[0] as typeof days;
    expect(added).toHaveLength(2);
    expect(added[1]?.ranges).toEqual([]);
    act(() => ($('[data-testid="special-day-0"] td:last-child button') as HTMLButtonElement).click());
    expect(onChange.mock.calls[1]?.[0]).toEqual([]);
  });
});

// @vitest-environment happy-dom
import type { SegmentPrize } from '@sufra/shared/engagement/wheel';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import gamesAr from '../../../locales/manage-games.ar.json';
import { type DraftSegment, newSegment } from '../game-draft';
import { SegmentRow } from './segment-row';

// React's act() needs this flag outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  i18n.addResourceBundle('ar', 'translation', gamesAr, true, true);
  await i18n.changeLanguage('ar');
});

let container: HTMLElement;
let root: Root;
let patches: Partial<DraftSegment>[];
let prizes: SegmentPrize[];
let removed: number;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  patches = [];
  prizes = [];
  removed = 0;
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const rewards = [{ id: 9, name: { ar: 'كنافة', en: 'Kunafa' } }];
const show = (segment: DraftSegment, count = 3, readOnly = false) =>
  act(() =>
    root.render(
      <table>
        <tbody>
          <SegmentRow
            index={1}
            segment={segment}
            count={count}
            rewards={rewards}
            expected={123.4}
            readOnly={readOnly}
            onChange={(p) => patches.push(p)}
            onPrize={(p) => prizes.push(p)}
            onRemove={() => {
              removed += 1;
            }}
          />
        </tbody>
      </table>,
    ),
  );
const byTestId = <T extends Element = HTMLElement>(id: string) =>
  container.querySelector<T & HTMLElement>(`[data-testid="${id}"]`);
const base = newSegment(1, { ar: 'حاول مرة أخرى', en: 'Try again' });

describe('a games segment row', () => {
  it('shows "try again" without stock, budget, SMS or a prize field; its figures in Arabic digits', () => {
    show(base);
    expect(byTestId('segment-1-stock')).toBeNull();
    expect(byTestId('segment-1-dailyBudget')).toBeNull();
    expect(byTestId('segment-1-sms')).toBeNull();
    expect(byTestId('segment-1-points')).toBeNull();
    expect(byTestId('segment-1-expected')?.textContent).toBe('١٢٣');
    expect(byTestId<HTMLInputElement>('segment-1-labelAr')?.getAttribute('aria-label')).toBe(
      'التسمية العربية للشريحة ٢',
    );
  });

  it('a points segment asks for its points (at least 1) and offers stock, budget and SMS', () => {
    show({ ...base, prize: 'points', points: 10 });
    const points = byTestId<HTMLInputElement>('segment-1-points');
    expect(points?.value).toBe('10');
    expect(byTestId('segment-1-stock')).not.toBeNull();
    expect(byTestId('segment-1-sms')).not.toBeNull();
    expect(byTestId('segment-1-reward')).toBeNull();
  });

  it("a reward segment picks one of the brand's rewards", () => {
    show({ ...base, prize: 'reward', rewardId: 9 });
    const select = byTestId<HTMLSelectElement>('segment-1-reward');
    expect(select?.value).toBe('9');
    expect([...(select?.options ?? [])].map((o) => o.textContent)).toEqual(['كنافة']);
  });

  it("cannot remove a segment whose prize was won, nor the wheel's second-last segment", () => {
    show({ ...base, prize: 'points', points: 5, won: 2 }, 5);
    const remove = byTestId<HTMLButtonElement>('segment-1-remove');
    expect(remove?.disabled).toBe(true);
    expect(remove?.title).toBe('سبق ربح جائزتها فلا يمكن حذفها');
    show(base, 2);
    expect(byTestId<HTMLButtonElement>('segment-1-remove')?.disabled).toBe(true);
    show(base, 3);
    act(() => byTestId<HTMLButtonElement>('segment-1-remove')?.click());
    expect(removed).toBe(1);
  });

  it('read-only for a manager: every field disabled and no remove button', () => {
    show({ ...base, prize: 'points', points: 5 }, 3, true);
    for (const field of ['labelAr', 'labelEn', 'color', 'prize', 'points', 'weight', 'stock'])
      expect(byTestId<HTMLInputElement>(`segment-1-${field}`)?.disabled).toBe(true);
    expect(byTestId('segment-1-remove')).toBeNull();
  });
});

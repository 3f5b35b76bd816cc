// @vitest-environment happy-dom
import type { QueueFailures, QueuesOverview } from '@sufra/shared/schemas/queues';
import { JOB_KINDS } from '@sufra/shared/schemas/queues';
import type { StaffUser } from '@sufra/shared/schemas/staff';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import QueuesPage, { ready } from './queues-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const overview: QueuesOverview = {
  queues: (['sms', 'mail', 'refunds', 'kitchen', 'foodics'] as const).map((queue) => ({
    queue,
    queued: 0,
    retrying: queue === 'kitchen' ? 1 : 0,
    dead: 0,
    oldestWaitingAt: null,
    maxAttempts: queue === 'kitchen' || queue === 'refunds' ? null : 8,
    longRetrying: queue === 'kitchen' ? 1 : 0,
  })),
  schedules: [],
  kinds: JOB_KINDS.map((k) => ({ ...k, queues: [...k.queues], schedules: [...k.schedules] })),
};
const kitchenFailures: QueueFailures = {
  failures: [
    {
      id: 41,
      queue: 'kitchen',
      state: 'retrying',
      kind: 'order_placed',
      to: null,
      orderId: 9,
      orderNumber: 12,
      amountHalalas: null,
      attempts: 9,
      lastError: 'POS down',
      createdAt: '2026-11-29T04:00:00.000Z',
      nextAttemptAt: '2026-11-29T05:00:00.000Z',
      longRetrying: true,
    },
  ],
  nextBefore: null,
};

let container: HTMLElement;
let root: Root;
const sent: { method: string; url: string }[] = [];
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeAll(() => ready);
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      sent.push({ method, url: String(url) });
      if (method === 'POST') return json({ id: 41, queue: 'kitchen', state: 'queued' });
      if (String(url).includes('/kitchen/failures/')) return json(kitchenFailures);
      if (String(url).includes('/failures/')) return json({ failures: [], nextBefore: null });
      return json(overview);
    }),
  );
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const $ = (testId: string) => container.querySelector(`[data-testid="${testId}"]`) as HTMLElement | null;
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));
const user = { id: 1, role: 'owner' } as unknown as StaffUser;

describe('the queues page (owners, ADR 0750)', () => {
  it('names every kind of background work, and says why in-app notifications and webhooks out have no queue', async () => {
    act(() => root.render(<QueuesPage user={user} />));
    await settle();
    expect($('queues-kinds')?.querySelectorAll('tbody tr')).toHaveLength(8);
    expect($('queues-kind-inAppNotifications')?.textContent).toMatch(/No queue|بلا قائمة انتظار/);
    expect($('queues-kind-webhooksOut')?.textContent).toMatch(/Not used|غير مستخدم/);
    expect($('queues-long-kitchen')?.textContent).toMatch(/1|١/);
  });

  it('a kitchen hand-off failing for long is flagged and offered "Try now", never a drop', async () => {
    act(() => root.render(<QueuesPage user={user} />));
    await settle();
    act(() => ($('queues-pick-kitchen') as HTMLInputElement).click());
    await settle();
    expect($('queue-long-41')).not.toBeNull();
    expect($('queue-discard-41')).toBeNull();
    const tryNow = $('queue-retry-41') as HTMLButtonElement;
    expect(tryNow.textContent).toMatch(/Try now|جرّب الآن/);
    await act(async () => tryNow.click());
    await settle();
    expect(sent.find((s) => s.method === 'POST')?.url).toContain('/staff/manage/queues/kitchen/41/retry/');
  });
});

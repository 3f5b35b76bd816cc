import { describe, expect, it } from 'vitest';
import { createRelayLoop } from './relay.ts';

const quietLog = { error() {} } as never;

/** A loop whose wake-up source is driven by hand; counts its passes. */
async function loopWith(wakeDelayMs?: number) {
  let wake: () => void = () => {};
  let passes = 0;
  const loop = createRelayLoop({
    name: 'test relay',
    pass: async () => {
      passes += 1;
    },
    log: quietLog,
    intervalMs: 60_000,
    listen: async (w) => {
      wake = w;
      return async () => {};
    },
    ...(wakeDelayMs === undefined ? {} : { wakeDelayMs }),
  });
  await loop.start();
  return { loop, wake: () => wake(), passes: () => passes };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('relay loop wake-ups', () => {
  it('joins the wake-ups of its delay into one pass, run once the delay has passed', async () => {
    const r = await loopWith(30);
    for (let i = 0; i < 5; i += 1) r.wake();
    expect(r.passes()).toBe(0);
    await settle(80);
    expect(r.passes()).toBe(1);
    // A later wake-up gets a pass of its own.
    r.wake();
    await settle(80);
    expect(r.passes()).toBe(2);
    await r.loop.stop();
  });

  it('runs a pass at once on a wake-up without a delay', async () => {
    const r = await loopWith();
    r.wake();
    await settle(5);
    expect(r.passes()).toBe(1);
    await r.loop.stop();
  });

  it('runs no pass for a wake-up still waiting when it stops', async () => {
    const r = await loopWith(30);
    r.wake();
    await r.loop.stop();
    await settle(80);
    expect(r.passes()).toBe(0);
  });
});

describe('relay loop state', () => {
  it('is idle until started, running while it polls, and stopped for good after stop()', async () => {
    const loop = createRelayLoop({ name: 'test relay', pass: async () => {}, log: quietLog, intervalMs: 60_000 });
    expect(loop.state()).toBe('idle');
    await loop.start();
    expect(loop.state()).toBe('running');
    await loop.stop();
    expect(loop.state()).toBe('stopped');
    await loop.start();
    expect(loop.state()).toBe('stopped');
  });

  it('stays idle when started with no poll (its passes run on drainOnce())', async () => {
    const loop = createRelayLoop({ name: 'test relay', pass: async () => {}, log: quietLog, intervalMs: 0 });
    await loop.start();
    expect(loop.state()).toBe('idle');
    await loop.stop();
  });
});

describe('relay loop runs (the queues page)', () => {
  it('keeps its last pass, its last failure and, while polling, its next tick', async () => {
    let fail = false;
    const loop = createRelayLoop({
      name: 'runs relay',
      pass: async () => {
        if (fail) throw new Error('database gone');
      },
      log: quietLog,
      intervalMs: 60_000,
    });
    expect(loop.runs()).toEqual({ lastRunAt: null, nextRunAt: null, lastError: null, lastErrorAt: null });
    await loop.drainOnce();
    const first = loop.runs();
    expect(first.lastRunAt).toBeInstanceOf(Date);
    expect(first.lastError).toBeNull();
    fail = true;
    await expect(loop.drainOnce()).rejects.toThrow('database gone');
    expect(loop.runs()).toMatchObject({ lastError: 'database gone', nextRunAt: null });
    expect(loop.runs().lastErrorAt).toBeInstanceOf(Date);
    const before = Date.now();
    await loop.start();
    const next = loop.runs().nextRunAt?.getTime() ?? 0;
    expect(next).toBeGreaterThanOrEqual(before + 60_000);
    expect(next).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(loop.intervalMs).toBe(60_000);
    await loop.stop();
    expect(loop.runs().nextRunAt).toBeNull();
  });
});

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

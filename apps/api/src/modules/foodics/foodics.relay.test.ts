import { describe, expect, it, vi } from 'vitest';
import { createFoodicsRelay } from './foodics.relay.ts';

const quietLog = { error() {}, warn() {} } as never;

/** The relay over a service whose calls are counted, its polls held until released (Foodics answering slowly). */
async function relayWithSlowPolls() {
  let wake: () => void = () => {};
  let release: () => void = () => {};
  const calls = { handOffs: 0, polls: 0 };
  const relay = createFoodicsRelay({
    foodics: {
      handOffOnce: async () => {
        calls.handOffs += 1;
        return { sent: 0, retrying: 0, dead: 0 };
      },
      pollOnce: () => {
        calls.polls += 1;
        return new Promise<number>((resolve) => {
          release = () => resolve(0);
        });
      },
      raiseAlertsOnce: async () => 0,
    },
    database: {
      listen: async (_channel, onMessage) => {
        wake = () => onMessage('');
        return async () => {};
      },
    },
    log: quietLog,
    intervalMs: 60_000,
  });
  await relay.start();
  return { relay, calls, wake: () => wake(), release: () => release() };
}

describe('Foodics relay: hand-offs never wait behind polls (docs/adr/0730)', () => {
  it('runs a queued hand-off (kick) while a pass of polls is still waiting on Foodics', async () => {
    const r = await relayWithSlowPolls();
    await vi.waitFor(() => expect(r.calls).toEqual({ handOffs: 1, polls: 1 }));
    r.relay.kick();
    await vi.waitFor(() => expect(r.calls.handOffs).toBe(2));
    expect(r.calls.polls).toBe(1);
    r.release();
    await r.relay.stop();
  });

  it('runs a hand-off woken by its NOTIFY while the polls wait', async () => {
    const r = await relayWithSlowPolls();
    await vi.waitFor(() => expect(r.calls.polls).toBe(1));
    r.wake();
    await vi.waitFor(() => expect(r.calls.handOffs).toBe(2));
    r.release();
    await r.relay.stop();
  });
});

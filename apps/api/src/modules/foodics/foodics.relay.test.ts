import { describe, expect, it, vi } from 'vitest';
import { EVENTUALLY } from '../../../test/eventually.ts';
import { createFoodicsRelay } from './foodics.relay.ts';
import { FOODICS_BATCH, FOODICS_IN_FLIGHT } from './foodics.service.ts';

const quietLog = { error() {}, warn() {} } as never;
type Outcome = 'sent' | 'retrying' | 'dead';

/**
 * The relay over a stand-in for the service's Foodics calls (the claim and the answers are the service's, tested
 * through the app in foodics.test.ts): `due` hand-offs wait to be claimed, each claimed one waits on "Foodics" until
 * answered; polls wait until released.
 */
async function relayOver(due: number) {
  let wake: () => void = () => {};
  let releasePolls: () => void = () => {};
  const waiting: Array<() => void> = [];
  const calls = { claims: 0, polls: 0, inFlight: 0, maxInFlight: 0, due };
  const relay = createFoodicsRelay({
    foodics: {
      handOffOnce: async () => ({ sent: 0, retrying: 0, dead: 0 }),
      startHandOffs: async (limit) => {
        calls.claims += 1;
        const taken = Math.min(limit, calls.due);
        calls.due -= taken;
        return Array.from({ length: taken }, () => {
          calls.inFlight += 1;
          calls.maxInFlight = Math.max(calls.maxInFlight, calls.inFlight);
          return new Promise<Outcome>((resolve) =>
            waiting.push(() => {
              calls.inFlight -= 1;
              resolve('sent');
            }),
          );
        });
      },
      pollOnce: () => {
        calls.polls += 1;
        return new Promise<number>((resolve) => {
          releasePolls = () => resolve(0);
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
  const answer = (n: number) => {
    for (const done of waiting.splice(0, n)) done();
  };
  const stop = async () => {
    releasePolls();
    answer(waiting.length);
    await relay.stop();
  };
  return { relay, calls, wake: () => wake(), answer, stop, queue: (n: number) => (calls.due += n) };
}

describe('Foodics relay: hand-offs never wait behind polls (docs/adr/0730)', () => {
  it('runs a queued hand-off (kick) while a pass of polls is still waiting on Foodics', async () => {
    const r = await relayOver(0);
    await vi.waitFor(() => expect(r.calls).toMatchObject({ claims: 1, polls: 1 }), EVENTUALLY);
    r.queue(1);
    r.relay.kick();
    await vi.waitFor(() => expect(r.calls.claims).toBe(2), EVENTUALLY);
    expect(r.calls).toMatchObject({ polls: 1, due: 0, inFlight: 1 });
    await r.stop();
  });

  it('runs a hand-off woken by its NOTIFY while the polls wait', async () => {
    const r = await relayOver(0);
    await vi.waitFor(() => expect(r.calls.polls).toBe(1), EVENTUALLY);
    r.queue(1);
    r.wake();
    await vi.waitFor(() => expect(r.calls.due).toBe(0), EVENTUALLY);
    await r.stop();
  });
});

describe('Foodics relay: hand-offs pumped, bounded (docs/adr/0730)', () => {
  it('claims the next hand-off while the previous ones still wait on Foodics', async () => {
    const r = await relayOver(3);
    await vi.waitFor(() => expect(r.calls.inFlight).toBe(3), EVENTUALLY);
    r.queue(2);
    r.wake();
    // None of the first three answered, and the two new ones are on their way already.
    await vi.waitFor(() => expect(r.calls.inFlight).toBe(5), EVENTUALLY);
    await r.stop();
  });

  it(`keeps at most ${FOODICS_IN_FLIGHT} waiting on Foodics, and claims more as they are answered`, async () => {
    const r = await relayOver(FOODICS_IN_FLIGHT + 2 * FOODICS_BATCH);
    await vi.waitFor(() => expect(r.calls.inFlight).toBe(FOODICS_IN_FLIGHT), EVENTUALLY);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(r.calls).toMatchObject({ inFlight: FOODICS_IN_FLIGHT, due: 2 * FOODICS_BATCH });
    // Answers make room: the pump claims into it without a kick from outside.
    r.answer(10);
    await vi.waitFor(() => expect(r.calls.due).toBe(2 * FOODICS_BATCH - 10), EVENTUALLY);
    expect(r.calls.inFlight).toBe(FOODICS_IN_FLIGHT);
    r.answer(FOODICS_IN_FLIGHT);
    await vi.waitFor(() => expect(r.calls.due).toBe(0), EVENTUALLY);
    expect(r.calls.maxInFlight).toBe(FOODICS_IN_FLIGHT);
    await r.stop();
  });

  it('waits for the hand-offs under way when it stops', async () => {
    const r = await relayOver(2);
    await vi.waitFor(() => expect(r.calls.inFlight).toBe(2), EVENTUALLY);
    let stopped = false;
    const stopping = r.relay.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    await r.stop();
    await stopping;
    expect(r.calls.inFlight).toBe(0);
  });
});

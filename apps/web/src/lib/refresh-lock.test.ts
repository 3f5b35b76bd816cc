import { describe, expect, it } from 'vitest';
import { createRefreshSerializer, withRefresh } from './refresh-lock';
import { memoryStorage } from './storage';

/** A lock manager like the browser's: one holder per name at a time, in request order. */
function fakeLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const result = previous.then(callback, callback);
      tails.set(
        name,
        result.catch(() => {}),
      );
      return result;
    },
  };
}

describe('serialized refresh', () => {
  it('runs one refresh for concurrent callers in the same tab', async () => {
    const refresh = createRefreshSerializer({ storage: memoryStorage(), locks: undefined });
    let calls = 0;
    const call = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return true;
    };
    const results = await Promise.all([refresh('customer', 0, call), refresh('customer', 0, call)]);
    expect(results).toEqual([true, true]);
    expect(calls).toBe(1);
  });

  it('lets the second of two tabs skip its refresh when the first refreshed after its request left', async () => {
    // Two tabs: separate serializers, one shared localStorage and one lock manager (as in a browser profile).
    const storage = memoryStorage();
    const locks = fakeLocks();
    let clock = 1_000;
    const tabA = createRefreshSerializer({ storage, locks, now: () => clock });
    const tabB = createRefreshSerializer({ storage, locks, now: () => clock });
    const usedTokens: string[] = [];
    let cookie = 'token-1';
    const rotate = async () => {
      usedTokens.push(cookie);
      await new Promise((resolve) => setTimeout(resolve, 5));
      clock += 10;
      cookie = `token-${usedTokens.length + 1}`;
      return true;
    };
    // Both tabs' requests left at t=1000 with the same expired access token.
    const [a, b] = await Promise.all([tabA('customer', 1_000, rotate), tabB('customer', 1_000, rotate)]);
    expect([a, b]).toEqual([true, true]);
    expect(usedTokens).toEqual(['token-1']);
  });

  it('refreshes again when the last refresh is older than the failed request', async () => {
    const storage = memoryStorage();
    storage.setItem('sufra.refreshedAt.customer', '500');
    const refresh = createRefreshSerializer({ storage, locks: fakeLocks(), now: () => 2_000 });
    let calls = 0;
    expect(
      await refresh('customer', 1_000, async () => {
        calls += 1;
        return true;
      }),
    ).toBe(true);
    expect(calls).toBe(1);
    expect(storage.getItem('sufra.refreshedAt.customer')).toBe('2000');
  });

  it('reports a finished session and does not stamp it as a refresh', async () => {
    const storage = memoryStorage();
    const refresh = createRefreshSerializer({ storage, locks: fakeLocks() });
    expect(await refresh('staff', 0, async () => false)).toBe(false);
    expect(storage.getItem('sufra.refreshedAt.staff')).toBeNull();
  });

  it('keeps scopes apart', async () => {
    const storage = memoryStorage();
    const refresh = createRefreshSerializer({ storage, locks: fakeLocks(), now: () => 5_000 });
    await refresh('staff', 0, async () => true);
    let customerCalls = 0;
    await refresh('customer', 1_000, async () => {
      customerCalls += 1;
      return true;
    });
    expect(customerCalls).toBe(1);
  });

  it('lets a network failure through without signing anybody out', async () => {
    const refresh = createRefreshSerializer({ storage: memoryStorage(), locks: fakeLocks() });
    await expect(
      refresh('customer', 0, async () => {
        throw new Error('offline');
      }),
    ).rejects.toThrow('offline');
    // The next call is not stuck behind the failed one.
    expect(await refresh('customer', 0, async () => true)).toBe(true);
  });
});

describe('a call with refresh', () => {
  const unauthorized = (error: unknown) => error === 401;

  it('refreshes once on 401 and retries', async () => {
    const answers: Array<number | 'ok'> = [401, 'ok'];
    let refreshes = 0;
    const result = await withRefresh(
      async () => {
        const answer = answers.shift();
        if (answer !== 'ok') throw answer;
        return answer;
      },
      async () => {
        refreshes += 1;
        return true;
      },
      () => {
        throw new Error('must not end the session');
      },
      unauthorized,
    );
    expect(result).toBe('ok');
    expect(refreshes).toBe(1);
  });

  it('ends the session when the refresh is refused', async () => {
    let ended = false;
    await expect(
      withRefresh(
        async () => {
          throw 401;
        },
        async () => false,
        () => {
          ended = true;
        },
        unauthorized,
      ),
    ).rejects.toBe(401);
    expect(ended).toBe(true);
  });

  it('gives up after two refreshes without ending the session, and leaves other errors alone', async () => {
    let calls = 0;
    let ended = false;
    await expect(
      withRefresh(
        async () => {
          calls += 1;
          throw 401;
        },
        async () => true,
        () => {
          ended = true;
        },
        unauthorized,
      ),
    ).rejects.toBe(401);
    expect(calls).toBe(3);
    expect(ended).toBe(false);
    await expect(
      withRefresh(
        async () => {
          throw 500;
        },
        async () => true,
        () => {},
        unauthorized,
      ),
    ).rejects.toBe(500);
  });
});

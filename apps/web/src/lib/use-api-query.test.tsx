// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearQueries, invalidateQueries } from './query-writes';
import { useApiMutation } from './use-api-mutation';
import { useApiPages } from './use-api-pages';
import { fetchQuery, type QueryKey, type QueryState, useApiQuery } from './use-api-query';

// React's act() needs this flag outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A promise the test settles by hand, to order answers as it likes. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A fetcher that counts its calls and answers each from a queue of deferreds (or at once with `value`). */
function fakeServer<T>(value?: (call: number) => T) {
  const calls: { deferred: ReturnType<typeof deferred<T>> }[] = [];
  const fetcher = () => {
    const d = deferred<T>();
    calls.push({ deferred: d });
    if (value) d.resolve(value(calls.length));
    return d.promise;
  };
  return { fetcher, calls };
}

let container: HTMLElement;
let root: Root;
beforeEach(() => {
  clearQueries();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function render(node: ReactNode) {
  await act(async () => root.render(node));
}
/** Lets every settled promise's callbacks run, inside act so React applies what they set. */
async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

function FreshReader({
  queryKey,
  fetcher,
  seen,
}: {
  queryKey: QueryKey;
  fetcher: () => Promise<string>;
  seen: QueryState<string>[];
}) {
  seen.push(useApiQuery(queryKey, fetcher, { staleMs: 0 }));
  return null;
}

function Reader({
  queryKey,
  fetcher,
  seen,
}: {
  queryKey: QueryKey | null;
  fetcher: () => Promise<string>;
  seen: QueryState<string>[];
}) {
  seen.push(useApiQuery(queryKey, fetcher));
  return null;
}

type Mutation = ReturnType<typeof useApiMutation<number, string>>;
function Writer({
  send,
  seen,
  invalidates,
}: {
  send: (n: number) => Promise<string>;
  seen: Mutation[];
  invalidates: QueryKey[];
}) {
  seen.push(useApiMutation(send, { invalidates }));
  return null;
}

interface Page {
  entries: number[];
}
type PagesHook = ReturnType<typeof useApiPages<Page, number>>;
const PAGE = 3;
/** Entries 10, 9, … 1, newest first, PAGE at a time before a cursor. */
function pagedServer(manual = false) {
  const calls: { cursor: number | undefined; deferred: ReturnType<typeof deferred<Page>> }[] = [];
  const fetchPage = (cursor: number | undefined) => {
    const d = deferred<Page>();
    calls.push({ cursor, deferred: d });
    const start = cursor === undefined ? 10 : cursor - 1;
    const entries = Array.from({ length: PAGE }, (_, i) => start - i).filter((n) => n > 0);
    if (!manual) d.resolve({ entries });
    return d.promise;
  };
  return { fetchPage, calls, page: (cursor: number | undefined) => ({ entries: [cursor ?? 0] }) };
}
const next = (last: Page) => (last.entries.length === PAGE ? last.entries.at(-1) : undefined);
function List({
  queryKey,
  fetchPage,
  seen,
}: {
  queryKey: QueryKey;
  fetchPage: (cursor: number | undefined) => Promise<Page>;
  seen: PagesHook[];
}) {
  seen.push(useApiPages(queryKey, fetchPage, next));
  return null;
}

describe('useApiQuery', () => {
  it('sends one request for two readers of the same key, and both see its answer', async () => {
    const server = fakeServer((call) => `menu ${call}`);
    const a: QueryState<string>[] = [];
    const b: QueryState<string>[] = [];
    await render(
      <>
        <Reader queryKey={['menu', 'abc', 'ar']} fetcher={server.fetcher} seen={a} />
        <Reader queryKey={['menu', 'abc', 'ar']} fetcher={server.fetcher} seen={b} />
      </>,
    );
    await flush();
    expect(server.calls).toHaveLength(1);
    expect(a.at(-1)?.data).toBe('menu 1');
    expect(b.at(-1)?.data).toBe('menu 1');
    expect(a.at(-1)?.loading).toBe(false);
  });

  it('joins a request already in flight for the key (the route prefetch, then the page)', async () => {
    const server = fakeServer<string>();
    void fetchQuery(['qr', 'abc'], server.fetcher);
    const seen: QueryState<string>[] = [];
    await render(<Reader queryKey={['qr', 'abc']} fetcher={server.fetcher} seen={seen} />);
    await act(async () => seen.at(-1)?.refetch());
    expect(server.calls).toHaveLength(1);
    server.calls[0]?.deferred.resolve('branch');
    await flush();
    expect(seen.at(-1)?.data).toBe('branch');
  });

  it('with staleMs 0, shows nothing from before this reader asked, then keeps its answer on screen through refreshes', async () => {
    const server = fakeServer<string>();
    const first: QueryState<string>[] = [];
    await render(<Reader queryKey={['wallet']} fetcher={server.fetcher} seen={first} />);
    server.calls[0]?.deferred.resolve('100 points');
    await flush();
    await render(null);
    const seen: QueryState<string>[] = [];
    await render(<FreshReader queryKey={['wallet']} fetcher={server.fetcher} seen={seen} />);
    expect(server.calls).toHaveLength(2);
    expect(seen.map((state) => state.data)).not.toContain('100 points');
    expect(seen.at(-1)?.loading).toBe(true);
    server.calls[1]?.deferred.resolve('80 points');
    await flush();
    expect(seen.at(-1)).toMatchObject({ data: '80 points', loading: false });
    await act(async () => void invalidateQueries(['wallet']));
    expect(seen.at(-1)).toMatchObject({ data: '80 points', loading: true });
  });

  it('with staleMs 0, hides an answer from the same millisecond as the ask (a frozen clock)', async () => {
    const frozen = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    try {
      const server = fakeServer<string>();
      await render(<Reader queryKey={['wallet']} fetcher={server.fetcher} seen={[]} />);
      server.calls[0]?.deferred.resolve('100 points');
      await flush();
      await render(null);
      const seen: QueryState<string>[] = [];
      await render(<FreshReader queryKey={['wallet']} fetcher={server.fetcher} seen={seen} />);
      expect(seen.map((state) => state.data)).not.toContain('100 points');
      server.calls[1]?.deferred.resolve('80 points');
      await flush();
      expect(seen.at(-1)).toMatchObject({ data: '80 points', loading: false });
    } finally {
      frozen.mockRestore();
    }
  });

  it('does not fetch while the key is null', async () => {
    const server = fakeServer(() => 'x');
    const seen: QueryState<string>[] = [];
    await render(<Reader queryKey={null} fetcher={server.fetcher} seen={seen} />);
    await flush();
    expect(server.calls).toHaveLength(0);
    expect(seen.at(-1)?.loading).toBe(false);
  });

  it('refetches every key under an invalidated prefix that is on screen, and no other', async () => {
    const account = fakeServer((call) => `account ${call}`);
    const history = fakeServer((call) => `history ${call}`);
    const menu = fakeServer((call) => `menu ${call}`);
    const seenAccount: QueryState<string>[] = [];
    await render(
      <>
        <Reader queryKey={['loyalty', 'abc', 'account']} fetcher={account.fetcher} seen={seenAccount} />
        <Reader queryKey={['loyalty', 'abc', 'history']} fetcher={history.fetcher} seen={[]} />
        <Reader queryKey={['loyalty', 'other', 'account']} fetcher={history.fetcher} seen={[]} />
        <Reader queryKey={['menu', 'abc']} fetcher={menu.fetcher} seen={[]} />
      </>,
    );
    await flush();
    expect([account.calls.length, history.calls.length, menu.calls.length]).toEqual([1, 2, 1]);

    await act(() => invalidateQueries(['loyalty', 'abc']));
    await flush();
    expect([account.calls.length, history.calls.length, menu.calls.length]).toEqual([2, 3, 1]);
    expect(seenAccount.at(-1)?.data).toBe('account 2');
  });

  it('keeps the old data on screen while an invalidated key refetches', async () => {
    const server = fakeServer<string>();
    const seen: QueryState<string>[] = [];
    await render(<Reader queryKey={['wallet']} fetcher={server.fetcher} seen={seen} />);
    server.calls[0]?.deferred.resolve('100 points');
    await flush();
    await act(async () => void invalidateQueries(['wallet']));
    expect(seen.at(-1)).toMatchObject({ data: '100 points', loading: true });
    server.calls[1]?.deferred.resolve('80 points');
    await flush();
    expect(seen.at(-1)).toMatchObject({ data: '80 points', loading: false });
  });

  it('fetches an invalidated key that was not on screen when it is next read, however fresh it was', async () => {
    const server = fakeServer((call) => `orders ${call}`);
    await render(<Reader queryKey={['orders', 'abc']} fetcher={server.fetcher} seen={[]} />);
    await flush();
    await render(null);
    await act(() => invalidateQueries(['orders']));
    expect(server.calls).toHaveLength(1);
    const seen: QueryState<string>[] = [];
    await render(<Reader queryKey={['orders', 'abc']} fetcher={server.fetcher} seen={seen} />);
    await flush();
    expect(server.calls).toHaveLength(2);
    expect(seen.at(-1)?.data).toBe('orders 2');
  });

  it('ignores an answer that lands after a newer request for the same key', async () => {
    const server = fakeServer<string>();
    const seen: QueryState<string>[] = [];
    await render(<Reader queryKey={['wallet']} fetcher={server.fetcher} seen={seen} />);
    // A write invalidates while the first read is still on its way: its answer predates the write.
    await act(async () => void invalidateQueries(['wallet']));
    expect(server.calls).toHaveLength(2);
    server.calls[1]?.deferred.resolve('after the write');
    await flush();
    server.calls[0]?.deferred.resolve('before the write');
    await flush();
    expect(seen.at(-1)?.data).toBe('after the write');
  });

  it("shows the new key's answer when the old key's answer lands later", async () => {
    const server = fakeServer<string>();
    const seen: QueryState<string>[] = [];
    await render(<Reader queryKey={['item', 1]} fetcher={server.fetcher} seen={seen} />);
    await render(<Reader queryKey={['item', 2]} fetcher={server.fetcher} seen={seen} />);
    server.calls[1]?.deferred.resolve('item 2');
    await flush();
    server.calls[0]?.deferred.resolve('item 1');
    await flush();
    expect(seen.at(-1)?.data).toBe('item 2');
  });

  it('changes nothing on screen when an answer lands after the reader has gone', async () => {
    const server = fakeServer<string>();
    const seen: QueryState<string>[] = [];
    await render(<Reader queryKey={['item', 1]} fetcher={server.fetcher} seen={seen} />);
    const renders = seen.length;
    await render(null);
    server.calls[0]?.deferred.resolve('late');
    await flush();
    expect(seen).toHaveLength(renders);
  });

  it('exposes an error with loading off, keeps the last data, and clears the error on a successful refetch', async () => {
    const server = fakeServer<string>();
    const seen: QueryState<string>[] = [];
    await render(<Reader queryKey={['slider']} fetcher={server.fetcher} seen={seen} />);
    server.calls[0]?.deferred.resolve('slides');
    await flush();
    await act(async () => void invalidateQueries(['slider']));
    const failure = new Error('network');
    server.calls[1]?.deferred.reject(failure);
    await flush();
    expect(seen.at(-1)).toMatchObject({ data: 'slides', error: failure, loading: false });
    await act(async () => seen.at(-1)?.refetch());
    server.calls[2]?.deferred.resolve('new slides');
    await flush();
    expect(seen.at(-1)).toMatchObject({ data: 'new slides', error: undefined, loading: false });
  });
});

describe('useApiMutation', () => {
  it('is busy while the write is on its way and invalidates its keys once it succeeds', async () => {
    const reads = fakeServer((call) => `wallet ${call}`);
    const write = deferred<string>();
    const writes: Mutation[] = [];
    const wallet: QueryState<string>[] = [];
    await render(
      <>
        <Reader queryKey={['loyalty', 'abc', 'me']} fetcher={reads.fetcher} seen={wallet} />
        <Writer send={() => write.promise} seen={writes} invalidates={[['loyalty', 'abc']]} />
      </>,
    );
    await flush();
    let answer: Promise<string> | undefined;
    await act(async () => {
      answer = writes.at(-1)?.mutate(5);
    });
    expect(writes.at(-1)?.busy).toBe(true);
    expect(reads.calls).toHaveLength(1);
    write.resolve('bought');
    await flush();
    await expect(answer).resolves.toBe('bought');
    expect(writes.at(-1)?.busy).toBe(false);
    expect(reads.calls).toHaveLength(2);
    expect(wallet.at(-1)?.data).toBe('wallet 2');
  });

  it("keeps a failed write's error, invalidates nothing, and rejects with it", async () => {
    const reads = fakeServer((call) => `wallet ${call}`);
    const failure = new Error('refused');
    const writes: Mutation[] = [];
    await render(
      <>
        <Reader queryKey={['loyalty', 'abc', 'me']} fetcher={reads.fetcher} seen={[]} />
        <Writer send={() => Promise.reject(failure)} seen={writes} invalidates={[['loyalty']]} />
      </>,
    );
    await flush();
    let outcome: unknown;
    await act(async () => {
      await writes
        .at(-1)
        ?.mutate(1)
        .catch((error: unknown) => {
          outcome = error;
        });
    });
    expect(outcome).toBe(failure);
    expect(writes.at(-1)).toMatchObject({ busy: false, error: failure });
    expect(reads.calls).toHaveLength(1);
    await act(async () => writes.at(-1)?.reset());
    expect(writes.at(-1)?.error).toBeUndefined();
  });

  it('still invalidates when the write lands after its screen has gone, without touching that screen', async () => {
    const write = deferred<string>();
    const writes: Mutation[] = [];
    const reads = fakeServer((call) => `orders ${call}`);
    await render(<Writer send={() => write.promise} seen={writes} invalidates={[['orders']]} />);
    await act(async () => void writes.at(-1)?.mutate(1));
    const renders = writes.length;
    await render(<Reader queryKey={['orders', 'abc']} fetcher={reads.fetcher} seen={[]} />);
    await flush();
    write.resolve('placed');
    await flush();
    expect(writes).toHaveLength(renders);
    expect(reads.calls).toHaveLength(2);
  });
});

describe('useApiPages', () => {
  const entries = (state: PagesHook | undefined) => state?.pages?.flatMap((page) => page.entries);

  it('appends each next page after the ones shown, until there is none', async () => {
    const server = pagedServer();
    const seen: PagesHook[] = [];
    await render(<List queryKey={['history']} fetchPage={server.fetchPage} seen={seen} />);
    await flush();
    expect(entries(seen.at(-1))).toEqual([10, 9, 8]);
    expect(seen.at(-1)?.hasMore).toBe(true);
    await act(async () => seen.at(-1)?.loadMore());
    await flush();
    expect(server.calls.map((call) => call.cursor)).toEqual([undefined, 8]);
    await act(async () => seen.at(-1)?.loadMore());
    await flush();
    await act(async () => seen.at(-1)?.loadMore());
    await flush();
    expect(entries(seen.at(-1))).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(seen.at(-1)?.hasMore).toBe(false);
    await act(async () => seen.at(-1)?.loadMore());
    expect(server.calls).toHaveLength(4);
  });

  it('starts again from the first page when invalidated, dropping a next page that lands after', async () => {
    const server = pagedServer(true);
    const seen: PagesHook[] = [];
    await render(<List queryKey={['history']} fetchPage={server.fetchPage} seen={seen} />);
    server.calls[0]?.deferred.resolve({ entries: [10, 9, 8] });
    await flush();
    await act(async () => seen.at(-1)?.loadMore());
    expect(seen.at(-1)?.loadingMore).toBe(true);
    await act(async () => void invalidateQueries(['history']));
    server.calls[2]?.deferred.resolve({ entries: [11, 10, 9] });
    await flush();
    server.calls[1]?.deferred.resolve({ entries: [7, 6, 5] });
    await flush();
    expect(entries(seen.at(-1))).toEqual([11, 10, 9]);
    expect(seen.at(-1)?.loadingMore).toBe(false);
  });

  it("keeps a failed next page's error and the pages already shown", async () => {
    const server = pagedServer(true);
    const seen: PagesHook[] = [];
    await render(<List queryKey={['history']} fetchPage={server.fetchPage} seen={seen} />);
    server.calls[0]?.deferred.resolve({ entries: [10, 9, 8] });
    await flush();
    await act(async () => seen.at(-1)?.loadMore());
    const failure = new Error('timeout');
    server.calls[1]?.deferred.reject(failure);
    await flush();
    expect(seen.at(-1)).toMatchObject({ error: failure, loadingMore: false, hasMore: true });
    expect(entries(seen.at(-1))).toEqual([10, 9, 8]);
  });
});

import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit.ts';

/** A writeBatch whose calls are recorded and answered by the test, one call at a time. */
function controlledWriter() {
  const calls: { key: string; batch: number[]; answer: (outs?: string[]) => void; fail: (e: Error) => void }[] = [];
  const writeBatch = (key: string, batch: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({
        key,
        batch,
        answer: (outs) => resolve(outs ?? batch.map((n) => `${key}:${n}`)),
        fail: reject,
      });
    });
  return { calls, writeBatch };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('sends a write alone and at once when its key has nothing in flight', async () => {
    const w = controlledWriter();
    const group = createGroupCommit({ writeBatch: w.writeBatch, maxBatch: 10 });
    const out = group.write('a', 1);
    expect(w.calls.map((c) => c.batch)).toEqual([[1]]);
    w.calls[0]?.answer();
    await expect(out).resolves.toBe('a:1');
  });

  it('sends the writes that arrived meanwhile as one batch when the one in flight returns', async () => {
    const w = controlledWriter();
    const group = createGroupCommit({ writeBatch: w.writeBatch, maxBatch: 10 });
    const outs = [1, 2, 3, 4].map((n) => group.write('a', n));
    expect(w.calls.map((c) => c.batch)).toEqual([[1]]);
    w.calls[0]?.answer();
    await tick();
    expect(w.calls.map((c) => c.batch)).toEqual([[1], [2, 3, 4]]);
    w.calls[1]?.answer();
    await expect(Promise.all(outs)).resolves.toEqual(['a:1', 'a:2', 'a:3', 'a:4']);
    // Idle again: the next write leaves alone, at once.
    const later = group.write('a', 5);
    expect(w.calls.map((c) => c.batch)).toEqual([[1], [2, 3, 4], [5]]);
    w.calls[2]?.answer();
    await expect(later).resolves.toBe('a:5');
  });

  it('keeps each batch within maxBatch', async () => {
    const w = controlledWriter();
    const group = createGroupCommit({ writeBatch: w.writeBatch, maxBatch: 2 });
    const outs = [1, 2, 3, 4, 5].map((n) => group.write('a', n));
    for (let i = 0; i < 3; i++) {
      w.calls[i]?.answer();
      await tick();
    }
    expect(w.calls.map((c) => c.batch)).toEqual([[1], [2, 3], [4, 5]]);
    await expect(Promise.all(outs)).resolves.toHaveLength(5);
  });

  it('does not hold one key’s writes behind another’s', async () => {
    const w = controlledWriter();
    const group = createGroupCommit({ writeBatch: w.writeBatch, maxBatch: 10 });
    void group.write('a', 1);
    const b = group.write('b', 1);
    expect(w.calls.map((c) => [c.key, c.batch])).toEqual([
      ['a', [1]],
      ['b', [1]],
    ]);
    w.calls[1]?.answer();
    await expect(b).resolves.toBe('b:1');
  });

  it('retries a failed batch one write at a time: only the write the database refuses fails', async () => {
    const written: number[][] = [];
    let first = true;
    const group = createGroupCommit({
      maxBatch: 10,
      writeBatch: async (_key: string, batch: number[]) => {
        written.push(batch);
        if (first) {
          first = false;
          await tick();
          return batch.map(String);
        }
        if (batch.includes(3)) throw new Error('refused 3');
        return batch.map(String);
      },
    });
    const outs = [1, 2, 3, 4].map((n) => group.write('a', n));
    const settled = await Promise.allSettled(outs);
    expect(written).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      '1',
      '2',
      'refused 3',
      '4',
    ]);
  });

  it('fails a lone write with its own error, and a batch answering the wrong count is retried one by one', async () => {
    const w = controlledWriter();
    const group = createGroupCommit({ writeBatch: w.writeBatch, maxBatch: 10 });
    const lone = group.write('a', 1);
    const queued = [2, 3].map((n) => group.write('a', n));
    w.calls[0]?.fail(new Error('down'));
    await expect(lone).rejects.toThrow('down');
    await tick();
    w.calls[1]?.answer(['only one']);
    await tick();
    expect(w.calls.map((c) => c.batch)).toEqual([[1], [2, 3], [2], [3]]);
    w.calls[2]?.answer();
    w.calls[3]?.answer();
    await expect(Promise.all(queued)).resolves.toEqual(['a:2', 'a:3']);
  });
});

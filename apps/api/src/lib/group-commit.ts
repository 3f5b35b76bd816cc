/**
 * Group commit per key: writes that share a key (a branch, whose counter row every order locks) go to the
 * database one batch at a time. A write arriving while its key has no batch in flight is sent at once, alone: an
 * idle server adds no wait. Writes arriving while a batch is in flight queue up and leave together, as one batch,
 * when it returns; so the busier the key, the larger its batches, and the lock, the commit and the round trip are
 * paid once per batch instead of once per write.
 *
 * A batch that fails is retried one write at a time, so a write the database refuses fails alone and the others
 * still land (the batch's statement is atomic: its failure wrote nothing).
 */
export interface GroupCommitOptions<Key, In, Out> {
  /** Writes the batch (all with this key) atomically; answers one result per write, in order. */
  writeBatch: (key: Key, batch: In[]) => Promise<Out[]>;
  /** The most writes in one batch; more wait for the next. */
  maxBatch: number;
}

interface Waiting<In, Out> {
  input: In;
  resolve: (out: Out) => void;
  reject: (error: unknown) => void;
}

export function createGroupCommit<Key, In, Out>(options: GroupCommitOptions<Key, In, Out>) {
  const queues = new Map<Key, Waiting<In, Out>[]>();

  async function writeOneByOne(key: Key, batch: Waiting<In, Out>[]) {
    await Promise.all(
      batch.map(async (w) => {
        try {
          const [out] = await options.writeBatch(key, [w.input]);
          w.resolve(out as Out);
        } catch (error) {
          w.reject(error);
        }
      }),
    );
  }

  /** Sends the key's queue, a batch at a time, until it is empty; the key then has nothing in flight. */
  async function drain(key: Key, queue: Waiting<In, Out>[]) {
    while (queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      try {
        const outs = await options.writeBatch(
          key,
          batch.map((w) => w.input),
        );
        if (outs.length !== batch.length) throw new Error(`batch of ${batch.length} answered ${outs.length}`);
        for (const [i, w] of batch.entries()) w.resolve(outs[i] as Out);
      } catch (error) {
        if (batch.length === 1) batch[0]?.reject(error);
        else await writeOneByOne(key, batch);
      }
    }
    queues.delete(key);
  }

  return {
    write(key: Key, input: In): Promise<Out> {
      return new Promise<Out>((resolve, reject) => {
        const queued = queues.get(key);
        if (queued) {
          queued.push({ input, resolve, reject });
          return;
        }
        const queue: Waiting<In, Out>[] = [{ input, resolve, reject }];
        queues.set(key, queue);
        void drain(key, queue);
      });
    },
  };
}

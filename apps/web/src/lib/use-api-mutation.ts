import { useCallback, useEffect, useRef, useState } from 'react';
import { invalidateQueries } from './query-writes';
import type { QueryKey } from './use-api-query';

export interface MutationOptions<TVariables, TResult> {
  /** The key prefixes this write changes: invalidated once it succeeds (a function gets the answer and the input). */
  invalidates?: readonly QueryKey[] | ((result: TResult, variables: TVariables) => readonly QueryKey[]);
}

export interface MutationState<TVariables, TResult> {
  /** Sends the write; resolves with its answer, rejects with its error (also kept in `error`). */
  mutate: (variables: TVariables) => Promise<TResult>;
  /** True while a write is on its way (buttons are disabled meanwhile). */
  busy: boolean;
  /** What the last write was sent with (which row is saving). */
  variables: TVariables | undefined;
  /** The last write's error, until the next one starts or `reset`. */
  error: unknown;
  reset: () => void;
}

/**
 * A write to the API: its busy flag and error for the screen, and on success the cached reads it changed are
 * invalidated (those on screen refetch). After the component has gone, the answer changes no state of it, but the
 * invalidation still happens: the data did change.
 */
export function useApiMutation<TVariables = void, TResult = unknown>(
  send: (variables: TVariables) => Promise<TResult>,
  options: MutationOptions<TVariables, TResult> = {},
): MutationState<TVariables, TResult> {
  const [busy, setBusy] = useState(false);
  const [variables, setVariables] = useState<TVariables | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const mounted = useRef(true);
  // The latest closures, so `mutate` can keep one identity.
  const latest = useRef({ send, options });
  latest.current = { send, options };
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback(async (variables: TVariables) => {
    const { send, options } = latest.current;
    setBusy(true);
    setVariables(() => variables);
    setError(undefined);
    try {
      const result = await send(variables);
      const { invalidates = [] } = options;
      const prefixes = typeof invalidates === 'function' ? invalidates(result, variables) : invalidates;
      for (const prefix of prefixes) void invalidateQueries(prefix);
      if (mounted.current) setBusy(false);
      return result;
    } catch (caught) {
      if (mounted.current) {
        setError(caught);
        setBusy(false);
      }
      throw caught;
    }
  }, []);

  const reset = useCallback(() => setError(undefined), []);
  return { mutate, busy, variables, error, reset };
}

/** One server-sent event as a browser's EventSource would see it. */
export interface StreamEvent {
  event: string;
  data: unknown;
  id: string | undefined;
}

export interface StreamClient {
  status: number;
  headers: Headers;
  /** Comment lines (": ping") seen so far. */
  comments: string[];
  /** Waits for the next event (optionally the next one with this name, skipping others); fails after waitMs. */
  next(name?: string, waitMs?: number): Promise<StreamEvent>;
  close(): void;
}

/**
 * Opens a real HTTP event stream (fetch, not inject: the stream never ends) and parses it as the SSE
 * format says: `event:`, `data:`, `id:` lines, a blank line ends a message, `:` starts a comment.
 */
export async function openStream(url: string, headers: Record<string, string> = {}): Promise<StreamClient> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  let failure: unknown;

  const pump = async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      while (true) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          let event = 'message';
          let id: string | undefined;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) events.push({ event, id, data: JSON.parse(data.join('\n')) });
          wake?.();
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) failure = error;
    } finally {
      ended = true;
      wake?.();
    }
  };
  if (res.ok) void pump();
  else ended = true;

  return {
    status: res.status,
    headers: res.headers,
    comments,
    async next(name, waitMs = 10_000) {
      const deadline = Date.now() + waitMs;
      while (true) {
        const index = events.findIndex((e) => name === undefined || e.event === name);
        if (index >= 0) {
          const [found] = events.splice(0, index + 1).slice(-1);
          if (found) return found;
        }
        if (ended) throw new Error(`stream ended before ${name ?? 'an event'} arrived${failure ? `: ${failure}` : ''}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${name ?? 'event'} within ${waitMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    close() {
      controller.abort();
    },
  };
}

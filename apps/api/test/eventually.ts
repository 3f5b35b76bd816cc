/**
 * The bound of a `vi.waitFor` on something the server does after a response or in the background (a NOTIFY, a relay
 * step, a stream's end): a guard against a hang, never a timing. `vi.waitFor`'s own default is 1 s, which a loaded CI
 * machine (four suites on two cores, PGlite's one thread behind the file's other work) can exceed with nothing wrong.
 */
export const EVENTUALLY = { timeout: 30_000, interval: 50 } as const;

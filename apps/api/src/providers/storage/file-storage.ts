/**
 * Where uploaded files (evaluation photos) are kept: one small interface, so the local folder (the default, works
 * offline) and an object store can stand in for each other. Keys are made by the caller, never from a client's
 * file name.
 */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the key; removing a missing key is not an error (cleanup after a refused write). */
  delete(key: string): Promise<void>;
}

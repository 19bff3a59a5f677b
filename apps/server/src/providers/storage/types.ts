/**
 * Where upload bytes live, behind one interface: the local disk today (`disk.ts`,
 * DATA_DIR/uploads). An S3-compatible store would implement the same three calls; none is
 * configured yet. Keys are random, never a name a person chose.
 */

export interface FileStore {
  /** Stores `bytes` under a new random key with extension `ext`; returns the key. */
  put(bytes: Buffer, ext: string): Promise<string>;
  /** The bytes of `key`, or null when it is gone. `caption` labels a generated photo. */
  get(key: string, caption: string): Promise<Buffer | null>;
  /** Removes a stored file (after a failed insert); a missing file is fine. */
  remove(key: string): Promise<void>;
}

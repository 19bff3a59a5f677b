/**
 * The disk store: DATA_DIR/uploads/<storage key>. A file is written to a temporary name and
 * renamed into place, so a reader never sees half a file; keys are random, never a name a person
 * chose. Generated demo photos (`gen/...`, modules/upload/photos.ts) have no file: they are drawn
 * on read.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseGeneratedKey, renderPhoto } from '../../modules/upload/photos.ts';
import type { FileStore } from './types.ts';

/** A store on the local disk under `dir`. */
export function diskStore(dir: string): FileStore {
  const full = (key: string) => {
    // keys are ours (hex + extension), but a path must never leave the folder
    if (!/^[0-9a-f]{32}\.[a-z]{3,4}$/.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(dir, key);
  };
  return {
    async put(bytes, ext) {
      await mkdir(dir, { recursive: true });
      const key = `${randomBytes(16).toString('hex')}.${ext}`;
      const tmp = path.join(dir, `.${key}.part`);
      await writeFile(tmp, bytes, { flag: 'wx' });
      await rename(tmp, full(key));
      return key;
    },
    async get(key, caption) {
      const generated = parseGeneratedKey(key);
      if (generated) return Buffer.from(renderPhoto({ ...generated, caption }));
      try {
        return await readFile(full(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      if (parseGeneratedKey(key)) return;
      await unlink(full(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
  };
}

/**
 * PGlite holds its data directory in one process, but does not lock it: a second process opening
 * the same directory (a seed run while the server is up) would corrupt it. A lock file beside the
 * directory, holding the owner's pid, keeps a second opener out; a lock left by a dead process is
 * taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`数据库目录 ${dataDir} 正被进程 ${pid} 使用（服务器是否在运行？），请先停止它`);
  }
}

/**
 * Takes the lock of a PGlite data directory for this process; returns its release function.
 * Throws DataDirInUseError when a live process holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
        process.off('exit', release);
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid > 0 && pid !== process.pid && isAlive(pid)) throw new DataDirInUseError(dataDir, pid);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`cannot take the lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

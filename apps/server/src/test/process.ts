/**
 * For tests that run the server as a process of its own (`npm start`, the compiled build): a
 * free port, and a wait for its first answer that gives up when the process has ended.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nothing listens on now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * The first answer of `url` (of any status) while `child` runs; throws when the process ends
 * first or nothing answers within `timeoutMs`.
 */
export async function firstAnswer(url: string, child: ChildProcess, timeoutMs: number): Promise<Response> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      return await fetch(url);
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Stopping `npm start` the way a terminal or a service manager does: SIGTERM to the whole
 * process group (and once more directly, as npm forwards it) while a request is in flight. The
 * request must still be answered, the process must log its shutdown and exit 0, and the PGlite
 * lock must be released.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { firstAnswer, freePort } from './test/process.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

const dataDir = mkdtempSync(path.join(tmpdir(), 'steelport-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start', () => {
  it('answers the request in flight, exits 0 and releases the lock on a group SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SKIP_WEB_BUILD: '1',
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        SEED_DEMO: 'false',
        TEST_HOOKS: '1',
        NODE_ENV: 'development',
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    expect((await firstAnswer(`${base}/healthz`, child, 60_000)).ok).toBe(true);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);

    const slow = fetch(`${base}/api/test/slow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 1500 }),
    });
    await new Promise((r) => setTimeout(r, 300));
    process.kill(-child.pid!, 'SIGTERM');
    process.kill(child.pid!, 'SIGTERM');

    const reply = await slow;
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ code: 0, message: 'ok', data: { waitedMs: 1500 } });
    const code = await exited;
    expect(code, output).toBe(0);
    expect(output).toContain('finishing requests in flight');
    expect(output).toContain('stopped');
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 90_000);
});

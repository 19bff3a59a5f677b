/**
 * The compiled build (issue 32): `apps/server/build.mjs` into a directory of its own, then the
 * server started from it with `node` alone, as production runs it (NODE_ENV=production, its
 * secrets, PGlite in a temporary DATA_DIR), must answer /healthz; nothing it emits may import a
 * `.ts` specifier or tsx (absent after `npm ci --omit=dev`), and the sheet reader's worker must
 * start from the emitted `sheet-worker.js` (the embedded database's thread, `pglite-thread.js`,
 * is what answers /healthz on the PGlite run).
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { firstAnswer, freePort } from './test/process.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
// Inside the repository, at the depth of apps/server/dist, so paths from import.meta.url land
// where they do in the real build; packages resolve from the root's node_modules and, through a
// link, the server's own (those npm did not hoist).
mkdirSync(path.join(root, '.tmp'), { recursive: true });
const scratch = mkdtempSync(path.join(root, '.tmp', 'build-test-'));
const dist = path.join(scratch, 'apps/server/dist');
const dataDir = path.join(scratch, 'data');
mkdirSync(path.join(scratch, 'apps/server'), { recursive: true });
symlinkSync(path.join(root, 'apps/server/node_modules'), path.join(scratch, 'apps/server/node_modules'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

beforeAll(async () => {
  const build = spawnSync(process.execPath, [path.join(root, 'apps/server/build.mjs'), '--outdir', dist], {
    encoding: 'utf8',
  });
  expect(build.stderr).toBe('');
  expect(build.status).toBe(0);
  // The server migrates at start; a migrated copy of the run's template spares it the minute
  // initdb and thirty migrations take on a busy machine (PGlite loads a dump into an empty dir).
  const target = inject('testDb');
  if (target.engine === 'pglite') {
    const template = await readFile(target.templateFile);
    const database = await openDatabase({
      dataDir: path.join(dataDir, 'pglite'),
      loadDataDir: new Blob([template]),
    });
    await database.close();
  }
}, 120_000);

describe('compiled build', () => {
  it('emits JavaScript that imports no .ts file and no tsx, with the migrations beside it', () => {
    const files = filesUnder(dist);
    const code = files.filter((f) => f.endsWith('.js'));
    expect(code.length).toBeGreaterThan(100);
    expect(files.filter((f) => f.endsWith('.ts') || f.endsWith('.mjs'))).toEqual([]);
    expect(files.some((f) => f.endsWith('.test.js'))).toBe(false);
    const specifier = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])([^"']+)\1/g;
    const bad: string[] = [];
    for (const file of code) {
      for (const [, , spec] of readFileSync(file, 'utf8').matchAll(specifier)) {
        if (spec!.endsWith('.ts') || /^tsx(\/|$)/.test(spec!) || spec!.startsWith('@steelport/'))
          bad.push(`${path.relative(dist, file)}: ${spec}`);
      }
    }
    expect(bad).toEqual([]);
    expect(existsSync(path.join(dist, 'db/migrations/meta/_journal.json'))).toBe(true);
    expect(existsSync(path.join(dist, 'db/migrations/0000_init.sql'))).toBe(true);
    expect(existsSync(path.join(dist, 'cli/migrate.js'))).toBe(true);
    expect(existsSync(path.join(dist, 'cli/create-admin.js'))).toBe(true);
    expect(existsSync(path.join(dist, 'seed/cli.js'))).toBe(true);
  });

  it('reads a sheet in a worker started from the emitted sheet-worker.js', () => {
    const pool = pathToFileURL(path.join(dist, 'modules/trader-import/sheet-pool.js')).href;
    const script = `
      const { SHEET_WORKER_ENTRY, parseInWorker } = await import(${JSON.stringify(pool)});
      const table = await parseInWorker(Buffer.from('品名,材质\\n热卷,Q235B\\n'), 10);
      console.log(JSON.stringify({ entry: SHEET_WORKER_ENTRY.href, rows: table.rows.length }));`;
    // A file, not `--input-type=module -e`: worker threads inherit execArgv, and refuse that flag.
    const file = path.join(scratch, 'read-sheet.mjs');
    writeFileSync(file, script);
    const run = spawnSync(process.execPath, [file], {
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(run.stderr).toBe('');
    // The idle worker does not keep the process (it ends by itself, not by the timeout).
    expect(run.status).toBe(0);
    const answer = JSON.parse(run.stdout) as { entry: string; rows: number };
    expect(answer.entry).toBe(pathToFileURL(path.join(dist, 'modules/trader-import/sheet-worker.js')).href);
    expect(answer.rows).toBeGreaterThan(0);
  }, 120_000);

  it('starts with node in production and answers /healthz', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--enable-source-maps', path.join(dist, 'main.js')], {
      cwd: scratch,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        APP_SECRET: 'build-test-secret-0123456789abcdef',
        ALLOW_SANDBOX_SMS: 'true',
        ALLOW_SANDBOX_PAYMENT: 'true',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(scratch, 'no-web'),
        DATABASE_URL: '',
        REDIS_URL: '',
        TEST_HOOKS: '',
        WARM_UP: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const health = await firstAnswer(`http://127.0.0.1:${port}/healthz`, child, 100_000).catch((err) => {
        throw new Error(`${(err as Error).message}\n${output}`);
      });
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ code: 0, data: { database: 'ok' } });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 120_000);
});

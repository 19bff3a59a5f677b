/** The process entry refuses bad configuration with one clear line and no stack trace. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const main = fileURLToPath(new URL('./main.ts', import.meta.url));

function start(env: Record<string, string>) {
  return spawnSync(tsx, [main], { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 30000 });
}

describe('main', () => {
  it('exits with a one-line message for a malformed DATABASE_URL', () => {
    const run = start({ DATABASE_URL: 'not-a-url' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'SteelPort 无法启动: DATABASE_URL is not a valid postgres: or postgresql: URL',
    );
  });

  it('refuses production without its secret', () => {
    const run = start({ NODE_ENV: 'production', APP_SECRET: '' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('APP_SECRET is required in production');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

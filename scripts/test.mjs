#!/usr/bin/env node
/**
 * `npm test`: lint and format check, the code's shape (scripts/shape.mjs) and the type-checks
 * (two at a time), unit and API tests (PGlite; the engine-sensitive files also on PostgreSQL
 * when TEST_DATABASE_URL is set), then end-to-end tests in Chromium and the first-load budget of
 * the build they ran on. Stops at the first failing step and ends with the wall time of
 * each step, the slowest files and tests, and one line `N passed, N failed` counting every test
 * that ran.
 *
 * An end-to-end test that fails gets one more try here (not in a developer's single-spec run), so
 * the run can tell a race from a steady failure. A test that passed only on its retry is named
 * under "flaky" and counts as failed: `npm test` exits non-zero (CONTRIBUTING.md, Tests).
 *
 * Flags: --no-e2e (checks, unit and API only), --e2e-only.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitStatus, readPlaywright, readVitest, slowest } from './test-results.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const bin = (name) => (name === 'node' ? process.execPath : path.join(root, 'node_modules/.bin', name));
const vitestJson = path.join(tmp, 'vitest-results.json');
const playwrightJson = path.join(tmp, 'playwright-results.json');
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

const skipE2e = process.argv.includes('--no-e2e');
const e2eOnly = process.argv.includes('--e2e-only');

/** Each step is one or more commands; a step's commands run side by side, `parallel` at a time. */
const steps = [];
if (!e2eOnly) {
  steps.push(
    {
      name: 'lint + types',
      parallel: 2,
      commands: [
        ['biome', ['check', '.']],
        ['node', ['scripts/shape.mjs']],
        ['tsc', ['-p', 'apps/web']],
        ['tsc', ['-p', 'apps/server']],
        ['tsc', ['-p', 'packages/contracts']],
      ],
    },
    {
      name: 'unit + API',
      commands: [
        ['vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]],
      ],
    },
  );
}
if (!skipE2e) {
  steps.push({
    name: 'e2e (Chromium)',
    commands: [
      ['playwright', ['test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json', '--retries=1']],
    ],
  });
  // The production build the end-to-end server made (apps/web/dist): every public screen's first
  // load within its budget (issue 36; scripts/first-load.mjs).
  steps.push({ name: 'first-load budget', commands: [['node', ['scripts/first-load.mjs', '--check']]] });
}

/** Runs one command; with `buffer`, its output is printed whole when it ends (no interleaving). */
function run(name, args, buffer) {
  return new Promise((resolve) => {
    const child = spawn(bin(name), args, {
      cwd: root,
      stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      // E2E_FULL_RUN: two workers, the operator's specs first (apps/web/playwright.config.ts).
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson, E2E_FULL_RUN: '1' },
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      if (buffer)
        process.stdout.write(
          `· ${name} ${args.join(' ')}: ${code === 0 ? 'ok' : 'FAILED'}\n${code === 0 ? '' : output}`,
        );
      resolve(code ?? 1);
    });
  });
}

async function runStep({ commands, parallel = 1 }) {
  const queue = [...commands];
  let failed = false;
  const lane = async () => {
    while (queue.length > 0) {
      const [name, args] = queue.shift();
      if ((await run(name, args, commands.length > 1)) !== 0) failed = true;
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, commands.length) }, lane));
  return !failed;
}

const times = [];
let failedStep = null;
for (const step of steps) {
  const started = Date.now();
  console.log(`\n▶ ${step.name}: ${step.commands.map(([n, a]) => `${n} ${a.join(' ')}`).join(' | ')}`);
  const ok = await runStep(step);
  const seconds = (Date.now() - started) / 1000;
  times.push(`${seconds.toFixed(1).padStart(7)} s  ${step.name}${ok ? '' : ' (FAILED)'}`);
  console.log(`◀ ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
  if (!ok) {
    failedStep = step.name;
    break;
  }
}

const results = [];
if (existsSync(vitestJson))
  results.push(['unit + API', readVitest(JSON.parse(readFileSync(vitestJson, 'utf8')))]);
if (existsSync(playwrightJson))
  results.push(['e2e', readPlaywright(JSON.parse(readFileSync(playwrightJson, 'utf8')))]);

for (const [tier, r] of results) {
  console.log(`\n${tier}: slowest files`);
  for (const line of slowest(r.files)) console.log(line);
  console.log(`${tier}: slowest tests`);
  for (const line of slowest(r.tests)) console.log(line);
}
console.log('\nsteps (wall time)');
for (const line of times) console.log(line);

const flaky = results.flatMap(([, r]) => r.flaky);
if (flaky.length > 0) {
  console.log(`\nflaky (failed, then passed on the retry; counted as failed): ${flaky.length}`);
  for (const name of flaky) console.log(`  ${name}`);
}
const passed = results.reduce((sum, [, r]) => sum + r.passed, 0);
let failed = results.reduce((sum, [, r]) => sum + r.failed, 0);
if (failedStep && failed === 0) failed = 1;
if (failedStep) console.log(`\nstep failed: ${failedStep}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(exitStatus({ failedStep, results: results.map(([, r]) => r) }));

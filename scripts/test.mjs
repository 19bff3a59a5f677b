#!/usr/bin/env node
/**
 * `npm test`: lint and format check, type-check, unit and API tests (PGlite; also PostgreSQL
 * when TEST_DATABASE_URL is set), then end-to-end tests in Chromium. Stops at the first failing
 * step and ends with one line `N passed, N failed` counting every test that ran.
 *
 * An end-to-end test that fails gets one more try here (not in a developer's single-spec run):
 * a browser, the portal and the test runner share two cores, and a load spike can outlast a
 * wait. A test that passed only on its second try is named under "flaky" at the end; it is a bug
 * to find, like a failure (CONTRIBUTING.md, Tests).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const vitestJson = path.join(tmp, 'vitest-results.json');
const playwrightJson = path.join(tmp, 'playwright-results.json');
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

const skipE2e = process.argv.includes('--no-e2e');
const steps = [
  ['lint + format', bin('biome'), ['check', '.']],
  ['typecheck', bin('tsc'), ['-p', 'packages/contracts']],
  ['typecheck', bin('tsc'), ['-p', 'apps/server']],
  ['typecheck', bin('tsc'), ['-p', 'apps/web']],
  [
    'unit + API',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  ],
];
if (!skipE2e) {
  steps.push([
    'e2e (Chromium)',
    bin('playwright'),
    ['test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json', '--retries=1'],
  ]);
}

let failedStep = null;
for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}: ${path.basename(cmd)} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  });
  console.log(
    `◀ ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

let passed = 0;
let failed = 0;
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
}
const flaky = [];
if (existsSync(playwrightJson)) {
  const report = JSON.parse(readFileSync(playwrightJson, 'utf8'));
  const { stats } = report;
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += stats?.unexpected ?? 0;
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'flaky') flaky.push(`${spec.file}:${spec.line} ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
}
if (flaky.length > 0) {
  console.log(`\nflaky (failed once, passed on the retry): ${flaky.length}`);
  for (const name of flaky) console.log(`  ${name}`);
}
if (failedStep && failed === 0) failed = 1;
if (failedStep) console.log(`\nstep failed: ${failedStep}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);

import { describe, expect, it } from 'vitest';
import { exitStatus, readPlaywright, readVitest, slowest } from './test-results.mjs';

/** A Playwright JSON report of one file with the given test statuses (and their tries). */
function playwrightReport(tests) {
  return {
    suites: [
      {
        file: 'search.spec.ts',
        specs: tests.map(({ title, status, durations }, line) => ({
          file: 'search.spec.ts',
          line: line + 1,
          title,
          tests: [{ status, results: durations.map((duration) => ({ duration })) }],
        })),
      },
    ],
  };
}

describe('npm test reading the end-to-end report', () => {
  it('counts a test that passed only on its retry as failed, names it and exits non-zero', () => {
    const r = readPlaywright(
      playwrightReport([
        { title: 'finds coils', status: 'expected', durations: [1200] },
        { title: 'pages', status: 'flaky', durations: [30000, 2000] },
      ]),
    );
    expect(r).toMatchObject({ passed: 1, failed: 1, flaky: ['search.spec.ts:2 pages'] });
    expect(exitStatus({ failedStep: null, results: [r] })).toBe(1);
  });

  it('exits 0 when every test passed on its first try', () => {
    const r = readPlaywright(
      playwrightReport([{ title: 'finds coils', status: 'expected', durations: [900] }]),
    );
    expect(r).toMatchObject({ passed: 1, failed: 0, flaky: [] });
    expect(exitStatus({ failedStep: null, results: [r] })).toBe(0);
  });

  it('counts a test that failed both tries as failed, and its time with both tries', () => {
    const r = readPlaywright(
      playwrightReport([{ title: 'pages', status: 'unexpected', durations: [30000, 30000] }]),
    );
    expect(r).toMatchObject({ passed: 0, failed: 1, flaky: [] });
    expect(r.tests).toEqual([{ name: 'search.spec.ts:1 pages', ms: 60000 }]);
    expect(r.files).toEqual([{ name: 'search.spec.ts', ms: 60000 }]);
  });
});

describe('npm test reading the vitest report', () => {
  it('counts failed tests and files that failed to load, and times files and tests', () => {
    const r = readVitest({
      numPassedTests: 2,
      numFailedTests: 1,
      numFailedTestSuites: 1,
      testResults: [
        {
          name: '/ci/clone/apps/server/src/app.test.ts',
          startTime: 1000,
          endTime: 4500,
          assertionResults: [
            { fullName: 'health checks the database', duration: 3000 },
            { fullName: 'auth answers code 3', duration: 400 },
          ],
        },
      ],
    });
    expect(r).toMatchObject({ passed: 2, failed: 2, flaky: [] });
    expect(r.files).toEqual([{ name: 'apps/server/src/app.test.ts', ms: 3500 }]);
    expect(slowest(r.tests, 1)).toEqual([
      '    3.0 s  apps/server/src/app.test.ts › health checks the database',
    ]);
    expect(exitStatus({ failedStep: null, results: [r] })).toBe(1);
  });

  it('exits non-zero when a step failed even though no test did', () => {
    expect(exitStatus({ failedStep: 'lint + types', results: [] })).toBe(1);
  });
});

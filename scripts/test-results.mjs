/**
 * Reading the runners' JSON reports for `npm test` (scripts/test.mjs): how many tests passed and
 * failed, which end-to-end tests passed only on their retry (flaky, counted as failed), and the
 * slowest files and tests, so a run says where its time went. Pure functions over the parsed
 * reports; scripts/test-results.test.mjs checks them.
 */

/**
 * @typedef {{ name: string, ms: number }} Timing
 * @typedef {{ passed: number, failed: number, flaky: string[], files: Timing[], tests: Timing[] }} Results
 */

/** Vitest's JSON report: counts, and the duration of each file and test. */
export function readVitest(report) {
  /** @type {Results} */
  const out = { passed: report.numPassedTests ?? 0, failed: 0, flaky: [], files: [], tests: [] };
  out.failed = (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
  for (const file of report.testResults ?? []) {
    const name = relative(file.name);
    out.files.push({ name, ms: Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)) });
    for (const test of file.assertionResults ?? []) {
      out.tests.push({ name: `${name} › ${test.fullName}`, ms: test.duration ?? 0 });
    }
  }
  return out;
}

/**
 * Playwright's JSON report. A test that failed and then passed on its retry is `flaky`: it counts
 * as failed (it is a race to find, not a pass) and is named, with its retry, in `flaky`.
 */
export function readPlaywright(report) {
  /** @type {Results} */
  const out = { passed: 0, failed: 0, flaky: [], files: [], tests: [] };
  const fileMs = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const results = test.results ?? [];
        const ms = results.reduce((sum, result) => sum + (result.duration ?? 0), 0);
        const name = `${spec.file}:${spec.line} ${spec.title}`;
        out.tests.push({ name, ms });
        fileMs.set(spec.file, (fileMs.get(spec.file) ?? 0) + ms);
        if (test.status === 'expected') out.passed += 1;
        else if (test.status === 'flaky') {
          out.failed += 1;
          out.flaky.push(name);
        } else if (test.status === 'unexpected') out.failed += 1;
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  for (const [name, ms] of fileMs) out.files.push({ name, ms });
  return out;
}

/** The `count` slowest entries, slowest first, as aligned lines (`  12.3 s  name`). */
export function slowest(timings, count = 15) {
  return [...timings]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ name, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
}

/** The exit status of `npm test`: non-zero when a step or a test failed (a flaky test counts as failed). */
export function exitStatus({ failedStep, results }) {
  return failedStep || results.some((r) => r.failed > 0) ? 1 : 0;
}

function relative(file) {
  const at = file.search(/(apps|packages|scripts)\//);
  return at >= 0 ? file.slice(at) : file;
}

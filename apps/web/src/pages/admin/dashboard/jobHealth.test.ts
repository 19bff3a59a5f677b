import { describe, expect, it } from 'vitest';
import { JOB_STALE_AFTER_MS, jobState } from './jobHealth.ts';

const NOW = Date.parse('2026-11-25T08:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('jobState', () => {
  it('is ok for a run within the last day', () => {
    expect(jobState({ lastRunAt: ago(60_000), ok: true }, NOW)).toBe('ok');
    expect(jobState({ lastRunAt: ago(60_000), ok: null }, NOW)).toBe('ok');
  });

  it('is stale when the last run is older than the limit', () => {
    expect(jobState({ lastRunAt: ago(JOB_STALE_AFTER_MS + 1), ok: true }, NOW)).toBe('stale');
  });

  it('is never when the job has no run', () => {
    expect(jobState({ lastRunAt: null, ok: null }, NOW)).toBe('never');
  });

  it('trusts a job without a run time that says it is fine', () => {
    expect(jobState({ lastRunAt: null, ok: true }, NOW)).toBe('ok');
  });

  it('reports a failure before anything else', () => {
    expect(jobState({ lastRunAt: ago(1000), ok: false }, NOW)).toBe('failed');
    expect(jobState({ lastRunAt: null, ok: false }, NOW)).toBe('failed');
  });
});

import type { JobHealth } from '@steelport/contracts';

/** A daily job whose last run is older than this is overdue (a day plus slack). */
export const JOB_STALE_AFTER_MS = 26 * 60 * 60 * 1000;

export type JobState = 'ok' | 'stale' | 'failed' | 'never';

/**
 * How a job is doing at `now`: a failure beats everything; a job that records no run time is
 * fine when it says so (ok true: the payment closer is judged by what it left undone) and
 * otherwise never ran; a run older than JOB_STALE_AFTER_MS is overdue.
 */
export function jobState(job: Pick<JobHealth, 'lastRunAt' | 'ok'>, now: number = Date.now()): JobState {
  if (job.ok === false) return 'failed';
  if (!job.lastRunAt) return job.ok === true ? 'ok' : 'never';
  const at = Date.parse(job.lastRunAt);
  if (!Number.isFinite(at) || now - at > JOB_STALE_AFTER_MS) return 'stale';
  return 'ok';
}

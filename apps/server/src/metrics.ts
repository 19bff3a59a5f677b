/**
 * The app's Prometheus metrics (issue 32): one prom-client Registry per app instance, never the
 * global one, so tests that build several apps in one process do not register a metric twice.
 * What is counted where it happens (requests, logins, job runs, store errors) is a counter or a
 * histogram here; what is a state (the database pool, open event streams, payments by state) is a
 * gauge read at scrape time from a source the owner registers (`watch`), so a figure is never
 * stale and nothing has to keep it up to date. `GET /metrics` (modules/ops) writes the registry.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** How a login ended (the account module): one label value each, a bounded set. */
export type LoginOutcome =
  | 'success'
  | 'wrong_password'
  | 'wrong_code'
  | 'unregistered'
  | 'held'
  | 'captcha_required'
  | 'captcha_wrong'
  | 'disabled'
  | 'error';

/** The database pool's connections (PostgreSQL's pg.Pool; PGlite: one connection, never waiting). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Figures read at scrape time; an owner that goes away may leave its source, it is read lazily. */
interface Sources {
  pool?: () => PoolStats | undefined;
  sseStreams?: () => number;
  /** payments counted by state (`vip/settlement.ts#paymentStates`); async, a query per scrape */
  payments?: () => Promise<Record<string, number>>;
}

/** Request duration buckets in seconds: searches answer in tens of ms, exports in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The label of a request that matched no route: one value, so unknown URLs cannot add series. */
export const UNMATCHED_ROUTE = 'unmatched';

let processMetrics: Registry | undefined;

/**
 * Process memory, CPU, event loop lag, handles, GC (prom-client's defaults): they describe the
 * process, not an app, so one registry of the process holds them (started on the first scrape).
 * Per app, each test's app would add another event-loop monitor and GC observer to the worker.
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics, prefix: 'steelport_' });
  }
  return processMetrics;
}

/** Creates the registry and every metric of one app. */
export function createMetrics() {
  const registry = new Registry();
  const sources: Sources = {};

  const httpDuration = new Histogram({
    name: 'steelport_http_request_duration_seconds',
    help: 'HTTP request duration by route pattern (never the raw URL) and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const logins = new Counter({
    name: 'steelport_logins_total',
    help: 'Login attempts by way (password, sms) and outcome',
    labelNames: ['way', 'outcome'] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'steelport_job_runs_total',
    help: 'Scheduled job runs by job',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'steelport_job_failures_total',
    help: 'Scheduled job runs that failed, by job',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const storeErrors = new Counter({
    name: 'steelport_store_errors_total',
    help: "Shared store (Redis) errors: 'connection' events and failed commands",
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'steelport_db_pool_connections',
    help: 'Database pool connections by state (in_use, idle, waiting); PGlite: one, never waiting',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = sources.pool?.();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'steelport_sse_streams_open',
    help: 'Open inbox event streams (text/event-stream) in this process',
    registers: [registry],
    collect() {
      this.set(sources.sseStreams?.() ?? 0);
    },
  });
  new Gauge({
    name: 'steelport_payments',
    help: 'VIP payments by state, counted in the payments table at scrape time (all instances)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      if (!sources.payments) return;
      this.reset();
      for (const [state, count] of Object.entries(await sources.payments())) this.set({ state }, count);
    },
  });

  return {
    registry,
    httpDuration,
    /** The text a scrape answers: the process's figures and this app's. */
    async text(): Promise<{ contentType: string; body: string }> {
      const merged = Registry.merge([processRegistry(), registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
    /** Counts one login attempt. */
    login(way: 'password' | 'sms', outcome: LoginOutcome): void {
      logins.inc({ way, outcome });
    },
    /** Counts one run of a scheduled job, and a failure when it failed. */
    jobRun(job: string, failed: boolean): void {
      jobRuns.inc({ job });
      if (failed) jobFailures.inc({ job });
    },
    /** Counts one store error: a connection 'error' event or a command that failed. */
    storeError(kind: 'connection' | 'command'): void {
      storeErrors.inc({ kind });
    },
    /** Registers what a gauge reads at scrape time. */
    watch<K extends keyof Sources>(name: K, source: NonNullable<Sources[K]>): void {
      sources[name] = source;
    },
  };
}

/** One app's metrics (`app.metrics`). */
export type AppMetrics = ReturnType<typeof createMetrics>;

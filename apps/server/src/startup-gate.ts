/**
 * Work the process must finish before the app is built and listens, started by whoever runs the
 * server in this process: `npm start` (scripts/start.mjs) builds the portal while the database
 * is opened, migrated and seeded, and the web plugin reads the build when the app is built.
 * Nothing holds the app by default.
 */
let pending: Promise<unknown> = Promise.resolve();

/** Holds the app until `work` has finished; a failure stops the start with its message. */
export function holdAppUntil(work: Promise<unknown>): void {
  pending = work;
  // Handled here, awaited by main.ts: a build that fails before the database work is done is not
  // an unhandled rejection that would end the process with a stack trace.
  work.catch(() => {});
}

/** Resolves once the held work is done (main.ts, before building the app). */
export function appMayStart(): Promise<unknown> {
  return pending;
}

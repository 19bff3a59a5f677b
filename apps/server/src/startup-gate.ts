/**
 * What the server waits for before it builds the app, which reads the portal's build: `npm start`
 * (scripts/start.mjs) builds the portal beside the database's first start (open, migrate, seed)
 * and holds the app here until the build is done. Anything else starts at once.
 */
let pending: Promise<void> = Promise.resolve();

/** Holds the app until `ready` settles; a rejection stops the start. */
export function holdAppUntil(ready: Promise<void>): void {
  pending = ready;
}

/** Resolves when the app may be built. */
export function appMayStart(): Promise<void> {
  return pending;
}

// The entry of the embedded database's worker thread (pglite-remote.ts): the server runs
// TypeScript through tsx, so the worker registers tsx's loader before it loads the thread. A
// compiled build starts the emitted pglite-thread.js instead (PGLITE_THREAD_ENTRY).
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread.ts');

// The entry of the sheet reader's worker threads (sheet-pool.ts): the server runs TypeScript
// through tsx, so the worker registers tsx's loader before it loads the reader. A compiled
// build starts the emitted sheet-worker.js instead (SHEET_WORKER_ENTRY).
import { register } from 'tsx/esm/api';

register();
await import('./sheet-worker.ts');

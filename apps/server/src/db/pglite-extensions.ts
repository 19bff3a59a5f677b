/**
 * The extensions every embedded database loads, whether it runs in the caller's thread
 * (client.ts) or on its own (pglite-thread.ts): trigram search (pg_trgm) for the keyword search.
 * A migration that needs another extension adds it here, once.
 */
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_EXTENSIONS = { pg_trgm };

import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/**
 * Server tests on a fresh database per file, cloned from a template migrated once by the global
 * setup: PGlite by default; PostgreSQL for the `server-pg` project the root config adds when
 * TEST_DATABASE_URL is set.
 */
export function serverProject(engine: 'pglite' | 'postgres') {
  return defineProject({
    test: {
      name: engine === 'pglite' ? 'server' : 'server-pg',
      root: fileURLToPath(new URL('.', import.meta.url)),
      environment: 'node',
      include: ['src/**/*.test.ts'],
      globalSetup: [engine === 'pglite' ? 'src/test/global-pglite.ts' : 'src/test/global-pg.ts'],
      testTimeout: 30000,
      hookTimeout: 60000,
    },
  });
}

export default serverProject('pglite');

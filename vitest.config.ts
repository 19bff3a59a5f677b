import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { serverProject } from './apps/server/vitest.config.ts';

/**
 * One runner for the whole workspace; each package is a project. With TEST_DATABASE_URL set,
 * the server's engine-sensitive files run a second time on PostgreSQL (`server-pg`).
 */
const projects: (string | TestProjectInlineConfiguration)[] = [
  'packages/contracts',
  'apps/server',
  'apps/web',
  // npm test's own reading of the runners' reports (scripts/test-results.mjs).
  { test: { name: 'scripts', root: 'scripts', include: ['*.test.mjs'], environment: 'node' } },
];
if (process.env.TEST_DATABASE_URL) projects.push(serverProject('postgres'));

export default defineConfig({
  test: {
    projects,
    // One worker per core: vitest's default leaves one core to its own process, which mostly
    // waits (on two cores that ran every file on one worker).
    maxWorkers: availableParallelism(),
  },
});

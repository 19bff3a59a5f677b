import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { serverProject } from './apps/server/vitest.config.ts';

/**
 * One runner for the whole workspace; each package is a project. With TEST_DATABASE_URL set,
 * the server suite runs a second time on PostgreSQL (`server-pg`).
 */
const projects: (string | TestProjectInlineConfiguration)[] = [
  'packages/contracts',
  'apps/server',
  'apps/web',
];
if (process.env.TEST_DATABASE_URL) projects.push(serverProject('postgres'));

export default defineConfig({ test: { projects } });

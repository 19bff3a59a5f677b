import { defineConfig } from 'vitest/config';

/** One runner for the whole workspace; each package has its own project (environment, setup). */
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});

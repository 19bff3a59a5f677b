import { defineProject } from 'vitest/config';

/**
 * The portal's unit tests. Most are rules and formatters that run in Node; a file that renders or
 * reads browser storage names its environment in its first line (`// @vitest-environment
 * happy-dom`), so the other files do not pay for a DOM.
 */
export default defineProject({
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    isolate: false,
  },
});

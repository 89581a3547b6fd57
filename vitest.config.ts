import { defineConfig } from 'vitest/config';

/** Unit and API tests. Playwright's e2e/*.spec.ts are not vitest's (see e2e/). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['packages/db/src/testing/global-setup.ts'],
          setupFiles: ['apps/server/src/test-support/fail-on-server-errors.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});

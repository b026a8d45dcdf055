import { defineConfig } from 'vitest/config';

// Server test files that vi.mock('fastify') (the route recorder): a mock must not leak into the shared module cache.
const SERVER_MOCKS_FASTIFY = [
  'apps/server/src/platform/fuzz.test.ts',
  'apps/server/src/platform/cache-control.test.ts',
  'apps/server/src/platform/route-table.test.ts',
];

// CI retries a failed test once, as Playwright does a journey (playwright.config.ts): one flake on a loaded machine
// must not hold back a green change. Every retried test is named at the end of the run (scripts/test.mjs), to mend.
export const CI_RETRY = process.env.CI ? 1 : 0;

export default defineConfig({
  test: {
    // Two workers keep a 2-core machine busy without thrashing (each server test file has its own database).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
          retry: CI_RETRY,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: SERVER_MOCKS_FASTIFY,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          retry: CI_RETRY,
          // The files share their worker's module cache: importing the app (Fastify, drizzle, better-auth, sharp...)
          // took a third of the suite's worker time when every file did it again. Each file still builds its own app
          // on its own database; the files that replace a module (vi.mock) run isolated below.
          isolate: false,
        },
      },
      {
        test: {
          name: 'server-isolated',
          include: SERVER_MOCKS_FASTIFY,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          retry: CI_RETRY,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});

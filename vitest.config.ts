import { defineConfig } from 'vitest/config';

// Server test files that vi.mock('fastify') (the route recorder): a mock must not leak into the shared module cache.
const SERVER_MOCKS_FASTIFY = [
  'apps/server/src/platform/fuzz.test.ts',
  'apps/server/src/platform/cache-control.test.ts',
  'apps/server/src/platform/route-table.test.ts',
];

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
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});

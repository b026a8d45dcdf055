import { fileURLToPath, URL } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compiledCatalogs } from './catalogs.ts';

export default defineProject({
  plugins: [compiledCatalogs(), react()],
  resolve: {
    alias: { '#': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'build-summary.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Two cores run every project at once; whole-app renders can take a few seconds under that load.
    testTimeout: 15_000,
    // CI retries a failed test once; scripts/test.mjs names every retried one (see the root vitest.config.ts).
    retry: process.env.CI ? 1 : 0,
  },
});

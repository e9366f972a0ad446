import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@messages': fromRoot('./messages'),
      '@': fromRoot('./src'),
      'server-only': fromRoot('./tests/support/empty.ts'),
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/support/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    // Vitest's default is one file per core but one: a single file at a time on CI's two cores.
    // Two at once took this step from 541 to 415 s there (README, "Test it").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Each test file boots its own database (PGlite compiles its WebAssembly in a few seconds).
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});

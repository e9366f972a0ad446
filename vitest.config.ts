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
    // Each test file boots its own database (PGlite compiles its WebAssembly in a few seconds).
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});

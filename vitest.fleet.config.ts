// The fleet test (tests/fleet/): two production instances on one PostgreSQL. Not part of
// `vitest run`; scripts/test/fleet-test.ts runs it with this config.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { 'server-only': fileURLToPath(new URL('./tests/support/empty.ts', import.meta.url)) },
  },
  test: {
    environment: 'node',
    include: ['tests/fleet/**/*.test.ts'],
    // One file, one pair of servers: the tests run in order against the same instances.
    fileParallelism: false,
    hookTimeout: 120_000,
    testTimeout: 30_000,
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/server/**/*.test.ts', 'test/main/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Server tests each open their own SQLite file; two cores: keep the pool small.
    maxWorkers: 2,
  },
});

import { defineConfig } from "vitest/config";

// Unit tests are pure and fast; integration tests talk to a real database
// (embedded PGlite by default, PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    env: { TZ: "UTC" },
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "bench/**/*.test.ts"],
          exclude: ["src/**/*.integration.test.ts", "node_modules/**"],
          env: { TZ: "UTC" },
        },
      },
      {
        test: {
          name: "integration",
          include: ["src/**/*.integration.test.ts", "tests/integration/**/*.integration.test.ts"],
          env: { TZ: "UTC", NODE_ENV: "test" },
          testTimeout: 60_000,
          // In CI a test that fails is run once more and reported as flaky (mirrors Playwright's
          // retries), so a loaded 2-core runner's timing hiccup does not block a landing.
          retry: process.env.CI ? 1 : 0,
          hookTimeout: 120_000,
          globalSetup: ["./tests/integration/kits/global-setup.ts"],
        },
      },
    ],
  },
});

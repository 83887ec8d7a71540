import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Three projects: `unit` (pure models and services, no database); `db` (services, loaders and actions against a
 * database: an in-memory PGlite from a migrated, seeded snapshot; or, with TEST_DATABASE_URL, a real Postgres); and
 * `app` (`*.app.test.ts`: the whole app through a Vite dev server, tests/setup/app-handler.ts). All three share the
 * two workers; the dev servers' starts take turns under a lock (app-handler.ts), their tests run side by side.
 */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    // Files run side by side, one per core of the 2-core machines (each database test file has its own database).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
          exclude: ["app/**/*.db.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["app/**/*.db.test.ts", "tests/integration/**/*.test.ts"],
          exclude: ["tests/integration/**/*.app.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/db-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "app",
          include: ["tests/integration/**/*.app.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/db-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

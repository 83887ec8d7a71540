import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Two projects: `unit` (pure models and services, no database) and `db` (services, loaders and actions against
 * a database: an in-memory PGlite from a migrated, seeded snapshot; or, with TEST_DATABASE_URL, a real Postgres).
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
          environment: "node",
          globalSetup: ["tests/setup/db-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const DATABASE_TESTS = ["app/**/*.db.test.ts", "tests/integration/**/*.test.ts"];

/**
 * The database test files that replace a module (`vi.mock`): a replacement applies only where the module is loaded
 * after it, so these run isolated (each file its own module graph). Found by reading the files, so a new one is
 * isolated without a list to keep.
 */
function databaseTestsThatMock(): string[] {
  const files = ["app", "tests/integration"].flatMap((dir) =>
    fs
      .readdirSync(dir, { recursive: true, encoding: "utf8" })
      .map((file) => path.join(dir, file))
      .filter((file) =>
        dir === "app" ? file.endsWith(".db.test.ts") : file.endsWith(".test.ts") && !file.endsWith(".app.test.ts"),
      ),
  );
  return files.filter((file) => /\bvi\.(?:do)?[mM]ock\(/.test(fs.readFileSync(file, "utf8")));
}

const mocking = databaseTestsThatMock();

/**
 * Four projects: `unit` (pure models and services, no database); `db` (services, loaders and actions against a
 * database: an in-memory PGlite from a migrated, seeded snapshot; or, with TEST_DATABASE_URL, a real Postgres);
 * `db-isolated` (the database files that replace a module, each in a module graph of its own); and
 * `app` (`*.app.test.ts`: the whole app through a Vite dev server, tests/setup/app-handler.ts). All four share the
 * two workers; the dev servers' starts take turns under a lock (app-handler.ts), their tests run side by side.
 */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    // Files run side by side, one per core of the 2-core machines (each database test file has its own database).
    maxWorkers: 2,
    // The reader's threads keep normal priority in tests: at nice +10 they would lose every core to the other test
    // file running beside them (decision 0050; thread-priority.server.test.ts sets its own).
    env: { BACKGROUND_NICE: "0" },
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
          include: DATABASE_TESTS,
          exclude: ["tests/integration/**/*.app.test.ts", ...mocking],
          environment: "node",
          globalSetup: ["tests/setup/db-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The files of a worker share one module graph: the app's modules are loaded once per worker, not once per
          // file (that load was half the project's time). Each file still opens its own database; nothing the app
          // keeps in a module is per-database unless keyed by the database handle (process-cache.server.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "db-isolated",
          include: mocking.length > 0 ? mocking : ["no-file-mocks-a-module"],
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

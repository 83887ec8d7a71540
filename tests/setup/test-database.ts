import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/services/db/client.server";

/**
 * A private database for one test file, already migrated and seeded: PGlite loaded from the run's snapshot, or a
 * Postgres database copied from the run's template (dropped again by `close`).
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const templateUrl = inject("postgresTemplateUrl");
  if (!templateUrl) {
    const snapshot = fs.readFileSync(inject("pgliteSnapshotPath"));
    return openDatabase({ driver: "pglite", loadDataDir: new Blob([snapshot]) });
  }
  const template = new URL(templateUrl);
  const templateName = template.pathname.slice(1);
  const name = `${templateName}_${randomBytes(4).toString("hex")}`;
  const admin = new URL(templateUrl);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`);
  } finally {
    await client.end();
  }
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: "postgres", url: url.toString(), poolSize: 4 });
  return {
    ...database,
    // For a test that starts another process on the same database.
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: admin.toString() });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

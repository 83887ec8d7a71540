import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/services/db/client.server";
import { seedDemoCatalog } from "~/services/db/seed.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: a gzipped dump of a migrated, seeded database, loaded by every test file. */
    pgliteSnapshotPath: string;
    /** Postgres: the database every test file copies (CREATE DATABASE ... TEMPLATE). */
    postgresTemplateUrl: string;
  }
}

/**
 * Migrates and seeds once per run, so a test file starts from a ready database in a fraction of the cold start.
 */
export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const database = await openDatabase({ driver: "postgres", url: postgresUrl, poolSize: 2 });
    await database.migrate();
    await seedDemoCatalog(database.db);
    await database.close();
    project.provide("postgresTemplateUrl", postgresUrl);
    project.provide("pgliteSnapshotPath", "");
    return;
  }
  const database = await openDatabase({ driver: "pglite" });
  await database.migrate();
  await seedDemoCatalog(database.db);
  const dump = await database.pglite!.dumpDataDir("gzip");
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lenslane-db-snapshot-"));
  const file = path.join(dir, "snapshot.tar.gz");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteSnapshotPath", file);
  project.provide("postgresTemplateUrl", "");
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

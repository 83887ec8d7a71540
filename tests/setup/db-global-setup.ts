import { createHash } from "node:crypto";
import fs from "node:fs";
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
 * Migrates and seeds once per run, so a test file starts from a ready database in a fraction of the cold start. The
 * `db` and `app` projects both use this setup, possibly at the same time: Postgres takes turns under the start-up
 * lock, and PGlite's snapshot is made once per run.
 */
export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const database = await openDatabase({ driver: "postgres", url: postgresUrl, poolSize: 2 });
    try {
      await database.migrate();
      await database.exclusively(() => seedDemoCatalog(database.db));
    } finally {
      await database.close();
    }
    project.provide("postgresTemplateUrl", postgresUrl);
    project.provide("pgliteSnapshotPath", "");
    return;
  }
  snapshot ??= pgliteSnapshot();
  project.provide("pgliteSnapshotPath", await snapshot);
  project.provide("postgresTemplateUrl", "");
}

let snapshot: Promise<string> | undefined;

/**
 * A gzipped dump of a migrated, seeded PGlite database, kept in `.cache/test-db/` under a key made of the migrations,
 * the seed's sources, the PGlite version and the day (the seed dates some rows from today), so later runs on the
 * same tree (the Node 24 pass, a developer's next run) skip the cold start.
 */
async function pgliteSnapshot(): Promise<string> {
  const dir = path.resolve(".cache/test-db");
  const file = path.join(dir, `${snapshotKey()}.tar.gz`);
  if (fs.existsSync(file)) return file;
  const database = await openDatabase({ driver: "pglite" });
  await database.migrate();
  await seedDemoCatalog(database.db);
  const dump = await database.pglite!.dumpDataDir("gzip");
  await database.close();
  fs.mkdirSync(dir, { recursive: true });
  for (const old of fs.readdirSync(dir)) fs.rmSync(path.join(dir, old), { force: true });
  // Written under a temporary name first, so a run that stops half-way leaves no broken snapshot.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return file;
}

function snapshotKey(): string {
  const hash = createHash("sha256");
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
      .sort();
  for (const file of [
    ...files("drizzle"),
    ...files("app/services/db/seed"),
    "app/services/db/seed.server.ts",
    "node_modules/@electric-sql/pglite/package.json",
  ]) {
    hash.update(file).update(fs.readFileSync(file));
  }
  hash.update(new Date().toISOString().slice(0, 10));
  return hash.digest("hex").slice(0, 16);
}

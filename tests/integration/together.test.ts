import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { together, type DatabaseHandle, type Executor } from "~/services/db/client.server";
import { createTestDatabase } from "../setup/test-database";

// Independent reads run in parallel on the pool and one after another inside a transaction (one connection runs one
// query at a time; node-postgres 9 refuses overlapping ones).

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Reads that log when they start and end, each a real query plus a pause. */
function tracedReads(db: Executor, log: string[]) {
  const read = (name: string, value: number) => async () => {
    log.push(`start ${name}`);
    await db.execute(sql`select 1`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    log.push(`end ${name}`);
    return value;
  };
  return [read("a", 1), read("b", 2), () => "plain"] as const;
}

describe("together", () => {
  it("outside a transaction, starts every read at once and keeps their order in the result", async () => {
    const log: string[] = [];
    const results = await together(database.db, tracedReads(database.db, log));
    expect(results).toEqual([1, 2, "plain"]);
    expect(log.slice(0, 2)).toEqual(["start a", "start b"]);
  });

  it("inside a transaction, runs them one after another", async () => {
    const log: string[] = [];
    const results = await database.db.transaction((tx) => together(tx, tracedReads(tx, log)));
    expect(results).toEqual([1, 2, "plain"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b"]);
  });
});

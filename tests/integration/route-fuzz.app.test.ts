import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import routes from "~/routes";
import type { DatabaseHandle } from "~/services/db/client.server";
import { startAppHandler, type AppHandler } from "../setup/app-handler";
import { createTestDatabase } from "../setup/test-database";

/**
 * Walks the route table (app/routes.ts), so a route added later is covered without editing this test, and sends
 * every route junk: GET with junk query strings and NUL bytes; POST with an empty body, a JSON body, a text/plain
 * body, broken multipart, a duplicated field, a NUL byte and a 100 KB field. No answer may be a 5xx, and a refused
 * request (4xx) may not write a row.
 *
 * The app runs as the dev server runs it (tests/setup/app-handler.ts), over a test database.
 */

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every path pattern of the table, children joined to their parents. */
function routePatterns(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [...(entry.path !== undefined || entry.index ? [path] : []), ...routePatterns(entry.children ?? [], path)];
  });
}

/** A concrete path for a pattern: each parameter gets `value` (optional ones too), a splat gets `splat`. */
function fill(pattern: string, value: string, splat = value): string {
  const path = pattern
    .split("/")
    .map((segment) => (segment === "*" ? splat : segment.startsWith(":") ? value : segment))
    .join("/");
  return `/${path}`;
}

const STORE = "http://store.test";
const BIG = "x".repeat(100 * 1024);
const BOUNDARY = "----lenslanefuzz";

const postBodies: Array<{ name: string; headers: Record<string, string>; body?: string }> = [
  { name: "an empty body", headers: {} },
  { name: "a JSON body", headers: { "content-type": "application/json" }, body: '{"intent":"x","email":"a@b.co"}' },
  { name: "a text/plain body", headers: { "content-type": "text/plain" }, body: "intent=save-card&cardNumber=1" },
  {
    name: "broken multipart",
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave`,
  },
  {
    name: "a duplicated field",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "intent=new-address&intent=save-card&state=ID&state=CA&country=US&country=CA&email=a%40b.co&email=c%40d.co",
  },
  {
    name: "a NUL byte",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "intent=guest&email=a%00%40b.co&firstName=%00&address1=1%00Main&groupId=%00&returnTo=%2F",
  },
  {
    // `country[]` and `country[0]` make Conform read one field as a list (an address form once answered 500).
    name: "a field in two bracketed spellings",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "country[]=a&country[0]=b&country.code=US&firstName=Ann&lastName=Lee&address1=12+Main+St&city=Boise&state=ID&postalCode=83702",
  },
  {
    // A form whose list fields are missing (rapid reorder's quantities once answered 500).
    name: "a form missing its list fields",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "intent=update-totals&addressId=1&shippingLevel=0&paymentMethodId=1&quantities.x=2",
  },
  {
    name: "a 3 KB field",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `intent=create-account&email=a%40b.co&firstName=${"y".repeat(3000)}&returnTo=%2F&password=${"z".repeat(3000)}`,
  },
  {
    name: "a 100 KB field",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: `intent=guest&email=a%40b.co&firstName=${BIG}`,
  },
];

/** Malformed ones are cleared by a redirect before any loader runs; the last reaches the loaders. */
const junkQueries = [
  "?%ZZ",
  "?q=%00&page=%00&id=%00",
  `?a=1&a=2&a[]=3&page=-1&pageSize=1e9&id=%27--&sort=%3Cscript%3E&q=${"%F0%9F%98%80".repeat(400)}`,
];

let database: DatabaseHandle;
let app: AppHandler;
const handle = (request: Request) => app.handle(request);

/** Rows in every table of the public schema: a refused request must leave this unchanged. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await database.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const rows = "rows" in (tables as object) ? (tables as { rows: unknown }).rows : tables;
  const names = (rows as Array<{ name: string }>).map((row) => row.name);
  const union = names.map((name) => `select '${name}' as name, count(*)::int as n from "${name}"`).join(" union all ");
  const counts = await database.db.execute<{ name: string; n: number }>(sql.raw(union));
  const list = ("rows" in (counts as object) ? (counts as { rows: unknown }).rows : counts) as Array<{
    name: string;
    n: number;
  }>;
  return Object.fromEntries(list.map((row) => [row.name, Number(row.n)]));
}

function changed(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.keys(after).filter((name) => after[name] !== before[name]);
}

beforeAll(async () => {
  // React Router reports undecodable paths on the console; the answers are what this test checks.
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  database = await createTestDatabase();
  app = await startAppHandler(database);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const patterns = [...new Set(routePatterns(routes as RouteEntry[]))];

describe("every route in the table", () => {
  it("has routes to walk", () => {
    expect(patterns.length).toBeGreaterThan(100);
    expect(patterns).toContain("lens/:name");
  });

  it("answers GET with junk query strings and NUL bytes without a server error", async () => {
    const failures: string[] = [];
    for (const pattern of patterns) {
      const paths = new Set([fill(pattern, "1"), fill(pattern, "%00", "x/%00"), fill(pattern, "a%ZZ")]);
      for (const path of paths) {
        for (const query of ["", ...junkQueries]) {
          const response = await handle(new Request(`${STORE}${path}${query}`));
          await response.arrayBuffer();
          if (response.status >= 500) failures.push(`GET ${path}${query.slice(0, 40)} → ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it("answers POST with bodies it can't take with a 4xx, never a 5xx, and writes nothing", async () => {
    const failures: string[] = [];
    // Rows are counted around each route's batch: when the whole batch was refused, nothing may have changed.
    const post = async (path: string, { name, headers, body }: (typeof postBodies)[number]) => {
      const response = await handle(new Request(`${STORE}${path}`, { method: "POST", headers, body }));
      await response.arrayBuffer();
      if (response.status >= 500) failures.push(`POST ${path} with ${name} → ${response.status}`);
      return response.status;
    };
    for (const pattern of patterns) {
      for (const path of new Set([fill(pattern, "1"), fill(pattern, "%00")])) {
        const before = await rowCounts();
        const statuses = [];
        for (const body of postBodies) statuses.push(await post(path, body));
        const tables = changed(before, await rowCounts());
        if (tables.length === 0) continue;
        if (statuses.every((status) => status >= 400)) {
          failures.push(`POST ${path}: refused requests wrote to ${tables}`);
          continue;
        }
        // Some answer went through: find out which request wrote, one at a time.
        for (const body of postBodies) {
          const each = await rowCounts();
          const status = await post(path, body);
          const written = changed(each, await rowCounts());
          if (status >= 400 && written.length > 0) {
            failures.push(`POST ${path} with ${body.name} → ${status} wrote to ${written}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

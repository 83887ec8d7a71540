import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REBATE_RULES } from "~/models/rebates";
import * as rebateApi from "~/routes/api.rebates.order.$orderNumber";
import * as detailsPage from "~/routes/order-history.$orderNumber";
import * as thankYouPage from "~/routes/thank-you";
import { createAuthSession, createCustomer } from "~/services/accounts/auth/accounts.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { orderGroups, orderLines, orders, skus } from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { eq } from "drizzle-orm";
import { orderRow, TORIC } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, runThroughMiddleware } from "../setup/test-context";

/**
 * GET api/rebates/order/{orderNumber}: the order's mail-in rebate form as a PDF, to its customer only. The PDF is
 * read back as text with poppler's pdftotext, as a person would read the printed form.
 */

const run = promisify(execFile);
let database: DatabaseHandle;
let services: AppServices;
let workDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  workDir = await mkdtemp(join(tmpdir(), "rebate-form-"));
});
afterAll(async () => {
  await database?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

let counter = 0;
async function shopper() {
  const customer = await createCustomer(database.db, {
    email: `rebate.${++counter}@example.com`,
    password: "correct horse battery",
    firstName: "Ann",
    lastName: "Lee",
  });
  const token = await createAuthSession(database.db, customer.id, "password", false);
  const { session } = await services.sessions.getSession(null);
  session.set("authSessionId", token);
  const cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
  return { id: customer.id, cookie };
}

/** An order of the Acuvue toric lens, `boxes` per eye, taken at `createdAt`, with the rebate it recorded. */
async function acuvueOrder(
  customerId: number,
  orderNumber: string,
  boxes: number,
  rebateCents: number,
  createdAt: string,
) {
  const [order] = await database.db
    .insert(orders)
    .values(orderRow(customerId, orderNumber, { rebateCents, createdAt: new Date(createdAt) }))
    .returning();
  const [group] = await database.db
    .insert(orderGroups)
    .values({ orderId: order!.id, position: 0, type: "Lens", patient: { firstName: "Ann", lastName: "Lee" } })
    .returning();
  const [sku] = await database.db.select({ upc: skus.upc }).from(skus).where(eq(skus.productId, TORIC.productId));
  await database.db.insert(orderLines).values(
    ["right", "left"].map((whichEye) => ({
      orderGroupId: group!.id,
      whichEye,
      productId: TORIC.productId,
      productName: TORIC.displayName,
      upc: sku!.upc,
      quantity: boxes,
      unitPriceCents: 4000,
      selectedParameters: { power: "-1.00" },
    })),
  );
}

async function download(orderNumber: string, cookie?: string): Promise<Response> {
  const request = new Request(`http://store.test/api/rebates/order/${orderNumber}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  return runThroughMiddleware(services, request, async (context) =>
    rebateApi.loader({ request, params: { orderNumber }, context } as never),
  );
}

async function pdfText(response: Response): Promise<string> {
  const file = join(workDir, `form-${++counter}.pdf`);
  await writeFile(file, Buffer.from(await response.arrayBuffer()));
  await run("pdftotext", ["-layout", file, `${file}.txt`]);
  return (await readFile(`${file}.txt`, "utf8")).replace(/\s+/g, " ");
}

async function expectNotFound(response: Response) {
  expect(response.status).toBe(404);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({ error: expect.stringContaining("no rebate form") });
}

describe("GET api/rebates/order/{orderNumber}", () => {
  it("gives the order's customer the form: order, customer, product with boxes and amount, deadline and rules", async () => {
    const ann = await shopper();
    await acuvueOrder(ann.id, "LLREBATE1", 2, 5000, "2026-08-03T17:00:00Z");
    const response = await download("LLREBATE1", ann.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="rebate_LLREBATE1.pdf"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await pdfText(response);
    expect(text).toContain("Order number: LLREBATE1");
    expect(text).toContain("Order date: Aug 3, 2026");
    expect(text).toContain("Ann Lee");
    expect(text).toContain("12 Main St");
    expect(text).toContain("Boise, ID 83702");
    expect(text).toContain("Acuvue mail-in rebate: $50.00");
    expect(text).toContain(`${TORIC.displayName}: 4 boxes`);
    expect(text).toContain("Postmark deadline: Jan 28, 2027");
    for (const rule of REBATE_RULES) expect(text).toContain(rule);
  });

  it("dates the deadline from the first half of the year too", async () => {
    const ann = await shopper();
    await acuvueOrder(ann.id, "LLREBATE2", 4, 10000, "2026-03-10T17:00:00Z");
    const text = await pdfText(await download("LLREBATE2", ann.cookie));
    expect(text).toContain("Acuvue mail-in rebate: $100.00");
    expect(text).toContain(`${TORIC.displayName}: 8 boxes`);
    expect(text).toContain("Postmark deadline: Jul 28, 2026");
  });

  it("is the same 404 for another customer's order, an unknown order, a signed-out caller and an order without a rebate", async () => {
    const ann = await shopper();
    const bob = await shopper();
    await acuvueOrder(ann.id, "LLREBATE3", 2, 5000, "2026-08-03T17:00:00Z");
    await acuvueOrder(ann.id, "LLNOREBATE", 1, 0, "2026-08-03T17:00:00Z");
    await expectNotFound(await download("LLREBATE3", bob.cookie));
    await expectNotFound(await download("LLUNKNOWN9", ann.cookie));
    await expectNotFound(await download("LLREBATE3"));
    await expectNotFound(await download("LLNOREBATE", ann.cookie));
    expect((await download("LLREBATE3", ann.cookie)).status).toBe(200);
  });
});

describe("a guest's order", () => {
  it("downloads in the browser session that placed it, and nowhere else", async () => {
    const guest = await createCustomer(database.db, {
      email: `guest.${++counter}@example.com`,
      firstName: "Ann",
      lastName: "Lee",
    });
    await acuvueOrder(guest.id, "LLGUEST1", 2, 5000, "2026-08-03T17:00:00Z");
    const { session } = await services.sessions.getSession(null);
    session.set("journey", { placedOrderNumbers: ["LLGUEST1"] });
    const placer = (await services.sessions.commitSession(session)).split(";")[0]!;
    const response = await download("LLGUEST1", placer);
    expect(response.status).toBe(200);
    expect(await pdfText(response)).toContain("Order number: LLGUEST1");
    const stranger = (await services.sessions.commitSession((await services.sessions.getSession(null)).session)).split(
      ";",
    )[0]!;
    await expectNotFound(await download("LLGUEST1", stranger));
  });
});

describe("the order pages' link to the form", () => {
  async function pageData(handler: (args: never) => unknown, path: string, cookie: string, params = {}) {
    const request = new Request(`http://store.test${path}`, { headers: { Cookie: cookie } });
    const context = await createRequestContext(services, request);
    return (await handler({ request, params, context } as never)) as { rebateFormPath: string | null };
  }

  it("is on the order details and thank-you pages of an order with a mail-in rebate, and only then", async () => {
    const ann = await shopper();
    await acuvueOrder(ann.id, "LLREBATE4", 2, 5000, "2026-08-03T17:00:00Z");
    await acuvueOrder(ann.id, "LLNOREBATE2", 1, 0, "2026-08-03T17:00:00Z");
    for (const [orderNumber, expected] of [
      ["LLREBATE4", "/api/rebates/order/LLREBATE4"],
      ["LLNOREBATE2", null],
    ] as const) {
      const details = await pageData(detailsPage.loader, `/account/order-history/${orderNumber}`, ann.cookie, {
        orderNumber,
      });
      expect(details.rebateFormPath, orderNumber).toBe(expected);
      const thanks = await pageData(thankYouPage.loader, `/thank-you?oid=${orderNumber}`, ann.cookie);
      expect(thanks.rebateFormPath, orderNumber).toBe(expected);
    }
  });
});

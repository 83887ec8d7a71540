import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as catalogAction, loader as catalogLoader } from "~/routes/api.catalog";
import { action as productAction, loader as productLoader } from "~/routes/api.catalog.$id";
import { action as matchAction, loader as matchLoader } from "~/routes/api.catalog.$id.match";
import { action as parametersAction, loader as parametersLoader } from "~/routes/api.catalog.$id.parameters";
import { action as upcAction, loader as upcLoader } from "~/routes/api.catalog.upc.$upc";
import { action as discontinuedAction, loader as discontinuedLoader } from "~/routes/api.catalog.upc.$upc.discontinued";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { skus } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware } from "../setup/test-context";
import { expectConforms } from "../setup/openapi-conformance";

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

type Handler = (args: never) => unknown;

/** Calls a loader or action through the root middleware, as the server does, and gives back its Response. */
async function call(
  handler: Handler,
  path: string,
  params: Record<string, string> = {},
  init?: RequestInit,
): Promise<Response> {
  const request = new Request(`http://store.test${path}`, init);
  const response = await runThroughMiddleware(
    services,
    request,
    async (context) => (await handler({ request, params, context } as never)) as Response,
  );
  expect(response, path).toBeInstanceOf(Response);
  // Every answer matches the OpenAPI document (decision 40).
  await expectConforms(init?.method ?? "GET", path, response);
  return response;
}

/** Asserts the status and a JSON Content-Type, and gives back the body. */
async function json<T = Record<string, unknown>>(response: Response, status: number): Promise<T> {
  expect(response.status).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  return (await response.json()) as T;
}

async function expectError(response: Response, status: number, message?: string | RegExp) {
  const body = await json<{ error: string }>(response, status);
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.length).toBeGreaterThan(0);
  if (message) expect(body.error).toMatch(message);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
}

const seedProduct = (productId: number) => seedProducts.find((product) => product.productId === productId)!;
const hidden = seedProducts.find((product) => product.isHidden)!;
const discontinued = seedProducts.find((product) => product.discontinuedInCatalog && !product.isHidden)!;
const toric = seedProducts.find((product) => product.parameters.some((parameter) => parameter.name === "cylinder"))!;
const solution = seedProducts.find((product) => product.productType === "solution" && !product.isHidden)!;

const canonical = (parameters: Record<string, string>) => JSON.stringify(parameters, Object.keys(parameters).sort());

/** The SKU row stored for a combination, found by comparing its parameters (not by the lookup key). */
async function skuRowFor(productId: number, parameters: Record<string, string>) {
  const rows = await database.db.select().from(skus).where(eq(skus.productId, productId));
  return rows.find((row) => canonical(row.parameters) === canonical(parameters));
}

/** A toric combination: power, base curve, diameter, cylinder, axis — the n-th option of each where it exists. */
function toricSelection(n = 0): Record<string, string> {
  return Object.fromEntries(
    toric.parameters.map((parameter) => [
      parameter.name,
      parameter.options[Math.min(n, parameter.options.length - 1)]!.value,
    ]),
  );
}
const query = (selection: Record<string, string>) => new URLSearchParams(selection).toString();

describe("the seeded catalog has what these tests need", () => {
  it("has a hidden, a discontinued, a toric and a solution product", () => {
    expect(hidden && discontinued && toric && solution).toBeTruthy();
    expect(toric.parameters.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(["power", "baseCurve", "cylinder", "axis"]),
    );
  });
});

describe("GET /api/catalog", () => {
  it("lists the products with a public page, priced in the control book by default, publicly cacheable", async () => {
    const response = await call(catalogLoader, "/api/catalog");
    const body = await json<{ priceBook: string; products: Array<Record<string, unknown>> }>(response, 200);
    expect(response.headers.get("Cache-Control")).toMatch(/public.*s-maxage/);
    expect(body.priceBook).toBe("none");

    const listed = new Set(body.products.map((product) => product.productId));
    for (const product of seedProducts) {
      expect(listed.has(product.productId), product.vanityUrl).toBe(
        !product.isHidden && !product.discontinuedInCatalog,
      );
    }

    const oasys = body.products.find((product) => product.productId === 1001)!;
    expect(oasys).toEqual({
      productId: 1001,
      vanityUrl: "acuvue-oasys-1-day-90-pack",
      url: "/lens/acuvue-oasys-1-day-90-pack",
      productType: 1,
      displayName: seedProduct(1001).displayName,
      brand: "Acuvue",
      categories: seedProduct(1001).categories,
      imageUrl: "/images/products/acuvue-oasys-1-day-90-pack.svg",
      price: seedProduct(1001).prices.control,
    });
    const care = body.products.find((product) => product.productId === solution.productId)!;
    expect(care.productType).toBe(2);
    expect(care.url).toBe(`/contact-lens-solution/${solution.vanityUrl}`);
  });

  it("prices the catalog in the price book asked for, under either spelling", async () => {
    const priceOf = async (path: string) => {
      const body = await json<{ priceBook: string; products: Array<{ productId: number; price: number }> }>(
        await call(catalogLoader, path),
        200,
      );
      return { priceBook: body.priceBook, price: body.products.find((product) => product.productId === 1001)!.price };
    };
    const { prices } = seedProduct(1001);
    expect(await priceOf("/api/catalog?priceBook=high")).toEqual({ priceBook: "high", price: prices.high });
    expect(await priceOf("/api/catalog?pricebook=low")).toEqual({ priceBook: "low", price: prices.low });
    expect(await priceOf("/api/catalog?priceBook=none")).toEqual({ priceBook: "none", price: prices.control });
    expect(new Set([prices.high, prices.low, prices.control]).size).toBe(3);
  });

  it("answers 400 to an unknown price book", async () => {
    for (const path of ["/api/catalog?priceBook=premium", "/api/catalog?pricebook=HIGH", "/api/catalog?priceBook="]) {
      await expectError(await call(catalogLoader, path), 400, /price book/i);
    }
  });
});

describe("GET /api/catalog/:id", () => {
  it("gives a product with its price in the book asked for, its supply and parameters", async () => {
    const response = await call(productLoader, "/api/catalog/1001?priceBook=high", { id: "1001" });
    const body = await json(response, 200);
    expect(response.headers.get("Cache-Control")).toMatch(/public.*s-maxage/);
    const seeded = seedProduct(1001);
    expect(body).toMatchObject({
      productId: 1001,
      vanityUrl: seeded.vanityUrl,
      url: "/lens/acuvue-oasys-1-day-90-pack",
      productType: 1,
      displayName: seeded.displayName,
      displayNameSubHeading: seeded.displayNameSubHeading,
      brand: "Acuvue",
      manufacturerName: expect.any(String),
      categories: seeded.categories,
      descriptorPackSize: seeded.descriptorPackSize,
      supply: {
        wearTime: seeded.wearTimeDays,
        quantityPerPackage: seeded.quantityPerPackage,
        maximumQuantity: seeded.maximumQuantity,
      },
      isPrivateLabel: false,
      discontinuedInCatalog: false,
      isHidden: false,
      allowsAutoReorder: seeded.allowsAutoReorder,
      price: seeded.prices.high,
      imageUrl: "/images/products/acuvue-oasys-1-day-90-pack.svg",
    });
    const parameters = body.parameters as Array<{ name: string; displayName: string; options: unknown[] }>;
    expect(parameters.map((parameter) => parameter.name)).toEqual(seeded.parameters.map((p) => p.name));
    expect(parameters[0]).toMatchObject({ name: "power", displayName: "Power/sphere" });

    const control = await json(await call(productLoader, "/api/catalog/1001", { id: "1001" }), 200);
    expect(control.price).toBe(seeded.prices.control);
    expect(control.price).not.toBe(body.price);
  });

  it("still gives a discontinued product (its page exists to say so), marked discontinued", async () => {
    const id = String(discontinued.productId);
    const body = await json(await call(productLoader, `/api/catalog/${id}`, { id }), 200);
    expect(body.discontinuedInCatalog).toBe(true);
  });

  it("answers 400 to an id that is not 1 to 6 digits, or an unknown price book", async () => {
    for (const id of ["abc", "1234567", "-1", "10.5", "", "1001 "]) {
      await expectError(await call(productLoader, `/api/catalog/${encodeURIComponent(id)}`, { id }), 400, /1 to 6/);
    }
    await expectError(await call(productLoader, "/api/catalog/1001?priceBook=vip", { id: "1001" }), 400, /price/);
  });

  it("answers 404 to an unknown or hidden product", async () => {
    for (const id of ["999998", String(hidden.productId)]) {
      await expectError(await call(productLoader, `/api/catalog/${id}`, { id }), 404, /No product/);
    }
  });
});

describe("GET /api/catalog/:id/parameters", () => {
  it("gives the parameters of a toric lens with their options, in display order", async () => {
    const id = String(toric.productId);
    const response = await call(parametersLoader, `/api/catalog/${id}/parameters`, { id });
    const body = await json<{
      productId: number;
      parameters: Array<{ name: string; displayName: string; options: Array<{ value: string; label: string }> }>;
    }>(response, 200);
    expect(response.headers.get("Cache-Control")).toMatch(/public.*s-maxage/);
    expect(body.productId).toBe(toric.productId);
    expect(body.parameters.map((parameter) => parameter.name)).toEqual(toric.parameters.map((p) => p.name));
    const cylinder = body.parameters.find((parameter) => parameter.name === "cylinder")!;
    expect(cylinder.displayName).toBe("CYL");
    expect(cylinder.options).toEqual(toric.parameters.find((p) => p.name === "cylinder")!.options);
  });

  it("gives an empty list for a solution", async () => {
    const id = String(solution.productId);
    const body = await json(await call(parametersLoader, `/api/catalog/${id}/parameters`, { id }), 200);
    expect(body).toEqual({ productId: solution.productId, parameters: [] });
  });

  it("answers 400 to a bad id and 404 to an unknown or hidden product", async () => {
    await expectError(await call(parametersLoader, "/api/catalog/x1/parameters", { id: "x1" }), 400);
    for (const id of ["999998", String(hidden.productId)]) {
      await expectError(await call(parametersLoader, `/api/catalog/${id}/parameters`, { id }), 404);
    }
  });
});

describe("GET /api/catalog/:id/match", () => {
  const id = () => String(toric.productId);
  const match = (search: string, productId = id()) =>
    call(matchLoader, `/api/catalog/${productId}/match?${search}`, { id: productId });

  it("resolves a complete toric combination to the UPC stored for it, never cached", async () => {
    const selection = toricSelection(1);
    const stored = await skuRowFor(toric.productId, selection);
    expect(stored).toBeDefined();
    const response = await match(query(selection));
    expect(await json(response, 200)).toEqual({
      upc: stored!.upc,
      isActive: stored!.isActive,
      stockQuantity: stored!.stockQuantity,
    });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("resolves a solution, which has no parameters, with an empty query", async () => {
    const productId = String(solution.productId);
    const stored = await skuRowFor(solution.productId, {});
    const body = await json(await match("", productId), 200);
    expect(body.upc).toBe(stored!.upc);
  });

  it("answers 400 until every parameter is selected (spec 5)", async () => {
    const { axis: _axis, ...withoutAxis } = toricSelection();
    await expectError(await match(query(withoutAxis)), 400, "All parameters must be selected before looking up a UPC.");
    await expectError(
      await match(query({ ...toricSelection(), axis: "none" })),
      400,
      "All parameters must be selected before looking up a UPC.",
    );
    await expectError(await match(""), 400, "All parameters must be selected before looking up a UPC.");
  });

  it("answers 400 naming a query key that is not one of the product's parameters", async () => {
    await expectError(await match(query({ ...toricSelection(), sphere: "-2.00" })), 400, /"sphere"/);
    const { cylinder, axis } = toricSelection();
    const spherical = seedProduct(1001);
    const sphericalQuery = query({
      ...Object.fromEntries(spherical.parameters.map((p) => [p.name, p.options[0]!.value])),
      cylinder: cylinder!,
      axis: axis!,
    });
    await expectError(await match(sphericalQuery, "1001"), 400, /"cylinder"/);
  });

  it("answers 400 to a parameter given twice or a value that is not one of its options", async () => {
    await expectError(await match(`${query(toricSelection())}&axis=20`), 400, /"axis".*more than once/);
    await expectError(await match(query({ ...toricSelection(), axis: "15" })), 400, /"15".*"axis"/);
    await expectError(await match(query({ ...toricSelection(), power: "-2.13" })), 400, /"-2.13".*"power"/);
  });

  it("answers 404 to a complete, valid combination for which no lens is made", async () => {
    const selection = toricSelection(2);
    const stored = await skuRowFor(toric.productId, selection);
    await database.db.delete(skus).where(and(eq(skus.productId, toric.productId), eq(skus.upc, stored!.upc)));
    const body = await json(await match(query(selection)), 404);
    expect(body).toEqual({ error: "No lens is made with these parameters." });
  });

  it("answers 400 to a bad id and 404 to an unknown or hidden product", async () => {
    await expectError(await match(query(toricSelection()), "1234567"), 400);
    await expectError(await match(query(toricSelection()), "999998"), 404);
    const hiddenQuery = query(Object.fromEntries(hidden.parameters.map((p) => [p.name, p.options[0]!.value])));
    await expectError(await match(hiddenQuery, String(hidden.productId)), 404);
  });
});

describe("GET /api/catalog/upc/:upc", () => {
  it("gives the SKU's product, parameters, stock and whether it is discontinued", async () => {
    const selection = toricSelection(3);
    const stored = (await skuRowFor(toric.productId, selection))!;
    const response = await call(upcLoader, `/api/catalog/upc/${stored.upc}`, { upc: stored.upc });
    expect(await json(response, 200)).toEqual({
      upc: stored.upc,
      productId: toric.productId,
      parameters: selection,
      isActive: true,
      stockQuantity: stored.stockQuantity,
      discontinued: false,
    });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("answers 400 to a UPC that is not 11 to 14 digits and 404 to an unknown one", async () => {
    for (const upc of ["1234567890", "123456789012345", "12345678901a", "abc"]) {
      await expectError(await call(upcLoader, `/api/catalog/upc/${upc}`, { upc }), 400, /11 to 14 digits/);
    }
    await expectError(await call(upcLoader, "/api/catalog/upc/000000000000", { upc: "000000000000" }), 404);
  });
});

describe("GET /api/catalog/upc/:upc/discontinued", () => {
  const discontinuedOf = (upc: string) => call(discontinuedLoader, `/api/catalog/upc/${upc}/discontinued`, { upc });

  it("is false for an active SKU of a product in the catalog", async () => {
    const stored = (await skuRowFor(toric.productId, toricSelection(4)))!;
    expect(await json(await discontinuedOf(stored.upc), 200)).toEqual({ upc: stored.upc, discontinued: false });
  });

  it("is true when the product is discontinued in the catalog", async () => {
    const [row] = await database.db.select().from(skus).where(eq(skus.productId, discontinued.productId)).limit(1);
    expect(await json(await discontinuedOf(row!.upc), 200)).toEqual({ upc: row!.upc, discontinued: true });
    const upc = await json(await call(upcLoader, `/api/catalog/upc/${row!.upc}`, { upc: row!.upc }), 200);
    expect(upc.discontinued).toBe(true);
  });

  it("is true when the SKU is inactive, though its product is not discontinued", async () => {
    const stored = (await skuRowFor(toric.productId, toricSelection(5)))!;
    await database.db.update(skus).set({ isActive: false }).where(eq(skus.upc, stored.upc));
    expect(await json(await discontinuedOf(stored.upc), 200)).toEqual({ upc: stored.upc, discontinued: true });
  });

  it("answers 400 to a malformed UPC and 404 to an unknown one", async () => {
    await expectError(await discontinuedOf("12-34"), 400, /11 to 14 digits/);
    await expectError(await discontinuedOf("99999999999999"), 404);
  });
});

describe("methods other than GET", () => {
  it("are answered 405 with Allow: GET, never a 500", async () => {
    const cases: Array<[Handler, string, Record<string, string>]> = [
      [catalogAction, "/api/catalog", {}],
      [productAction, "/api/catalog/1001", { id: "1001" }],
      [parametersAction, "/api/catalog/1001/parameters", { id: "1001" }],
      [matchAction, "/api/catalog/1001/match", { id: "1001" }],
      [upcAction, "/api/catalog/upc/700100100001", { upc: "700100100001" }],
      [discontinuedAction, "/api/catalog/upc/700100100001/discontinued", { upc: "700100100001" }],
    ];
    for (const [action, path, params] of cases) {
      for (const method of ["POST", "PUT", "DELETE"]) {
        const response = await call(action, path, params, { method, body: "x=1" });
        await expectError(response, 405, /Only GET/);
        expect(response.headers.get("Allow")).toBe("GET, HEAD");
      }
    }
  });
});

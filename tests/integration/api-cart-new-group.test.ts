import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderChoices } from "~/models/product-order";
import * as cartRoute from "~/routes/api.cart";
import { findOperation, openApiDocument } from "~/services/api/openapi/document.server";
import { type cartResponseSchema, modifiedCartResponseSchema } from "~/services/api/schemas/cart-api";
import { findProductDetail } from "~/services/catalog/catalog.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { carts, lineItemGroups } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import type { AppServices } from "~/services/platform/context.server";
import { apiCaller, cookieAfter, customerWithToken, expectError, json, stockedSku } from "../setup/api-client";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices } from "../setup/test-context";

// Issue 25: an app builds a cart as the spec's call does, with POST api/cart and new groups (spec 1 §6 "POST
// api/cart | the modified cart"): from no cart at all (version 0), for a signed-in client (bearer token) and a guest
// browser (its cookie then holds the cart); and the OpenAPI document says so. Every answer is checked against the
// document by apiCaller.

let database: DatabaseHandle;
let services: AppServices;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  call = apiCaller(services);
});
afterAll(async () => {
  await database.close();
});

const oasys = seedProducts.find((product) => product.vanityUrl === "acuvue-oasys-6-pack")!;
const solution = seedProducts.find((product) => product.vanityUrl === "clear-care-plus-3-pack")!;

async function firstQuantity(productId: number) {
  return orderChoices((await findProductDetail(database.db, { productId }, "none"))!).quantityOptions[0]!;
}

/** A new lens group for both eyes (stocked parameters), as an app names it. */
async function newLensGroup(extra: Record<string, unknown> = {}) {
  const [right, left] = [
    await stockedSku(database, oasys.productId, 2),
    await stockedSku(database, oasys.productId, 3),
  ];
  const quantity = await firstQuantity(oasys.productId);
  return {
    group: {
      lineItems: [
        { productId: oasys.productId, whichEye: "Right", parameters: right.parameters, quantity },
        { productId: oasys.productId, whichEye: "Left", parameters: left.parameters, quantity },
      ],
      ...extra,
    },
    upcs: [right.upc, left.upc],
  };
}

type Cart = ReturnType<typeof cartResponseSchema.parse>;
const postCart = (body: unknown, options: { token?: string; cookie?: string } = {}) =>
  call(cartRoute.action, "/api/cart", { ...options, body });

describe("POST api/cart with new groups", () => {
  it("builds a signed-in app's cart from nothing: version 0, a lens group and a solution group", async () => {
    const { customer, token } = await customerWithToken(database);
    const empty = await json<Cart>(await call(cartRoute.loader, "/api/cart", { token }), 200);
    expect(empty).toMatchObject({ cartId: null, lineItemGroups: [] });

    const { group, upcs } = await newLensGroup({ autoReorder: { reorderFrequencyInDays: 90 } });
    const care = { lineItems: [{ productId: solution.productId, quantity: await firstQuantity(solution.productId) }] };
    const cart = modifiedCartResponseSchema.parse(
      await json(await postCart({ version: empty.version, lineItemGroups: [group, care] }, { token }), 200),
    );
    expect(cart.cartId).not.toBeNull();
    expect(cart.lineItemGroups.map((added) => added.type)).toEqual(["Lens", "Solution"]);
    expect(cart.addedLineItemGroupIds).toEqual(cart.lineItemGroups.map((added) => added.id));
    expect(cart.lineItemGroups[0]!.lineItems.map((line) => [line.whichEye, line.upc])).toEqual([
      ["Right", upcs[0]],
      ["Left", upcs[1]],
    ]);
    expect(cart.lineItemGroups[0]!.autoReorder).toEqual({ reorderFrequencyInDays: 90 });
    const [row] = await database.db.select().from(carts).where(eq(carts.id, cart.cartId!));
    expect(row!.customerId).toBe(customer.id);

    // The cart the app reads next is that one.
    const read = await json<Cart>(await call(cartRoute.loader, "/api/cart", { token }), 200);
    expect(read.cartId).toBe(cart.cartId);
    expect(read.lineItemGroups).toHaveLength(2);
  });

  it("starts a guest browser's cart, whose cookie then holds it; lenses may come without a prescription", async () => {
    const { group } = await newLensGroup({ prescriptionLater: true });
    const lines = group.lineItems.map(({ parameters: _parameters, ...line }) => line);
    const response = await postCart({ version: 0, lineItemGroups: [{ ...group, lineItems: lines }] });
    const cart = modifiedCartResponseSchema.parse(await json(response, 200));
    const cookie = cookieAfter(response, "");
    expect(cookie).toMatch(/^session=/);
    expect(cart.lineItemGroups[0]!.lineItems.map((line) => line.upc)).toEqual([null, null]);
    const read = await json<Cart>(await call(cartRoute.loader, "/api/cart", { cookie }), 200);
    expect(read.cartId).toBe(cart.cartId);
  });

  it("refuses a new group at a version other than 0 when there is no cart, and adds nothing", async () => {
    const { token, customer } = await customerWithToken(database);
    const { group } = await newLensGroup();
    const refused = await expectError(await postCart({ version: 4, lineItemGroups: [group] }, { token }), 409);
    expect(refused.version).toBe(0);
    expect(await database.db.select().from(carts).where(eq(carts.customerId, customer.id))).toEqual([]);
    const before = (await database.db.select({ id: lineItemGroups.id }).from(lineItemGroups)).length;
    await expectError(
      await postCart(
        { version: 0, lineItemGroups: [{ lineItems: [group.lineItems[0], group.lineItems[0]] }] },
        { token },
      ),
      400,
      /one line per eye/,
    );
    expect((await database.db.select({ id: lineItemGroups.id }).from(lineItemGroups)).length).toBe(before);
  });

  it("is described in the OpenAPI document: a group without an id is a new one", async () => {
    const operation = findOperation("POST", "/api/cart")!;
    expect(operation.summary).toMatch(/new groups/);
    const { group } = await newLensGroup();
    expect(operation.body!.safeParse({ version: 0, lineItemGroups: [group] }).success).toBe(true);
    const document = openApiDocument({ version: "test" });
    const body = JSON.stringify(document.paths["/api/cart"]!.post);
    for (const field of ["lineItemGroups", "productId", "whichEye", "parameters", "prescriptionLater", "autoReorder"]) {
      expect(body, field).toContain(`"${field}"`);
    }
    expect(body).toContain("a group without an `id` is a new one");
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderChoices, ORDER_MESSAGES } from "~/models/product-order";
import * as cartRoute from "~/routes/api.cart";
import * as itemsRoute from "~/routes/api.cart.items";
import * as shippingAddressRoute from "~/routes/api.cart.shippingAddress";
import * as quantityRoute from "~/routes/api.lineItemGroups.quantity";
import * as groupRoute from "~/routes/api.lineItemGroups.$id";
import {
  cartItemsResponseSchema,
  cartResponseSchema,
  cartShippingAddressResponseSchema,
  modifiedCartResponseSchema,
} from "~/services/api/schemas/cart-api";
import { addProductToCart } from "~/services/cart/add-to-cart.server";
import { addGroup, createCart } from "~/services/cart/cart.server";
import { findProductDetail } from "~/services/catalog/catalog.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { addresses, carts, products } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import type { AppServices } from "~/services/platform/context.server";
import {
  apiCaller,
  browserCookie,
  cookieAfter,
  customerWithToken,
  expectError,
  json,
  signInBrowser,
  stockedSku,
} from "../setup/api-client";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices } from "../setup/test-context";

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

type Cart = ReturnType<typeof cartResponseSchema.parse>;
const oasys = seedProducts.find((product) => product.vanityUrl === "acuvue-oasys-6-pack")!;
const solution = seedProducts.find((product) => product.vanityUrl === "clear-care-plus-3-pack")!;

async function quantityOptions(productId: number) {
  return orderChoices((await findProductDetail(database.db, { productId }, "none"))!).quantityOptions;
}

/** A both-eyes order of the lens in stocked parameters, as an API client names it. */
async function lensLines(quantity?: number) {
  const [right, left] = [
    await stockedSku(database, oasys.productId, 0),
    await stockedSku(database, oasys.productId, 1),
  ];
  const boxes = quantity ?? (await quantityOptions(oasys.productId))[0]!;
  return {
    lines: [
      { productId: oasys.productId, whichEye: "Right", parameters: right.parameters, quantity: boxes },
      { productId: oasys.productId, whichEye: "Left", parameters: left.parameters, quantity: boxes },
    ],
    upcs: [right.upc, left.upc],
    boxes,
  };
}

const getCart = (options: Parameters<typeof call>[2] = {}) => call(cartRoute.loader, "/api/cart", options);
const postItems = (body: unknown, options: Parameters<typeof call>[2] = {}) =>
  call(itemsRoute.action, "/api/cart/items", { ...options, body });

describe("adding a product through the API", () => {
  it("POST api/cart/items starts a guest's cart (cookie set) with the product page's resolved SKUs", async () => {
    const { lines, upcs, boxes } = await lensLines();
    const response = await postItems({ lineItems: lines });
    const cart = cartItemsResponseSchema.parse(await json(response, 200));
    expect(response.headers.get("Set-Cookie")).toMatch(/^__session|=/);
    expect(cart.addedLineItemGroupIds).toHaveLength(1);
    expect(cart.lineItemGroups[0]!.lineItems.map((line) => [line.whichEye, line.upc, line.quantity])).toEqual([
      ["Right", upcs[0], boxes],
      ["Left", upcs[1], boxes],
    ]);
    const [row] = await database.db.select().from(carts).where(eq(carts.id, cart.cartId!));
    expect(row!.customerId).toBeNull();
    // The cookie now names that cart.
    const again = cartResponseSchema.parse(await json(await getCart({ cookie: cookieAfter(response, "") }), 200));
    expect(again.cartId).toBe(cart.cartId);
  });

  it("refuses what the product page refuses, with its messages, and saves nothing", async () => {
    const { lines } = await lensLines();
    const { token } = await customerWithToken(database);
    const missing = { ...lines[0]!, parameters: {} };
    await expectError(await postItems({ lineItems: [missing] }, { token }), 400, /Choose .* for the right eye\./);
    await expectError(
      await postItems({ lineItems: [{ ...lines[0]!, quantity: 97 }] }, { token }),
      400,
      `Right eye: ${ORDER_MESSAGES.chooseQuantity}`,
    );
    const bad = { ...lines[0]!, parameters: { ...lines[0]!.parameters, power: "+99.00" } };
    await expectError(await postItems({ lineItems: [bad] }, { token }), 400, /isn't available for this lens/);
    await expectError(
      await postItems({ lineItems: [{ ...lines[0]!, parameters: { ...lines[0]!.parameters, tint: "x" } }] }, { token }),
      400,
      /Unknown parameter "tint"/,
    );
    await expectError(await postItems({ lineItems: [lines[0], lines[0]] }, { token }), 400, /one line per eye/);
    await expectError(
      await postItems({ lineItems: lines, autoReorder: { reorderFrequencyInDays: 13 } }, { token }),
      400,
      ORDER_MESSAGES.chooseFrequency,
    );
    await expectError(await postItems({ lineItems: [{ ...lines[0]!, productId: 999_999 }] }, { token }), 400);
    await expectError(await postItems({ lineItems: "x" }, { token }), 400, /lineItems/);
    // A discontinued product.
    await database.db.update(products).set({ discontinuedInCatalog: true }).where(eq(products.id, solution.productId));
    try {
      const [quantity] = await quantityOptions(solution.productId);
      await expectError(
        await postItems({ lineItems: [{ productId: solution.productId, quantity }] }, { token }),
        400,
        ORDER_MESSAGES.discontinued,
      );
    } finally {
      await database.db
        .update(products)
        .set({ discontinuedInCatalog: false })
        .where(eq(products.id, solution.productId));
    }
    expect((await json<Cart>(await getCart({ token }), 200)).cartId).toBeNull();
  });

  it("POST api/cart takes a new group beside the groups it keeps, at the version read", async () => {
    const { customer, token } = await customerWithToken(database);
    const [quantity] = await quantityOptions(solution.productId);
    const first = cartItemsResponseSchema.parse(
      await json(await postItems({ lineItems: [{ productId: solution.productId, quantity }] }, { token }), 200),
    );
    const [row] = await database.db.select().from(carts).where(eq(carts.id, first.cartId!));
    expect(row!.customerId).toBe(customer.id);
    const { lines } = await lensLines();
    const modified = { ...first, lineItemGroups: [...first.lineItemGroups, { lineItems: lines }] };
    const cart = modifiedCartResponseSchema.parse(
      await json(await call(cartRoute.action, "/api/cart", { token, body: modified }), 200),
    );
    expect(cart.lineItemGroups.map((group) => group.type)).toEqual(["Solution", "Lens"]);
    expect(cart.addedLineItemGroupIds).toEqual([cart.lineItemGroups[1]!.id]);
    // The old version is refused, with nothing added.
    const stale = await call(cartRoute.action, "/api/cart", { token, body: modified });
    expect((await expectError(stale, 409)).version).toBe(cart.version);
    await expectError(
      await call(cartRoute.action, "/api/cart", {
        token,
        body: { version: cart.version, lineItemGroups: [{ lineItems: [{ productId: oasys.productId, quantity: 1 }] }] },
      }),
      400,
      /one line per eye/,
    );
    expect((await json<Cart>(await getCart({ token }), 200)).lineItemGroups).toHaveLength(2);
  });
});

describe("PUT api/lineItemGroups/quantity and DELETE api/lineItemGroups/{id}", () => {
  it("changes only the items named and removes a group, under the version rules", async () => {
    const { token } = await customerWithToken(database);
    const { lines } = await lensLines();
    const options = await quantityOptions(oasys.productId);
    const [solutionQuantity] = await quantityOptions(solution.productId);
    await postItems({ lineItems: lines }, { token });
    const cart = cartItemsResponseSchema.parse(
      await json(
        await postItems({ lineItems: [{ productId: solution.productId, quantity: solutionQuantity }] }, { token }),
        200,
      ),
    );
    const [lens, care] = cart.lineItemGroups;
    const right = lens!.lineItems[0]!;
    const put = (body: unknown, options2: Parameters<typeof call>[2] = {}) =>
      call(quantityRoute.action, "/api/lineItemGroups/quantity", { token, method: "PUT", body, ...options2 });

    const changed = cartResponseSchema.parse(
      await json(await put({ lineItemQuantities: [{ id: right.itemId, quantity: options[1] }] }), 200),
    );
    expect(changed.lineItemGroups[0]!.lineItems.map((line) => line.quantity)).toEqual([options[1], options[0]]);
    expect(changed.lineItemGroups).toHaveLength(2);
    // Refusals change nothing.
    await expectError(await put({ lineItemQuantities: [{ id: right.itemId, quantity: 97 }] }), 400, /not offered/);
    await expectError(await put({ lineItemQuantities: [{ id: "nope", quantity: 1 }] }), 400, /not in this cart/);
    await expectError(await put({ lineItemQuantities: [{ id: right.itemId, quantity: -1 }] }), 400, /1 to 99/);
    await expectError(await put({ lineItemQuantities: [] }), 400);
    await expectError(
      await put({ version: cart.version, lineItemQuantities: [{ id: right.itemId, quantity: options[0] }] }),
      409,
    );
    await expectError(
      await put({ lineItemQuantities: [{ id: right.itemId, quantity: 1 }] }, { token: undefined }),
      404,
    );

    const del = (id: string, query = "", options2: Parameters<typeof call>[2] = {}) =>
      call(groupRoute.action, `/api/lineItemGroups/${id}${query}`, {
        token,
        method: "DELETE",
        params: { id },
        ...options2,
      });
    await expectError(await del(care!.id, `?version=${cart.version}`), 409);
    await expectError(await del(care!.id, "?version=x"), 400);
    // Another customer's group is not found, exactly like a missing one.
    const other = await customerWithToken(database, "Bo");
    await expectError(await del(care!.id, "", { token: other.token }), 404);
    await expectError(await del("missing-group"), 404, "There is no such line item group in the cart.");
    const after = cartResponseSchema.parse(await json(await del(care!.id), 200));
    expect(after.lineItemGroups.map((group) => group.id)).toEqual([lens!.id]);
    expect((await call(groupRoute.loader, "/api/lineItemGroups/x")).status).toBe(405);
  });
});

describe("PUT api/cart/shippingAddress", () => {
  const address = {
    firstName: "Ann",
    lastName: "Lee",
    address1: "12 Main St",
    city: "Boise",
    state: "ID",
    postalCode: "83702",
  };
  const put = (body: unknown, options: Parameters<typeof call>[2] = {}) =>
    call(shippingAddressRoute.action, "/api/cart/shippingAddress", { method: "PUT", body, ...options });

  it("needs a signed-in customer with a cart, and a valid address", async () => {
    await expectError(await put({ shippingAddress: address }), 401, "No Customer Available to perform this action");
    const { token } = await customerWithToken(database);
    await expectError(await put({ shippingAddress: address }, { token }), 404, "No cart");
    const [quantity] = await quantityOptions(solution.productId);
    await postItems({ lineItems: [{ productId: solution.productId, quantity }] }, { token });
    await expectError(await put({ shippingAddress: { ...address, postalCode: "1" } }, { token }), 400, /ZIP/);
    await expectError(await put({}, { token }), 400, /Send the address/);
  });

  it("verifies, saves to the cart and the address book, and keeps to the version", async () => {
    const { customer, token } = await customerWithToken(database);
    const [quantity] = await quantityOptions(solution.productId);
    const cart = cartItemsResponseSchema.parse(
      await json(await postItems({ lineItems: [{ productId: solution.productId, quantity }] }, { token }), 200),
    );
    await expectError(await put({ version: cart.version + 3, shippingAddress: address }, { token }), 409);
    // The refused change wrote nothing, not even to the address book.
    expect(await database.db.select().from(addresses).where(eq(addresses.customerId, customer.id))).toEqual([]);
    const saved = cartShippingAddressResponseSchema.parse(
      await json(await put({ version: cart.version, shippingAddress: address }, { token }), 200),
    );
    expect(saved.verification.status).toBe("Verified");
    expect(saved.shippingAddress).toMatchObject({ address1: "12 Main St", postalCode: "83702" });
    const book = await database.db.select().from(addresses).where(eq(addresses.customerId, customer.id));
    expect(book.map((row) => row.address1)).toEqual(["12 Main St"]);
    expect(saved.shippingAddress!.addressId).toBe(book[0]!.id);
    // A differing match comes back as the suggestion; the entry is stored as sent.
    const odd = cartShippingAddressResponseSchema.parse(
      await json(await put({ shippingAddress: { ...address, city: "Nampa" } }, { token }), 200),
    );
    expect(odd.verification).toMatchObject({ status: "NeedsVerification", suggestion: { postalCode: "83702" } });
    expect(odd.shippingAddress).toMatchObject({ city: "Nampa", verificationStatus: "NeedsVerification" });
  });
});

describe("a signed-in shopper's cart belongs to the customer", () => {
  it("the product page's add (addProductToCart) makes the cart the customer's", async () => {
    const { customer } = await customerWithToken(database);
    const { session } = await services.sessions.getSession(null);
    const sku = await stockedSku(database, oasys.productId, 2);
    await addProductToCart(
      database.db,
      session,
      customer.id,
      { productType: 1 },
      [{ whichEye: "right", productId: oasys.productId, upc: sku.upc, quantity: 1, parameters: sku.parameters }],
      null,
    );
    const [row] = await database.db
      .select()
      .from(carts)
      .where(eq(carts.id, session.get("cartId")!));
    expect(row!.customerId).toBe(customer.id);
  });

  it("device A adds to the cart; device B signing in (cookie or bearer token) sees the same cart", async () => {
    const { customer, token } = await customerWithToken(database);
    const deviceA = await signInBrowser(services, customer.id);
    const { lines } = await lensLines();
    const added = await postItems({ lineItems: lines }, { cookie: deviceA });
    const cartA = cartItemsResponseSchema.parse(await json(added, 200));

    const viaToken = cartResponseSchema.parse(await json(await getCart({ token }), 200));
    expect(viaToken.cartId).toBe(cartA.cartId);
    expect(viaToken.lineItemGroups).toHaveLength(1);

    const deviceB = await signInBrowser(services, customer.id);
    const onB = cartResponseSchema.parse(await json(await getCart({ cookie: deviceB }), 200));
    expect(onB.cartId).toBe(cartA.cartId);

    // B adds too: the same cart grows, and A sees it.
    const [quantity] = await quantityOptions(solution.productId);
    await postItems({ lineItems: [{ productId: solution.productId, quantity }] }, { cookie: deviceB });
    const onA = cartResponseSchema.parse(await json(await getCart({ cookie: cookieAfter(added, deviceA) }), 200));
    expect(onA.lineItemGroups.map((group) => group.type)).toEqual(["Lens", "Solution"]);
  });

  it("a device signed in before the cart existed adds to the customer's cart, not a new one", async () => {
    const { customer, token } = await customerWithToken(database);
    const early = await signInBrowser(services, customer.id);
    const { lines } = await lensLines();
    const viaApp = cartItemsResponseSchema.parse(await json(await postItems({ lineItems: lines }, { token }), 200));
    const [quantity] = await quantityOptions(solution.productId);
    const fromBrowser = cartItemsResponseSchema.parse(
      await json(await postItems({ lineItems: [{ productId: solution.productId, quantity }] }, { cookie: early }), 200),
    );
    expect(fromBrowser.cartId).toBe(viaApp.cartId);
    expect(fromBrowser.lineItemGroups).toHaveLength(2);
  });

  it("a guest cart on device B joins the customer's cart on sign-in, by the merge rule (no duplicates)", async () => {
    const { customer, token } = await customerWithToken(database);
    const { lines, upcs, boxes } = await lensLines();
    const owned = cartItemsResponseSchema.parse(await json(await postItems({ lineItems: lines }, { token }), 200));

    // The guest cart: the same lens order (a duplicate) and a solution.
    const guestCartId = await createCart(database.db, null);
    const items = (["right", "left"] as const).map((whichEye, index) => ({
      whichEye,
      productId: oasys.productId,
      upc: upcs[index]!,
      quantity: boxes,
      parameters: {},
    }));
    await addGroup(database.db, guestCartId, { type: "Lens", items, autoReorderFrequencyDays: null });
    const [solutionSku] = [await stockedSku(database, solution.productId, 0)];
    await addGroup(database.db, guestCartId, {
      type: "Solution",
      items: [{ whichEye: "none", productId: solution.productId, upc: solutionSku!.upc, quantity: 1, parameters: {} }],
      autoReorderFrequencyDays: null,
    });

    const deviceB = await signInBrowser(services, customer.id, await browserCookie(services, guestCartId));
    const merged = cartResponseSchema.parse(await json(await getCart({ cookie: deviceB }), 200));
    expect(merged.cartId).toBe(owned.cartId);
    expect(merged.lineItemGroups.map((group) => group.type)).toEqual(["Lens", "Solution"]);
    expect(await database.db.select().from(carts).where(eq(carts.id, guestCartId))).toEqual([]);
    const viaToken = cartResponseSchema.parse(await json(await getCart({ token }), 200));
    expect(viaToken.lineItemGroups).toHaveLength(2);
  });
});

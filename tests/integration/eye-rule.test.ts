import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EYE_RULE_MESSAGES } from "~/models/line-item-group";
import { loader as cartLoader } from "~/routes/cart";
import { action as productAction, loader as productLoader } from "~/routes/product";
import { addEyeItems, addGroup, createCart, type NewLineItem } from "~/services/cart/cart.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { carts, lineItemGroups, lineItems, skus } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import type { AppServices } from "~/services/platform/context.server";
import { isDataWithInit, TORIC, toricSkuPair } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware, settle } from "../setup/test-context";

// Spec 2 §4 eye rule (issue 25): a lens group with one eye needs the other. The cart offers it, the product page
// adds it to that group (addEyeItems, the model's addEyeItem under the cart's lock), and nothing else gets in.

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

const BIOFINITY = seedProducts.find((product) => product.vanityUrl === "biofinity-6-pack")!;
let slot = 0;

/** A cart with one toric lens group for the right eye only (auto-reorder every 90 days): ids and the left SKU. */
async function rightEyeOnly() {
  const [right, left] = await toricSkuPair(database.db, slot++, 50);
  const cartId = await createCart(database.db);
  const groupId = await addGroup(database.db, cartId, {
    type: "Lens",
    autoReorderFrequencyDays: 90,
    items: [{ whichEye: "right", productId: TORIC.productId, upc: right, quantity: 1, parameters: { power: "-1.00" } }],
  });
  await database.db
    .update(lineItemGroups)
    .set({ patient: { firstName: "Ann", lastName: "Lee" } })
    .where(eq(lineItemGroups.id, groupId));
  return { cartId, groupId, left };
}

const leftItem = (upc: string, productId = TORIC.productId): NewLineItem => ({
  whichEye: "left",
  productId,
  upc,
  quantity: 1,
  parameters: { power: "-1.25" },
});

const itemsOf = (groupId: string) =>
  database.db.select().from(lineItems).where(eq(lineItems.groupId, groupId)).orderBy(lineItems.whichEye);
const groupRow = async (groupId: string) =>
  (await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.id, groupId)))[0]!;
const versionOf = async (cartId: string) =>
  (await database.db.select({ version: carts.version }).from(carts).where(eq(carts.id, cartId)))[0]!.version;

async function asShopper(cartId: string, path: string, route: (args: never) => unknown, form?: Record<string, string>) {
  const { session } = await services.sessions.getSession(null);
  session.set("cartId", cartId);
  const cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
  const request = new Request(`http://store.test${path}`, {
    method: form ? "POST" : "GET",
    headers: { Cookie: cookie, ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  let result: unknown;
  await runThroughMiddleware(services, request, async (context) => {
    result = await settle(() => route({ request, params: { name: TORIC.vanityUrl }, context } as never) as never);
    return result instanceof Response ? result : new Response(null);
  });
  return result;
}

describe("adding the other eye to a group", () => {
  it("adds the needed eye to the same group, keeping its auto-reorder when the brand is the same", async () => {
    const { cartId, groupId, left } = await rightEyeOnly();
    expect(await addEyeItems(database.db, cartId, groupId, [leftItem(left)])).toEqual({ ok: true });
    expect((await itemsOf(groupId)).map((item) => [item.whichEye, item.classification])).toEqual([
      ["left", "lens"],
      ["right", "lens"],
    ]);
    expect(await groupRow(groupId)).toMatchObject({ autoReorderFrequencyDays: 90, rxEntryType: "Manual" });
    expect(await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.cartId, cartId))).toHaveLength(1);
  });

  it("drops the group's auto-reorder when the other eye is of another brand", async () => {
    const { cartId, groupId } = await rightEyeOnly();
    const [biofinity] = await database.db.select().from(skus).where(eq(skus.productId, BIOFINITY.productId)).limit(1);
    expect(await addEyeItems(database.db, cartId, groupId, [leftItem(biofinity!.upc, BIOFINITY.productId)])).toEqual({
      ok: true,
    });
    expect((await groupRow(groupId)).autoReorderFrequencyDays).toBeNull();
  });

  it("refuses an eye the group has, and a group that is not in the cart, changing nothing", async () => {
    const { cartId, groupId, left } = await rightEyeOnly();
    const version = await versionOf(cartId);
    const right = { ...leftItem(left), whichEye: "right" as const };
    expect(await addEyeItems(database.db, cartId, groupId, [right])).toMatchObject({
      ok: false,
      reason: "eye-not-needed",
    });
    const other = await rightEyeOnly();
    expect(await addEyeItems(database.db, cartId, other.groupId, [leftItem(left)])).toMatchObject({
      ok: false,
      reason: "no-group",
    });
    expect(await itemsOf(groupId)).toHaveLength(1);
    expect(await versionOf(cartId)).toBe(version);
  });
});

describe("the cart and the product page", () => {
  it("offer the other eye for a one-eye group, and add it; a second add is refused with a message", async () => {
    const { cartId, groupId, left } = await rightEyeOnly();
    const cart = (await asShopper(cartId, "/cart", cartLoader as never)) as Awaited<ReturnType<typeof cartLoader>>;
    const offer = cart.cart.groups[0]!.otherEye!;
    expect(offer.message).toBe(EYE_RULE_MESSAGES.otherEyeNeeded("left"));
    expect(offer.href).toBe(`/lens/${TORIC.vanityUrl}?group=${groupId}&eye=left`);

    const page = (await asShopper(cartId, offer.href, productLoader as never)) as {
      data: { addTo: unknown };
      init: ResponseInit;
    };
    expect(page.data.addTo).toEqual({
      groupId,
      eye: "left",
      message: "Adding lenses for the left eye to Contact lenses for Ann Lee in your cart.",
    });
    expect(new Headers(page.init.headers).get("Cache-Control")).not.toContain("public");
    // The wrong eye, or another cart's group: the usual page.
    const wrongEye = (await asShopper(cartId, offer.href.replace("eye=left", "eye=right"), productLoader as never)) as {
      data: { addTo: unknown };
    };
    expect(wrongEye.data.addTo).toBeNull();

    const [sku] = await database.db.select().from(skus).where(eq(skus.upc, left));
    const form = {
      intent: "add-to-cart",
      groupId,
      eyes: "left",
      "left-quantity": "1",
      ...Object.fromEntries(Object.entries(sku!.parameters).map(([name, value]) => [`left-${name}`, value])),
    };
    const added = await asShopper(cartId, offer.href, productAction as never, form);
    expect(added).toBeInstanceOf(Response);
    expect((added as Response).status).toBe(303);
    expect((await itemsOf(groupId)).map((item) => item.whichEye)).toEqual(["left", "right"]);

    const again = await asShopper(cartId, offer.href, productAction as never, form);
    expect(isDataWithInit(again)).toBe(true);
    const refused = again as { data: { error: Record<string, string[]> }; init: ResponseInit };
    expect(refused.init.status).toBe(400);
    expect(refused.data.error[""]).toEqual([EYE_RULE_MESSAGES.groupGone]);
    expect(await itemsOf(groupId)).toHaveLength(2);
  });
});

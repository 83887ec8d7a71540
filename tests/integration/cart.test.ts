import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as cartAction, loader as cartLoader } from "~/routes/cart";
import { action as productAction } from "~/routes/product";
import {
  addGroup,
  cartCount,
  cartView,
  changeItemQuantity,
  createCart,
  removeCartItem,
} from "~/services/cart/cart.server";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { carts, lineItemGroups, lineItems, skus } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, settle } from "../setup/test-context";

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

const toric = seedProducts.find((p) => p.vanityUrl === "acuvue-oasys-for-astigmatism-6-pack")!;
const solution = seedProducts.find(
  (p) => p.productType === "solution" && !p.isHidden && !p.discontinuedInCatalog && p.stock === "plenty",
)!;
const first = (name: string) => toric.parameters.find((p) => p.name === name)!.options[0]!.value;

function toricForm(overrides: Record<string, string> = {}) {
  const fields: Record<string, string> = { intent: "add-to-cart", eyes: "both" };
  for (const eye of ["right", "left"]) {
    for (const parameter of toric.parameters) fields[`${eye}-${parameter.name}`] = parameter.options[0]!.value;
    fields[`${eye}-quantity`] = "1";
  }
  return new URLSearchParams({ ...fields, ...overrides }).toString();
}

async function post(path: string, body: string, cookie?: string) {
  const request = new Request(`http://store.test${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
  const context = await createRequestContext(services, request);
  const name = path.split("/")[2] ?? "";
  const args = { request, params: { name }, context } as never;
  return path === "/cart" ? settle(() => cartAction(args)) : settle(() => productAction(args));
}

const status = (result: unknown) =>
  result instanceof Response ? result.status : ((result as { init?: ResponseInit | null }).init?.status ?? 200);
const errorsOf = (result: unknown) => {
  const reply = (result as { data: { error?: Record<string, string[]> | null } }).data;
  return reply.error ?? {};
};

async function skuCount() {
  return (await database.db.select().from(lineItems)).length;
}

describe("adding a lens to the cart", () => {
  it("resolves each eye to its UPC, creates the cart, remembers it in the session and goes on to the patient step", async () => {
    const result = (await post(`/lens/${toric.vanityUrl}`, toricForm({ autoReorder: "90" }))) as Response;
    expect(result.status).toBe(303);
    // The lens has its UPCs, so the funnel skips RxDetails and Parameters.
    expect(result.headers.get("Location")).toBe("/patient");
    const cookie = result.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^session=/);

    const request = new Request("http://store.test/cart", { headers: { Cookie: cookie.split(";")[0]! } });
    const context = await createRequestContext(services, request);
    const { cart } = await cartLoader({ request, params: {}, context } as never);
    expect(cart?.groups).toHaveLength(1);
    const [group] = cart!.groups;
    expect(group!.autoReorder).toBe("Every 3 months");
    expect(group!.items.map((item) => item.eyeLabel)).toEqual(["OD", "OS"]);
    expect(group!.items[0]!.upc).toMatch(/^[0-9]{12}$/);
    expect(group!.items[0]!.parameters[0]).toEqual({ label: "Power/sphere", value: first("power") });
  });

  it("puts a message next to each missing parameter and saves nothing", async () => {
    const before = await skuCount();
    const result = await post(`/lens/${toric.vanityUrl}`, toricForm({ "right-cylinder": "", "left-quantity": "3" }));
    expect(status(result)).toBe(400);
    expect(errorsOf(result)).toMatchObject({
      "right-cylinder": ["Choose CYL for the right eye."],
      "left-quantity": ["Choose a quantity from the list."],
    });
    expect(await skuCount()).toBe(before);
  });

  it("refuses tampered values, combinations that are not made, and out-of-stock lenses", async () => {
    const before = await skuCount();
    const tampered = await post(`/lens/${toric.vanityUrl}`, toricForm({ "right-power": "-99.00" }));
    expect(errorsOf(tampered)).toMatchObject({ "right-power": ["That Power/sphere isn't available for this lens."] });

    // Make the first combination unavailable and out of stock for the two checks below.
    const combination = Object.fromEntries(toric.parameters.map((p) => [p.name, p.options[0]!.value]));
    const key = Object.keys(combination)
      .sort()
      .map((name) => `${name}=${combination[name]}`)
      .join(";");
    const [sku] = await database.db.select().from(skus).where(eq(skus.parameterKey, key));
    await database.db.update(skus).set({ stockQuantity: 0 }).where(eq(skus.upc, sku!.upc));
    const outOfStock = await post(`/lens/${toric.vanityUrl}`, toricForm({ eyes: "right" }));
    expect(errorsOf(outOfStock)).toEqual({ right: ["This lens is out of stock in these parameters."] });
    await database.db.update(skus).set({ isActive: false }).where(eq(skus.upc, sku!.upc));
    const notMade = await post(`/lens/${toric.vanityUrl}`, toricForm({ eyes: "right" }));
    expect(errorsOf(notMade)).toEqual({
      right: ["This combination isn't made for this lens. Please check your prescription."],
    });
    await database.db.update(skus).set({ isActive: true, stockQuantity: 50 }).where(eq(skus.upc, sku!.upc));
    expect(await skuCount()).toBe(before);
  });

  it("adds solution as a solution group", async () => {
    const result = (await post(
      `/contact-lens-solution/${solution.vanityUrl}`,
      "intent=add-to-cart&quantity=2",
    )) as Response;
    expect(result.status).toBe(303);
  });
});

describe("cart rules and concurrency", () => {
  const lensItem = (eye: "right" | "left", upc: string) => ({
    whichEye: eye,
    productId: toric.productId,
    upc,
    quantity: 1,
    parameters: { power: "-1.00" },
  });

  async function someUpcs(n: number) {
    const rows = await database.db
      .select({ upc: skus.upc })
      .from(skus)
      .where(eq(skus.productId, toric.productId))
      .limit(n);
    return rows.map((row) => row.upc);
  }

  it("counts one per lens group and one for solution in the header", async () => {
    const cartId = await createCart(database.db);
    const [a, b] = await someUpcs(2);
    await addGroup(database.db, cartId, {
      type: "Lens",
      items: [lensItem("right", a!), lensItem("left", b!)],
      autoReorderFrequencyDays: null,
    });
    await addGroup(database.db, cartId, {
      type: "Lens",
      items: [lensItem("right", a!)],
      autoReorderFrequencyDays: null,
    });
    expect(await cartCount(database.db, cartId)).toBe(2);
  });

  it("removes the group with its last item, and ignores items of other carts", async () => {
    const cartId = await createCart(database.db);
    const other = await createCart(database.db);
    const [a] = await someUpcs(1);
    await addGroup(database.db, cartId, { type: "Lens", items: [lensItem("right", a!)], autoReorderFrequencyDays: 30 });
    const view = await cartView(database.db, cartId, "none");
    const itemId = view.groups[0]!.items[0]!.id;
    expect(await removeCartItem(database.db, other, itemId)).toBe(false);
    expect(await removeCartItem(database.db, cartId, itemId)).toBe(true);
    expect(await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.cartId, cartId))).toEqual([]);
  });

  it("applies concurrent changes to one cart one after the other: no update is lost", async () => {
    const cartId = await createCart(database.db);
    const upcs = await someUpcs(8);
    await Promise.all(
      upcs.map((upc) =>
        addGroup(database.db, cartId, {
          type: "Lens",
          items: [lensItem("right", upc)],
          autoReorderFrequencyDays: null,
        }),
      ),
    );
    const positions = await database.db
      .select({ position: lineItemGroups.position })
      .from(lineItemGroups)
      .where(eq(lineItemGroups.cartId, cartId));
    expect(positions.map((row) => row.position).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const view = await cartView(database.db, cartId, "none");
    expect(view.groups).toHaveLength(8);
    expect(new Set(view.groups.map((group) => group.items[0]!.upc))).toEqual(new Set(upcs));
    const ids = view.groups.map((group) => group.items[0]!.id);
    await Promise.all(ids.map((id, index) => changeItemQuantity(database.db, cartId, id, index + 1)));
    const after = await cartView(database.db, cartId, "none");
    expect(after.groups.map((group) => group.items[0]!.quantity).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
    const [row] = await database.db.select().from(carts).where(eq(carts.id, cartId));
    expect(row!.version).toBe(16);
  });

  it("removing both eyes of a group at once removes the group (each removal sees the other)", async () => {
    const cartId = await createCart(database.db);
    const [a, b] = await someUpcs(2);
    await addGroup(database.db, cartId, {
      type: "Lens",
      items: [lensItem("right", a!), lensItem("left", b!)],
      autoReorderFrequencyDays: null,
    });
    const ids = (await cartView(database.db, cartId, "none")).groups[0]!.items.map((item) => item.id);
    await Promise.all(ids.map((id) => removeCartItem(database.db, cartId, id)));
    expect(await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.cartId, cartId))).toEqual([]);
  });

  it("leaves the cart as it was when a change fails", async () => {
    const cartId = await createCart(database.db);
    const [a] = await someUpcs(1);
    await expect(
      addGroup(database.db, cartId, {
        type: "Lens",
        items: [lensItem("right", a!), { ...lensItem("left", a!), quantity: -1 }],
        autoReorderFrequencyDays: null,
      }),
    ).rejects.toThrow();
    expect(await database.db.select().from(lineItemGroups).where(eq(lineItemGroups.cartId, cartId))).toEqual([]);
    const [row] = await database.db.select().from(carts).where(eq(carts.id, cartId));
    expect(row!.version).toBe(0);
  });
});

describe("the cart page actions", () => {
  it("answers a tampered or foreign item with a message, not a 500", async () => {
    const result = await post("/cart", "intent=remove&itemId=00000000-0000-4000-8000-000000000000");
    expect(status(result)).toBe(400);
    const bad = await post("/cart", "intent=explode");
    expect(status(bad)).toBe(400);
  });
});

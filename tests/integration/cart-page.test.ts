import { eq, inArray } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUPON_MESSAGES } from "~/models/cart-forms";
import { formatCents } from "~/models/catalog";
import { SHIPPING_METHODS } from "~/models/shipping";
import { SUBMIT_AND_SKIP_UPC } from "~/models/stock";
import CartPage, { action as cartAction, loader as cartLoader } from "~/routes/cart";
import { action as patientAction } from "~/routes/patient";
import { action as productAction } from "~/routes/product";
import { action as rxDetailsAction } from "~/routes/rx-details";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { carts, coupons, products, skus } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import { seedPromotions } from "~/services/db/seed/promotion-data.server";
import { issueUniqueCoupon } from "~/services/cart/promotions.server";
import type { Toast } from "~/services/platform/session.server";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware, settle } from "../setup/test-context";

// The cart page's money (spec 2) through the request path the server takes: the root middleware (which reads and
// writes the cookie session) around the cart route's loader and action, against PGlite.

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const SOLUTION = seedProducts.find((product) => product.vanityUrl === "clear-care-plus-3-pack")!;
const BOX = SOLUTION.prices.control;
const TORIC = seedProducts.find((product) => product.vanityUrl === "acuvue-oasys-for-astigmatism-6-pack")!;

function promotion(key: string) {
  const found = seedPromotions.find((candidate) => candidate.key === key)!;
  return {
    ...found,
    amountCents: (found.rewards[0] as { amountCents?: number }).amountCents ?? 0,
    minimumCents: found.conditions.minimumSubtotalCents ?? 0,
  };
}
const SAVE10 = promotion("coupon-save10");
const SAVE5 = promotion("coupon-save5");
const THANKS15 = promotion("coupon-thanks15");
const WELCOME15_PERCENT = (promotion("coupon-welcome15").rewards[0] as { percent: number }).percent;

/** Boxes of the solution whose subtotal reaches at least a minimum (and one fewer stays under it). */
const boxesFor = (minimumCents: number) => Math.ceil(minimumCents / BOX);

/** One shopper: a cookie jar kept across requests, as a browser keeps it. */
class Shopper {
  cookie = "";
  /** The toast cookie, kept and sent back as a browser does (the page that shows the toast clears it). */
  toastCookie = "";
  constructor(readonly userAgent = BROWSER_UA) {}

  keep(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(";")[0]!;
      if (pair.startsWith(`${services.sessions.cookieName}=`)) this.cookie = pair;
      if (pair.startsWith("toast=")) this.toastCookie = pair;
    }
  }

  request(method: "GET" | "POST", path: string, body?: string): Request {
    return new Request(`http://store.test${path}`, {
      method,
      body,
      headers: {
        "User-Agent": this.userAgent,
        ...(body !== undefined ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
        ...(this.cookie || this.toastCookie
          ? { Cookie: [this.cookie, this.toastCookie].filter(Boolean).join("; ") }
          : {}),
      },
    });
  }

  /** Runs a request through the root middleware into a loader or action; the response and what the route gave. */
  async send(
    method: "GET" | "POST",
    path: string,
    route: (args: never) => unknown,
    options: { body?: string; params?: Record<string, string> } = {},
  ) {
    const request = this.request(method, path, options.body);
    let result: unknown = undefined;
    let ran = false;
    const response = await runThroughMiddleware(services, request, async (context) => {
      ran = true;
      result = await settle(() => route({ request, params: options.params ?? {}, context } as never) as never);
      if (result instanceof Response) return result;
      if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
      return Response.json(result);
    });
    this.keep(response);
    return { response, result, ran };
  }

  async addSolution(boxes: number) {
    const { response } = await this.send("POST", `/contact-lens-solution/${SOLUTION.vanityUrl}`, productAction, {
      body: `intent=add-to-cart&quantity=${boxes}`,
      params: { name: SOLUTION.vanityUrl },
    });
    expect(response.status).toBe(303);
  }

  /** A toric lens for both eyes, each eye a different power (so each eye is its own SKU). */
  async addToric() {
    const fields: Record<string, string> = { intent: "add-to-cart", eyes: "both" };
    for (const [eye, index] of [
      ["right", 0],
      ["left", 1],
    ] as const) {
      for (const parameter of TORIC.parameters) {
        const option = parameter.name === "power" ? parameter.options[index]! : parameter.options[0]!;
        fields[`${eye}-${parameter.name}`] = option.value;
      }
      fields[`${eye}-quantity`] = "1";
    }
    const { response } = await this.send("POST", `/lens/${TORIC.vanityUrl}`, productAction, {
      body: new URLSearchParams(fields).toString(),
      params: { name: TORIC.vanityUrl },
    });
    expect(response.status).toBe(303);
  }

  /** The toric lens for both eyes, one box each, its prescription to be entered later (no UPCs yet): /rx-details. */
  async addToricLater() {
    const { response } = await this.send("POST", `/lens/${TORIC.vanityUrl}`, productAction, {
      body: new URLSearchParams({
        intent: "add-to-cart",
        eyes: "both",
        "right-quantity": "1",
        "left-quantity": "1",
        prescription: "later",
      }).toString(),
      params: { name: TORIC.vanityUrl },
    });
    expect(response.headers.get("Location")).toBe("/rx-details");
  }

  async cart() {
    const { response, result } = await this.send("GET", "/cart", cartLoader);
    expect(response.status).toBe(200);
    return result as Awaited<ReturnType<typeof cartLoader>>;
  }

  post(body: Record<string, string>) {
    return this.send("POST", "/cart", cartAction, { body: new URLSearchParams(body).toString() });
  }

  async session() {
    const { session } = await services.sessions.getSession(this.cookie || null);
    return session;
  }

  /** The toast the next page would show (reading it here does not spend the browser's copy). */
  async toast(): Promise<Toast | null> {
    return services.sessions.readToast(this.toastCookie || null);
  }

  async cartRow() {
    const cartId = (await this.session()).get("cartId");
    if (!cartId) return undefined;
    const [row] = await database.db.select().from(carts).where(eq(carts.id, cartId));
    return row;
  }
}

function isDataWithInit(value: unknown): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit } {
  return !!value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit";
}

/** A refused form's reply: which form, and the errors by field ("" holds the form's own). */
function replyOf(result: unknown) {
  expect(isDataWithInit(result), "a Conform reply with a status").toBe(true);
  const { data, init } = result as {
    data: { form: string; result: { error?: Record<string, string[]> } };
    init: ResponseInit;
  };
  return { status: init.status, form: data.form, errors: data.result.error ?? {} };
}

const applyCoupon = (shopper: Shopper, couponCode: string) => shopper.post({ intent: "apply-coupon", couponCode });

describe("the coupon form (intent=apply-coupon, intent=remove-coupon)", () => {
  it("applies a coupon: 303 to /cart with a success toast, and the cart shows it with its discount", async () => {
    const shopper = new Shopper();
    const boxes = boxesFor(SAVE10.minimumCents);
    await shopper.addSolution(boxes);

    const { response } = await applyCoupon(shopper, " save10 ");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/cart");
    expect(await shopper.toast()).toMatchObject({
      kind: "success",
      message: `Coupon SAVE10 applied: ${formatCents(SAVE10.amountCents)} off.`,
    });

    const { cart } = await shopper.cart();
    expect(cart!.coupon).toMatchObject({
      code: "SAVE10",
      description: SAVE10.description,
      status: "applied",
      amountCents: SAVE10.amountCents,
      message: null,
      expiryLabel: "Coupon expires Dec 31, 2027",
    });
    expect(cart!.orderSummary.subTotal).toBe(boxes * BOX);
    expect(cart!.orderSummary.discountAmount).toBe(SAVE10.amountCents);
    expect(cart!.orderSummary.totalAmount).toBe(boxes * BOX - SAVE10.amountCents);
    // The toast shows once: the page that read it spent it.
    expect(await shopper.toast()).toBeNull();
  });

  it("removes the coupon: 303 with an info toast, and the totals come back", async () => {
    const shopper = new Shopper();
    await shopper.addSolution(boxesFor(SAVE10.minimumCents));
    await applyCoupon(shopper, "SAVE10");
    expect((await shopper.cartRow())!.couponId).not.toBeNull();

    const { response } = await shopper.post({ intent: "remove-coupon" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/cart");
    expect(await shopper.toast()).toMatchObject({ kind: "info", message: "Coupon removed." });
    expect((await shopper.cartRow())!.couponId).toBeNull();
    const { cart } = await shopper.cart();
    expect(cart!.coupon).toBeNull();
    expect(cart!.orderSummary.discountAmount).toBe(0);
  });

  it.each([
    ["blank", "", COUPON_MESSAGES.invalid],
    ["whitespace", "   ", COUPON_MESSAGES.invalid],
    ["unknown", "NOSUCHCODE", COUPON_MESSAGES.invalid],
    ["malformed", "SAVE 10!", COUPON_MESSAGES.invalid],
    ["expired", "SUMMER20", COUPON_MESSAGES.invalid],
    ["not qualified (under the minimum)", "SAVE10", COUPON_MESSAGES.notQualified],
  ])("refuses a %s code with 400 and its message next to the field; nothing changes", async (_, code, message) => {
    const shopper = new Shopper();
    await shopper.addSolution(boxesFor(SAVE10.minimumCents) - 1);
    const before = (await shopper.cart()).cart!.orderSummary;
    const versionBefore = (await shopper.cartRow())!.version;

    const { result, response } = await applyCoupon(shopper, code);
    expect(response.status).toBe(400);
    expect(replyOf(result)).toEqual({ status: 400, form: "coupon", errors: { couponCode: [message] } });
    expect(await shopper.toast()).toBeNull();
    const row = (await shopper.cartRow())!;
    expect(row.couponId).toBeNull();
    expect(row.version).toBe(versionBefore);
    expect((await shopper.cart()).cart!.orderSummary).toEqual(before);
  });

  it("refuses a smaller coupon when a better one is applied, and lets a better one replace it", async () => {
    const shopper = new Shopper();
    const boxes = boxesFor(SAVE10.minimumCents);
    await shopper.addSolution(boxes);
    await applyCoupon(shopper, "SAVE10");
    const couponId = (await shopper.cartRow())!.couponId;

    const smaller = await applyCoupon(shopper, "SAVE5");
    expect(replyOf(smaller.result)).toEqual({
      status: 400,
      form: "coupon",
      errors: { couponCode: [COUPON_MESSAGES.betterApplied] },
    });
    expect((await shopper.cartRow())!.couponId).toBe(couponId);

    // 15% of the subtotal is more than $10: WELCOME15 (the shopper has no orders yet, so is new) replaces SAVE10.
    const percentOff = Math.round((boxes * BOX * WELCOME15_PERCENT) / 100);
    expect(percentOff).toBeGreaterThan(SAVE10.amountCents);
    const better = await applyCoupon(shopper, "WELCOME15");
    expect(better.response.status).toBe(303);
    expect(await shopper.toast()).toMatchObject({
      kind: "success",
      message: `Coupon WELCOME15 applied: ${formatCents(percentOff)} off.`,
    });
    const { cart } = await shopper.cart();
    expect(cart!.coupon).toMatchObject({ code: "WELCOME15", status: "applied", amountCents: percentOff });
    expect(cart!.orderSummary.discountAmount).toBe(percentOff);

    const back = await applyCoupon(shopper, "SAVE10");
    expect(replyOf(back.result).errors).toEqual({ couponCode: [COUPON_MESSAGES.betterApplied] });
  });

  it("keeps a code entered before anything is in the cart (a new cart), with an add-items notice", async () => {
    const shopper = new Shopper();
    const { response } = await applyCoupon(shopper, "SAVE5");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/cart");
    expect(await shopper.toast()).toMatchObject({
      kind: "info",
      message: "Coupon SAVE5 is saved to your cart. Add items to use it.",
    });
    expect((await shopper.cartRow())!.couponId).not.toBeNull();
    const { cart } = await shopper.cart();
    expect(cart!.groups).toEqual([]);
    expect(cart!.coupon?.code).toBe("SAVE5");
    expect(cart!.orderSummary.totalAmount).toBe(0);

    await shopper.addSolution(1);
    const after = (await shopper.cart()).cart!;
    expect(after.coupon).toMatchObject({ code: "SAVE5", status: "applied" });
    expect(after.orderSummary.discountAmount).toBe(SAVE5.amountCents);
  });

  it("answers a refused code without a cart with its message, not a 500", async () => {
    const shopper = new Shopper();
    const { result } = await applyCoupon(shopper, "NOSUCHCODE");
    expect(replyOf(result)).toEqual({ status: 400, form: "coupon", errors: { couponCode: [COUPON_MESSAGES.invalid] } });
  });

  it("re-evaluates the coupon when the cart changes: under the minimum it no longer counts, and counts again", async () => {
    const shopper = new Shopper();
    const boxes = boxesFor(SAVE10.minimumCents);
    await shopper.addSolution(boxes);
    await applyCoupon(shopper, "SAVE10");
    const itemId = (await shopper.cart()).cart!.groups[0]!.items[0]!.id;

    const lower = await shopper.post({ intent: "update-quantity", itemId, quantity: String(boxes - 1) });
    expect(lower.response.status).toBe(303);
    const { cart } = await shopper.cart();
    expect(cart!.orderSummary.subTotal).toBe((boxes - 1) * BOX);
    expect(cart!.coupon).toMatchObject({
      code: "SAVE10",
      status: "notQualified",
      message: COUPON_MESSAGES.notQualified,
      amountCents: 0,
    });
    expect(cart!.orderSummary.discountAmount).toBe(0);
    expect(cart!.orderSummary.totalAmount).toBe((boxes - 1) * BOX + SHIPPING_METHODS[0]!.priceCents);

    await shopper.post({ intent: "update-quantity", itemId, quantity: String(boxes) });
    const again = (await shopper.cart()).cart!;
    expect(again.coupon).toMatchObject({ code: "SAVE10", status: "applied", message: null });
    expect(again.orderSummary.discountAmount).toBe(SAVE10.amountCents);
  });
});

describe("the shipping form (intent=set-shipping)", () => {
  it("sets a valid level (303 to /cart) and the summary charges it", async () => {
    const shopper = new Shopper();
    await shopper.addSolution(1);
    expect((await shopper.cart()).cart!.orderSummary.shipping).toBe(SHIPPING_METHODS[0]!.priceCents);

    const { response } = await shopper.post({ intent: "set-shipping", shippingLevel: "2" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/cart");
    expect((await shopper.cartRow())!.shippingLevel).toBe(2);
    const { cart } = await shopper.cart();
    expect(cart!.selectedShippingMethod).toEqual({ shippingLevel: 2, amount: SHIPPING_METHODS[2]!.priceCents });
    expect(cart!.shippingMethods.find((method) => method.selected)!.label).toBe(SHIPPING_METHODS[2]!.label);
    expect(cart!.orderSummary.shipping).toBe(SHIPPING_METHODS[2]!.priceCents);
    expect(cart!.orderSummary.totalAmount).toBe(BOX + SHIPPING_METHODS[2]!.priceCents);
  });

  it.each(["7", "-1", "1.5", "abc", ""])("refuses level %j with 400 and leaves the method as it was", async (level) => {
    const shopper = new Shopper();
    await shopper.addSolution(1);
    await shopper.post({ intent: "set-shipping", shippingLevel: "1" });

    const { response, result } = await shopper.post({ intent: "set-shipping", shippingLevel: level });
    expect(response.status).toBe(400);
    expect(replyOf(result)).toMatchObject({ status: 400, form: "shipping" });
    expect(replyOf(result).errors[""]).toEqual(["Choose a shipping method."]);
    expect((await shopper.cartRow())!.shippingLevel).toBe(1);
  });

  it("makes standard shipping free from $99 and lists every method with its price and an estimate", async () => {
    const minimum = promotion("free-standard-shipping").minimumCents;
    const shopper = new Shopper();
    await shopper.addSolution(boxesFor(minimum) - 1);
    let cart = (await shopper.cart()).cart!;
    expect(cart.shippingMethods.map((method) => [method.label, method.priceLabel])).toEqual(
      SHIPPING_METHODS.map((method) => [method.label, formatCents(method.priceCents)]),
    );
    for (const method of cart.shippingMethods) expect(method.estimatedDelivery).toMatch(/^\w{3}, \w{3} \d{1,2}$/);

    const itemId = cart.groups[0]!.items[0]!.id;
    await shopper.post({ intent: "update-quantity", itemId, quantity: String(boxesFor(minimum)) });
    cart = (await shopper.cart()).cart!;
    expect(cart.shippingMethods[0]).toMatchObject({ amountCents: 0, priceLabel: "FREE" });
    expect(cart.shippingMethods[1]).toMatchObject({ priceLabel: formatCents(SHIPPING_METHODS[1]!.priceCents) });
    expect(cart.orderSummary.shipping).toBe(0);
    expect(cart.orderSummary.totalAmount).toBe(boxesFor(minimum) * BOX);
    // Tax is figured at checkout for an anonymous shopper (no address yet).
    expect(cart.taxState).toBeNull();
  });
});

describe("the cart loader: discontinued items", () => {
  it("removes a product discontinued in the catalog, with a notice naming it", async () => {
    const shopper = new Shopper();
    await shopper.addSolution(1);
    await shopper.addToric();
    expect((await shopper.cart()).cart!.groups).toHaveLength(2);

    await database.db.update(products).set({ discontinuedInCatalog: true }).where(eq(products.id, SOLUTION.productId));
    try {
      const { cart, removed } = await shopper.cart();
      expect(removed).toEqual([SOLUTION.displayName]);
      expect(cart!.groups).toHaveLength(1);
      expect(cart!.groups[0]!.items.every((item) => item.productId === TORIC.productId)).toBe(true);
      // Removed once: the next read has nothing to report.
      expect((await shopper.cart()).removed).toEqual([]);
    } finally {
      await database.db
        .update(products)
        .set({ discontinuedInCatalog: false })
        .where(eq(products.id, SOLUTION.productId));
    }
  });

  it("an inactive SKU removes only that eye; both inactive remove the group", async () => {
    const shopper = new Shopper();
    await shopper.addToric();
    const group = (await shopper.cart()).cart!.groups[0]!;
    const right = group.items.find((item) => item.eyeLabel === "OD")!;
    const left = group.items.find((item) => item.eyeLabel === "OS")!;
    expect(right.upc).not.toBe(left.upc);

    const other = new Shopper();
    await other.addToric();

    try {
      await database.db.update(skus).set({ isActive: false }).where(eq(skus.upc, right.upc!));
      const first = await shopper.cart();
      expect(first.removed).toEqual([TORIC.displayName]);
      expect(first.cart!.groups).toHaveLength(1);
      expect(first.cart!.groups[0]!.items.map((item) => item.upc)).toEqual([left.upc]);

      await database.db.update(skus).set({ isActive: false }).where(eq(skus.upc, left.upc!));
      const both = await other.cart();
      expect(both.removed).toEqual([TORIC.displayName]);
      expect(both.cart!.groups).toEqual([]);
    } finally {
      await database.db
        .update(skus)
        .set({ isActive: true })
        .where(inArray(skus.upc, [right.upc!, left.upc!]));
    }
  });
});

describe("coupon links (?uecode= on any page)", () => {
  const page = () => ({ ok: true });

  it("applies the code and redirects (303) to the same URL without it, with a toast", async () => {
    const shopper = new Shopper();
    await shopper.addSolution(1);
    const { response, ran } = await shopper.send("GET", "/lenses/daily-disposables?uecode=save5&sort=price", page);
    expect(ran).toBe(false);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/lenses/daily-disposables?sort=price");
    expect(await shopper.toast()).toMatchObject({
      kind: "success",
      message: `Coupon SAVE5 applied: ${formatCents(SAVE5.amountCents)} off.`,
    });
    const { cart } = await shopper.cart();
    expect(cart!.coupon).toMatchObject({ code: "SAVE5", status: "applied" });
    expect(cart!.orderSummary.discountAmount).toBe(SAVE5.amountCents);
  });

  it("flashes the invalid message for an unknown, malformed or blank code, and still drops the parameter", async () => {
    for (const code of ["NOSUCHCODE", "bad%20code!", ""]) {
      const shopper = new Shopper();
      const { response } = await shopper.send("GET", `/?uecode=${code}`, page);
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/");
      expect(await shopper.toast(), `code ${JSON.stringify(code)}`).toMatchObject({
        kind: "error",
        message: COUPON_MESSAGES.invalid,
      });
    }
  });

  it("sends a bot on without applying anything (a single-use code stays unused)", async () => {
    const issued = (await issueUniqueCoupon(database.db, "THANKS15", new Date()))!;
    const bot = new Shopper(BOT_UA);
    const { response } = await bot.send("GET", `/contact-lens-solution?uecode=${issued.couponCode}`, page);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/contact-lens-solution");
    expect(await bot.toast()).toBeNull();
    expect((await bot.session()).get("cartId")).toBeUndefined();
    const [row] = await database.db.select().from(coupons).where(eq(coupons.code, issued.couponCode));
    expect(row!.redeemedCartId).toBeNull();
  });

  it("binds a unique code to the first shopper's cart; a second shopper following the link is told it is not valid", async () => {
    const issued = (await issueUniqueCoupon(database.db, "THANKS15", new Date()))!;
    const first = new Shopper();
    const boxes = boxesFor(THANKS15.minimumCents);
    await first.addSolution(boxes);
    await first.send("GET", `/?uecode=${issued.couponCode}`, page);
    expect(await first.toast()).toMatchObject({
      kind: "success",
      message: `Coupon ${issued.couponCode} applied: ${formatCents(THANKS15.amountCents)} off.`,
    });
    expect((await first.cart()).cart!.orderSummary.discountAmount).toBe(THANKS15.amountCents);

    const second = new Shopper();
    await second.addSolution(boxes);
    const { response } = await second.send("GET", `/?uecode=${issued.couponCode}`, page);
    expect(response.status).toBe(303);
    expect(await second.toast()).toMatchObject({ kind: "error", message: COUPON_MESSAGES.invalid });
    expect((await second.cart()).cart!.coupon).toBeNull();

    // Removing it from the first cart does not free it for another.
    await first.post({ intent: "remove-coupon" });
    await second.send("GET", `/?uecode=${issued.couponCode}`, page);
    expect(await second.toast()).toMatchObject({ kind: "error", message: COUPON_MESSAGES.invalid });
  });

  it("on an empty cart saves the code with an info toast; it counts once items are added", async () => {
    const issued = (await issueUniqueCoupon(database.db, "THANKS15", new Date()))!;
    const shopper = new Shopper();
    const { response } = await shopper.send("GET", `/?uecode=${issued.couponCode}`, page);
    expect(response.status).toBe(303);
    expect(await shopper.toast()).toMatchObject({
      kind: "info",
      message: `Coupon ${issued.couponCode} is saved to your cart. Add items to use it.`,
    });
    const empty = await shopper.cart();
    expect(empty.cart!.groups).toEqual([]);
    expect(empty.cart!.coupon?.code).toBe(issued.couponCode);

    await shopper.addSolution(boxesFor(THANKS15.minimumCents));
    const { cart } = await shopper.cart();
    expect(cart!.coupon).toMatchObject({ code: issued.couponCode, status: "applied" });
    expect(cart!.orderSummary.discountAmount).toBe(THANKS15.amountCents);
  });

  it("ignores the parameter on a POST (links are GETs)", async () => {
    const shopper = new Shopper();
    await shopper.addSolution(1);
    const { response, ran } = await shopper.send("POST", "/cart?uecode=SAVE5", cartAction, {
      body: "intent=set-shipping&shippingLevel=1",
    });
    expect(ran).toBe(true);
    expect(response.status).toBe(303);
    expect((await shopper.cartRow())!.couponId).toBeNull();
  });
});

describe("the cart's lens groups (issue 13): each names its patient; a submit-and-skip line's stock is 'Upload'", () => {
  /** The cart page as the server renders it from the loader's data. */
  function renderCart(loaderData: Awaited<ReturnType<typeof cartLoader>>) {
    const Stub = createRoutesStub([{ id: "cart", path: "/cart", Component: CartPage as never }]);
    return renderToString(
      createElement(Stub, { initialEntries: ["/cart"], hydrationData: { loaderData: { cart: loaderData } } }),
    );
  }

  it("heads a group with its patient, or 'Contact lenses' before the patient step; 'Upload' for the skipped Rx", async () => {
    const shopper = new Shopper();
    // A toric lens whose prescription was chosen on the product page, for Pat Smith.
    await shopper.addToric();
    const patientGroupId = (await shopper.cart()).cart!.groups[0]!.id;
    const named = await shopper.send("POST", "/patient", patientAction, {
      body: new URLSearchParams({ groupId: patientGroupId, firstName: "Pat", lastName: "Smith" }).toString(),
    });
    expect(named.response.status).toBe(303);
    // A second one whose prescription the shopper sends later ('I'll send it later' on /rx-details): no patient yet.
    await shopper.addToricLater();
    const skippedGroupId = (await shopper.cart()).cart!.groups[1]!.id;
    const skipped = await shopper.send("POST", "/rx-details", rxDetailsAction, {
      body: new URLSearchParams({ intent: "submit-and-skip", groupId: skippedGroupId }).toString(),
    });
    expect(skipped.response.status).toBe(303);
    await shopper.addSolution(1);

    const loaderData = await shopper.cart();
    const [forPat, forNobody, solution] = loaderData.cart!.groups;
    expect(forPat!.patient).toEqual({ firstName: "Pat", lastName: "Smith" });
    expect(forPat!.items.map((item) => item.stock)).toEqual([
      expect.stringMatching(/^(In Stock|Limited Quantity): \d+$/),
      expect.stringMatching(/^(In Stock|Limited Quantity): \d+$/),
    ]);
    expect(forNobody!.patient).toBeNull();
    expect(forNobody!.items.map((item) => [item.upc, item.stock])).toEqual([
      [SUBMIT_AND_SKIP_UPC, "Upload"],
      [SUBMIT_AND_SKIP_UPC, "Upload"],
    ]);
    expect(solution!.patient).toBeNull();

    const html = renderCart(loaderData);
    const headings = [...html.matchAll(/<h2 id="group-[^"]+">([^<]*)<\/h2>/g)].map((match) => match[1]);
    expect(headings).toEqual(["Contact lenses for Pat Smith", "Contact lenses", "Lens solution"]);
    expect(html.match(/<div class="stock-text">Upload<\/div>/g)).toHaveLength(2);
  });
});

describe("paying in 4 on the cart (issue 27)", () => {
  it("shows the 4 payments under the total, each a quarter of it rounded up to the cent", async () => {
    const shopper = new Shopper();
    await shopper.addSolution(3);
    const loaderData = await shopper.cart();
    const total = loaderData.cart!.orderSummary.totalAfterCredits;
    expect(loaderData.payIn4).toMatchObject({
      available: true,
      label: `4 payments of ${formatCents(Math.ceil(total / 4))}`,
    });
    const Stub = createRoutesStub([{ id: "cart", path: "/cart", Component: CartPage as never }]);
    const html = renderToString(
      createElement(Stub, { initialEntries: ["/cart"], hydrationData: { loaderData: { cart: loaderData } } }),
    );
    expect(html).toContain(`or 4 payments of ${formatCents(Math.ceil(total / 4))} with Afterpay`);
  });

  it("offers nothing on an empty cart", async () => {
    expect((await new Shopper().cart()).payIn4).toBeNull();
  });
});

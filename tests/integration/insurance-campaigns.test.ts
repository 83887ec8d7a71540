import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { INSURANCE_CART_MESSAGES, type InsuranceOffer } from "~/models/insurance";
import { action as cartAction, loader as cartLoader } from "~/routes/cart";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { action as rapidReorderAction, loader as rapidReorderLoader } from "~/routes/rapid-reorder";
import { action as visionInsuranceAction } from "~/routes/vision-insurance";
import { action as resultsAction, loader as resultsLoader } from "~/routes/vision-insurance.results.$token";
import { createAddress } from "~/services/accounts/addresses.server";
import { createAuthSession } from "~/services/accounts/auth/accounts.server";
import { STOREFRONT_PLATFORM_ELIGIBILITY } from "~/services/adapters/insurance/simulated-eligibility.server";
import { SEED_MEMBERS, type SeedMember } from "~/services/adapters/insurance/simulated-members";
import { applyCoupon } from "~/services/cart/cart-changes.server";
import { applyBenefitFromSearch, removeBenefits } from "~/services/cart/cart-insurance.server";
import { createCart } from "~/services/cart/cart.server";
import { placeOrder } from "~/services/checkout/place-order.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { addresses, carts, lineItems, orders, patients, skus } from "~/services/db/schema";
import { readBenefitSearch, startBenefitSearch } from "~/services/insurance/benefit-search.server";
import { passiveSearchJob, registerPassiveSearchSender } from "~/services/insurance/passive-search.server";
import type { AppServices } from "~/services/platform/context.server";
import { isDataWithInit, readyToOrder, TEST_ADDRESS } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware, settle } from "../setup/test-context";
import { withRunningExperiments } from "../setup/test-content";

// The insurance campaigns of spec 3 §9 (decision 65) through the request path: the storefront platform campaign's
// insurance_provider action choosing the eligibility service, insurance with discount in the cart's money, and the
// cart, checkout and rapid reorder insurance switches. A variation is asked for with ?experiment=<id>:<variant> (the
// test content pauses every campaign, which is the pages' "no variation").

let database: DatabaseHandle;
let services: AppServices;
let slot = 0;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const member = (key: string): SeedMember => SEED_MEMBERS.find((candidate) => candidate.key === key)!;
const AVERY = member("avery-stone");
const AVERY_BENEFIT = AVERY.benefits[0]!.benefitId;
const PLATFORM = "storefront-platform-insurance:A";
const platform = () => services.insuranceAlternates[STOREFRONT_PLATFORM_ELIGIBILITY]!;

type Route = (args: never) => unknown;

/** A browser: a cookie jar (session and toast) kept across requests, optionally signed in with a cart. */
class Browser {
  cookies = new Map<string, string>();
  constructor(readonly app: AppServices = services) {}

  static async of(options: { customerId?: number; cartId?: string } = {}, app: AppServices = services) {
    const browser = new Browser(app);
    const { session } = await app.sessions.getSession(null);
    if (options.customerId) {
      session.set("authSessionId", await createAuthSession(database.db, options.customerId, "guest", false));
    }
    if (options.cartId) session.set("cartId", options.cartId);
    browser.keep((await app.sessions.commitSession(session)).split(";")[0]!);
    return browser;
  }

  keep(pair: string) {
    this.cookies.set(pair.slice(0, pair.indexOf("=")), pair);
  }

  async send(
    method: "GET" | "POST",
    url: string,
    route: Route,
    options: { body?: Record<string, string>; params?: Record<string, string> } = {},
  ) {
    const request = new Request(`http://store.test${url}`, {
      method,
      body: options.body ? new URLSearchParams(options.body).toString() : undefined,
      headers: {
        Cookie: [...this.cookies.values()].join("; "),
        ...(options.body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
    });
    let result: unknown;
    const response = await runThroughMiddleware(this.app, request, async (context) => {
      result = await settle(() => route({ request, params: options.params ?? {}, context } as never) as never);
      if (result instanceof Response) return result;
      if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
      return Response.json(result);
    });
    for (const header of response.headers.getSetCookie()) this.keep(header.split(";")[0]!);
    const data = (isDataWithInit(result) ? result.data : result) as never;
    return { response, data, location: response.headers.get("Location") };
  }

  /** The toast the last answer left. */
  toast() {
    return this.app.sessions.readToast(this.cookies.get("toast") ?? null);
  }

  async search(m: SeedMember, query = "") {
    const { response, location } = await this.send("POST", `/vision-insurance${query}`, visionInsuranceAction, {
      body: { firstName: m.firstName, lastName: m.lastName, dateOfBirth: m.dateOfBirth, zip: m.postalCode },
    });
    expect(response.status).toBe(303);
    return location!.split("/").pop()!.split("?")[0]!;
  }

  results(token: string, query = "") {
    return this.send("GET", `/vision-insurance/results/${token}?poll=0${query}`, resultsLoader, { params: { token } });
  }
}

/** A signed-in customer's cart ready to order (a toric lens for both eyes), and a browser holding it. */
async function customerCart(quantity = 1) {
  const ready = await readyToOrder(services, { slot: slot++ % 20, quantity });
  const browser = await Browser.of({ customerId: ready.customer.id, cartId: ready.cartId });
  return { ...ready, browser };
}

/** Applies Avery's $150 benefit to a cart, from a search on the default service. */
async function insure(cartId: string) {
  const started = await startBenefitSearch(services, {
    firstName: AVERY.firstName,
    lastName: AVERY.lastName,
    postalCodes: [AVERY.postalCode],
    dateOfBirth: AVERY.dateOfBirth,
    providers: [],
    searchReason: "customerInitiated",
  });
  const outcome = await applyBenefitFromSearch(services, cartId, {
    searchToken: started.searchToken!,
    benefitId: AVERY_BENEFIT,
  });
  if (!outcome.ok) throw new Error(outcome.message);
}

const benefitOf = async (cartId: string) =>
  (await database.db.select({ applied: carts.insuranceBenefit }).from(carts).where(eq(carts.id, cartId)))[0]!.applied;

interface CartPage {
  insuranceEntry: string;
  cart: {
    orderSummary: { discountAmount: number; insuranceBenefitsTotal: number; totalAmount: number };
    coupon: { status: string; amountCents: number; message: string | null } | null;
  };
}

describe("storefront-platform-insurance: the insurance_provider action chooses the eligibility service", () => {
  it("path A's search goes to the storefront platform, which reads and applies it; the default cannot read it", async () => {
    const toPlatform = vi.spyOn(platform(), "startSearch");
    const toDefault = vi.spyOn(services.insurance, "startSearch");
    const browser = new Browser();
    const token = await browser.search(AVERY, `?experiment=${PLATFORM}`);
    expect(toPlatform).toHaveBeenCalledTimes(1);
    expect(toDefault).not.toHaveBeenCalled();

    const onPlatform = (await browser.results(token, `&experiment=${PLATFORM}`)).data as { status: string };
    expect(onPlatform.status).toBe("Success");
    // The default service never saw the search: for it the token is unknown (a 404, NotFound).
    expect((await readBenefitSearch(services, token)).searchStatus).toBe("NotFound");
    expect((await browser.results(token)).data).toMatchObject({ status: "NotFound" });

    const applied = await browser.send(
      "POST",
      `/vision-insurance/results/${token}?experiment=${PLATFORM}`,
      resultsAction,
      {
        params: { token },
        body: { intent: "apply-insurance", benefitId: AVERY_BENEFIT, searchToken: token },
      },
    );
    expect(applied.location).toBe("/cart");
    const cart = (await browser.send("GET", "/cart", cartLoader)).data as { cart: { insurance: { applied: unknown } } };
    expect(cart.cart.insurance.applied).toMatchObject({ benefitId: AVERY_BENEFIT });
  });

  it("a visitor on the default path searches on the default service", async () => {
    const toPlatform = vi.spyOn(platform(), "startSearch");
    const token = await new Browser().search(AVERY, "?experiment=storefront-platform-insurance:default");
    expect(toPlatform).not.toHaveBeenCalled();
    expect((await readBenefitSearch(services, token)).searchStatus).toBe("Success");
  });

  it("an action naming no eligibility service falls back to the default, logged, never a 500", async () => {
    const content = withRunningExperiments([]);
    const file = path.join(content, "experiments.json");
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace('"storefront-platform"', '"no-such-platform"'));
    const app = createTestServices(database, { CONTENT_DIR: content });
    const warn = vi.spyOn(app.logger, "warn");
    const token = await new Browser(app).search(AVERY, `?experiment=${PLATFORM}`);
    expect((await readBenefitSearch(services, token)).searchStatus).toBe("Success");
    expect(warn).toHaveBeenCalledWith(
      { provider: "no-such-platform", fallback: "simulated" },
      "insurance_provider names no eligibility service; the default answers",
    );
  });

  it("the cart asks for the passive search on the visitor's service, and the job runs it there", async () => {
    const { customer, cartId, browser } = await customerCart();
    await database.db.insert(patients).values({ customerId: customer.id, firstName: "Avery", lastName: "Stone" });
    await database.db
      .insert(addresses)
      .values({ ...TEST_ADDRESS, customerId: customer.id, postalCode: AVERY.postalCode, isPrimary: false });
    const asked: unknown[] = [];
    const unregister = registerPassiveSearchSender(async (input) => void asked.push(input));
    try {
      await browser.send("GET", `/cart?experiment=${PLATFORM}`, cartLoader);
      await browser.send("GET", `/cart?experiment=${PLATFORM}&experiment=cart-insurance-switch:B`, cartLoader);
    } finally {
      unregister();
    }
    // Only the cart that offers insurance asks (path B's link has no offer to show).
    expect(asked).toEqual([{ customerId: customer.id, cartId, eligibility: STOREFRONT_PLATFORM_ELIGIBILITY }]);

    const toPlatform = vi.spyOn(platform(), "startSearch");
    expect(await passiveSearchJob(services, asked[0])).toEqual({ outcome: "kept" });
    expect(toPlatform).toHaveBeenCalledWith(expect.objectContaining({ firstName: "Avery", dateOfBirth: null }));
  });
});

describe("insurance-with-discount in the cart's money", () => {
  /** Three boxes an eye with SAVE5 ($5 off) and Avery's $150 benefit: the order costs more than both together. */
  async function insuredWithCoupon() {
    const ready = await customerCart(3);
    const shopper = { customerId: ready.customer.id, priceBook: "none" as const };
    expect(await applyCoupon(database.db, ready.cartId, "SAVE5", shopper)).toMatchObject({ ok: true });
    await insure(ready.cartId);
    return ready;
  }
  const cartPage = async (browser: Browser, query = "") =>
    (await browser.send("GET", `/cart${query}`, cartLoader)).data as CartPage;

  it("path A (and no variation) keeps the coupon beside the benefit; the control sets it aside, with why", async () => {
    const { browser } = await insuredWithCoupon();
    const combined = await cartPage(browser, "?experiment=insurance-with-discount:A");
    expect(combined.cart.orderSummary.discountAmount).toBe(500);
    expect(combined.cart.coupon).toMatchObject({ status: "applied", amountCents: 500, message: null });
    expect(combined.cart.orderSummary.insuranceBenefitsTotal).toBe(15000);
    expect(await cartPage(browser)).toEqual(combined);

    const aside = await cartPage(browser, "?experiment=insurance-with-discount:default");
    expect(aside.cart.orderSummary.discountAmount).toBe(0);
    expect(aside.cart.coupon).toMatchObject({
      status: "notQualified",
      amountCents: 0,
      message: INSURANCE_CART_MESSAGES.couponSetAside,
    });
    expect(aside.cart.orderSummary.insuranceBenefitsTotal).toBe(15000);
    expect(aside.cart.orderSummary.totalAmount).toBe(combined.cart.orderSummary.totalAmount + 500);
  });

  it("the control's coupon counts again once the benefit is removed", async () => {
    const { browser, cartId } = await insuredWithCoupon();
    await removeBenefits(database.db, cartId);
    const page = await cartPage(browser, "?experiment=insurance-with-discount:default");
    expect(page.cart.orderSummary.discountAmount).toBe(500);
    expect(page.cart.coupon).toMatchObject({ status: "applied", amountCents: 500 });
  });

  it("a coupon entered on an insured cart: saved with the reason on the control path, applied on path A", async () => {
    const { browser, cartId } = await customerCart(3);
    await insure(cartId);
    const control = await browser.send("POST", "/cart?experiment=insurance-with-discount:default", cartAction, {
      body: { intent: "apply-coupon", couponCode: "SAVE5" },
    });
    expect(control.location).toBe("/cart");
    expect(await browser.toast()).toMatchObject({
      kind: "info",
      message: `Coupon SAVE5 is saved to your cart. ${INSURANCE_CART_MESSAGES.couponSetAside}`,
    });
    await browser.send("POST", "/cart?experiment=insurance-with-discount:A", cartAction, {
      body: { intent: "apply-coupon", couponCode: "SAVE5" },
    });
    expect(await browser.toast()).toMatchObject({ kind: "success", message: "Coupon SAVE5 applied: $5.00 off." });
  });

  it("an order placed on the control path takes the benefit and not the coupon", async () => {
    const { input, cartId } = await insuredWithCoupon();
    const placed = await placeOrder(services, { ...input, shopper: { ...input.shopper, couponWithInsurance: false } });
    if (!placed.ok) throw new Error(placed.message);
    const [order] = await database.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(order).toMatchObject({ couponCode: null, discountCents: 0 });
    expect(order!.insuranceBenefit).toMatchObject({ benefitId: AVERY_BENEFIT, amountCents: 15000 });
  });
});

describe("the cart insurance switch", () => {
  const offer = (): InsuranceOffer => ({
    benefitId: AVERY_BENEFIT,
    planName: AVERY.planName,
    provider: AVERY.provider,
    remainingAllowance: 15000,
    foundAt: new Date().toISOString(),
    patientName: "Avery Stone",
    expiresAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
  });
  const applyOffer = (browser: Browser, query: string) =>
    browser.send("POST", `/cart${query}`, cartAction, {
      body: { intent: "apply-insurance-offer", benefitId: AVERY_BENEFIT, dateOfBirth: AVERY.dateOfBirth },
    });

  it("tells the page how to offer insurance: A (and no variation) the panel, B a link, control none", async () => {
    const { browser } = await customerCart();
    const entry = async (query: string) =>
      ((await browser.send("GET", `/cart${query}`, cartLoader)).data as CartPage).insuranceEntry;
    expect(await entry("")).toBe("offered");
    expect(await entry("?experiment=cart-insurance-switch:A")).toBe("offered");
    expect(await entry("?experiment=cart-insurance-switch:B")).toBe("link");
    expect(await entry("?experiment=cart-insurance-switch:default")).toBe("none");
  });

  it("a cart that does not offer insurance refuses the offer's post; one that does applies it", async () => {
    const { browser, cartId } = await customerCart();
    await database.db.update(carts).set({ insuranceOffer: offer() }).where(eq(carts.id, cartId));
    for (const variant of ["default", "B"]) {
      const refused = await applyOffer(browser, `?experiment=cart-insurance-switch:${variant}`);
      expect(refused.location).toBe("/cart");
      expect(await browser.toast()).toMatchObject({ kind: "error", message: INSURANCE_CART_MESSAGES.notOffered });
      expect(await benefitOf(cartId)).toBeNull();
    }
    const applied = await applyOffer(browser, "?experiment=cart-insurance-switch:A");
    expect(applied.location).toBe("/cart");
    expect(await browser.toast()).toMatchObject({ kind: "success", message: INSURANCE_CART_MESSAGES.applied });
    expect(await benefitOf(cartId)).toMatchObject({ benefitId: AVERY_BENEFIT });
  });

  it("takes an applied benefit off on every path (the cart always lists it)", async () => {
    const { browser, cartId } = await customerCart();
    await insure(cartId);
    await browser.send("POST", "/cart?experiment=cart-insurance-switch:default", cartAction, {
      body: { intent: "remove-insurance" },
    });
    expect(await browser.toast()).toMatchObject({ message: INSURANCE_CART_MESSAGES.removed });
    expect(await benefitOf(cartId)).toBeNull();
  });
});

describe("the checkout insurance switch", () => {
  it("path A offers the insurance panel at checkout (without the cart's offer); the control, as before, none", async () => {
    const { browser, cartId } = await customerCart();
    await insure(cartId);
    const page = async (query: string) =>
      ((await browser.send("GET", `/checkout${query}`, checkoutLoader)).data as { insurance: unknown }).insurance;
    expect(await page("")).toBeNull();
    expect(await page("?experiment=checkout-insurance-switch:default")).toBeNull();
    expect(await page("?experiment=checkout-insurance-switch:A")).toMatchObject({
      state: { applied: { benefitId: AVERY_BENEFIT }, offer: null },
      providers: services.insurance.providers,
    });
  });

  it("takes 'Remove insurance benefit' only where it offers insurance", async () => {
    const { browser, cartId } = await customerCart();
    await insure(cartId);
    const remove = (query: string) =>
      browser.send("POST", `/checkout${query}`, checkoutAction, { body: { intent: "remove-insurance" } });

    expect((await remove("")).location).toBe("/checkout");
    expect(await browser.toast()).toMatchObject({ kind: "error", message: INSURANCE_CART_MESSAGES.notOffered });
    expect(await benefitOf(cartId)).not.toBeNull();

    expect((await remove("?experiment=checkout-insurance-switch:A")).location).toBe("/checkout");
    expect(await browser.toast()).toMatchObject({ kind: "info", message: INSURANCE_CART_MESSAGES.removed });
    expect(await benefitOf(cartId)).toBeNull();
  });
});

describe("the rapid reorder insurance switch", () => {
  type ReorderPage = Extract<Awaited<ReturnType<typeof rapidReorderLoader>>, { ready: true }>;

  /** A customer whose last order is a toric lens for both eyes, with an address, a card, and an insured cart. */
  async function reorderingCustomer() {
    const ready = await readyToOrder(services, { slot: slot++ % 20 });
    for (const upc of [ready.right, ready.left]) {
      const [sku] = await database.db.select({ parameters: skus.parameters }).from(skus).where(eq(skus.upc, upc));
      await database.db
        .update(lineItems)
        .set({ selectedParameters: sku!.parameters })
        .where(and(eq(lineItems.groupId, ready.groupId), eq(lineItems.upc, upc)));
    }
    const placed = await placeOrder(services, ready.input);
    if (!placed.ok) throw new Error(placed.message);
    const { verificationStatus: _status, addressId: _id, ...fields } = TEST_ADDRESS;
    await createAddress(database.db, ready.customer.id, { ...fields, country: "US" });
    const cartId = await createCart(database.db, ready.customer.id);
    await insure(cartId);
    const browser = await Browser.of({ customerId: ready.customer.id, cartId });
    return { ...ready, cartId, browser };
  }
  const page = async (browser: Browser, query = "") => {
    const data = (await browser.send("GET", `/rapid-reorder${query}`, rapidReorderLoader)).data as ReorderPage;
    if (!data.ready) throw new Error("nothing to reorder");
    return data;
  };
  const formOf = (shown: ReorderPage) => {
    const body: Record<string, string> = {
      intent: "place-order",
      idempotencyKey: shown.idempotencyKey,
      shown: shown.shown,
      addressId: String(shown.choice.addressId),
      shippingLevel: String(shown.choice.shippingLevel),
      paymentMethodId: String(shown.choice.paymentMethodId),
    };
    shown.choice.quantities.forEach((quantity, index) => (body[`quantities[${index}]`] = String(quantity)));
    return body;
  };

  it("the control (and no variation) takes no benefit, as before", async () => {
    const { browser } = await reorderingCustomer();
    for (const query of ["", "?experiment=rapid-reorder-insurance-switch:default"]) {
      const shown = await page(browser, query);
      expect(shown.insurance).toMatchObject({ entry: "none", applied: null });
      expect(shown.totals!.summary.insuranceBenefitsTotal).toBe(0);
    }
  });

  it("path A takes the cart's benefit in the totals and the order; a resubmit answers with the same order", async () => {
    const { browser, customer } = await reorderingCustomer();
    const query = "?experiment=rapid-reorder-insurance-switch:A";
    const shown = await page(browser, query);
    const taken = shown.totals!.summary.insuranceBenefitsTotal;
    expect(taken).toBeGreaterThan(0);
    expect(shown.insurance).toMatchObject({
      entry: "offered",
      applied: { planName: AVERY.planName, amountCents: taken },
    });

    const placed = await browser.send("POST", `/rapid-reorder${query}`, rapidReorderAction, { body: formOf(shown) });
    expect(placed.location).toMatch(/^\/thank-you\?oid=/);
    const [order] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, shown.idempotencyKey))
      .limit(1);
    expect(order).toMatchObject({
      customerId: customer.id,
      insuranceBenefit: { benefitId: AVERY_BENEFIT, amountCents: taken },
    });
    expect(order!.totalCents).toBe(shown.totals!.summary.totalAmount);

    // The order took from the benefit, so what is left changed; the same form again is still that order.
    const again = await browser.send("POST", `/rapid-reorder${query}`, rapidReorderAction, { body: formOf(shown) });
    expect(again.location).toBe(placed.location);
    // A new rendering shows what is left.
    const next = await page(browser, query);
    expect(next.shown).not.toBe(shown.shown);
    expect(next.totals!.summary.insuranceBenefitsTotal).toBe(Math.min(taken, 15000 - taken));
  });

  it("path B takes the benefit too, and offers only the link when none is applied", async () => {
    const { browser, cartId } = await reorderingCustomer();
    const query = "?experiment=rapid-reorder-insurance-switch:B";
    expect((await page(browser, query)).insurance).toMatchObject({
      entry: "link",
      applied: { planName: AVERY.planName },
    });
    await removeBenefits(database.db, cartId);
    const bare = await page(browser, query);
    expect(bare.insurance).toMatchObject({ entry: "link", applied: null });
    expect(bare.totals!.summary.insuranceBenefitsTotal).toBe(0);
  });

  it("a form shown before the benefit changed shows the new totals instead of placing", async () => {
    const { browser, cartId } = await reorderingCustomer();
    const query = "?experiment=rapid-reorder-insurance-switch:A";
    const shown = await page(browser, query);
    await removeBenefits(database.db, cartId);
    const posted = await browser.send("POST", `/rapid-reorder${query}`, rapidReorderAction, { body: formOf(shown) });
    expect(posted.location).toMatch(/^\/rapid-reorder\?/);
    expect(await database.db.$count(orders, eq(orders.idempotencyKey, shown.idempotencyKey))).toBe(0);
  });
});

import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { formatCents } from "~/models/catalog";
import { loader as cartLoader } from "~/routes/cart";
import {
  action as pageConfigurationAction,
  loader as pageConfigurationGet,
} from "~/routes/api.customerDataPlatform.pageConfiguration";
import { loader as homeLoader } from "~/routes/home";
import type { ContentSource } from "~/services/adapters/content/content-source";
import type { DatabaseHandle } from "~/services/db/client.server";
import { orders, promotions } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import type { AppServices } from "~/services/platform/context.server";
import { apiCaller, customerWithToken, expectError, json, signInBrowser } from "../setup/api-client";
import { orderRow } from "../setup/order-fixtures";
import { createRequestContext, createTestServices } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// Content slots (issue 28, decision 61) against PGlite with the shipped content: the home page's offer and the cart's
// banner chosen for a new and a returning customer, and POST api/customerDataPlatform/pageConfiguration checked
// against the OpenAPI document.

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Cyber Week (promotion 17) runs Nov 1 to Dec 1 2026; the others the content names run through 2027. */
const DURING_CYBER_WEEK = new Date("2026-11-20T18:00:00Z");
const AFTER_CYBER_WEEK = new Date("2027-03-02T18:00:00Z");
const at = (now: Date) => vi.useFakeTimers({ toFake: ["Date"], now });

const LENSLANE_DAILY = seedProducts.find((product) => product.productId === 1901)!;

async function returningCustomer() {
  const shopper = await customerWithToken(database, "Rita");
  await database.db.insert(orders).values(orderRow(shopper.customer.id, `S${randomUUID().slice(0, 8)}`));
  return shopper;
}

async function pageData<T>(loader: (args: never) => Promise<T> | T, path: string, cookie?: string) {
  const request = new Request(`http://store.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const context = await createRequestContext(services, request);
  const result = (await loader({ request, params: {}, context } as never)) as unknown;
  return (result && typeof result === "object" && "data" in result ? result.data : result) as {
    offer?: { contentId: string; heading: string; text: string; isDefault: boolean };
    banner?: { contentId: string; heading: string; text: string };
    personalizationEvents: boolean;
  };
}

describe("the shipped content names the seeded promotions", () => {
  it("by the ids the slot configs use", async () => {
    const keys = ["private-label-trial", "coupon-welcome15", "coupon-cyber20", "auto-reorder-save5"];
    const rows = await database.db
      .select({ key: promotions.key, id: promotions.id })
      .from(promotions)
      .where(inArray(promotions.key, keys));
    expect(Object.fromEntries(rows.map((row) => [row.key, row.id]))).toEqual({
      "private-label-trial": 13,
      "coupon-welcome15": 16,
      "coupon-cyber20": 17,
      "auto-reorder-save5": 20,
    });
  });
});

describe("the home page's offer slot", () => {
  it("shows a new visitor the running new-customer promotion, its placeholders filled", async () => {
    at(AFTER_CYBER_WEEK);
    const page = await pageData(homeLoader, "/");
    expect(page.offer).toMatchObject({
      contentId: "home-offer-lenslane-daily-trial",
      isDefault: false,
      heading: "Try Lenslane Daily: $10 off your first box",
    });
    expect(page.offer!.text).toContain(`${formatCents(LENSLANE_DAILY.prices.control)} for a 15 pack`);
    // Signed out: no personalization events.
    expect(page.personalizationEvents).toBe(false);

    at(DURING_CYBER_WEEK);
    expect((await pageData(homeLoader, "/")).offer).toMatchObject({
      contentId: "home-offer-cyber-week",
      heading: "Cyber Week: 20% off your first order",
    });
  });

  it("shows a signed-in customer with no order the new-customer offer, with events on", async () => {
    at(AFTER_CYBER_WEEK);
    const { customer } = await customerWithToken(database, "Nia");
    const page = await pageData(homeLoader, "/", await signInBrowser(services, customer.id));
    expect(page.offer!.contentId).toBe("home-offer-lenslane-daily-trial");
    expect(page.personalizationEvents).toBe(true);
  });

  it("shows a returning customer the welcome back (the group override beats the auto-reorder promotion)", async () => {
    at(AFTER_CYBER_WEEK);
    const { customer } = await returningCustomer();
    const page = await pageData(homeLoader, "/", await signInBrowser(services, customer.id));
    expect(page.offer).toMatchObject({
      contentId: "home-offer-welcome-back",
      heading: "Welcome back! Your next box is a few clicks away",
    });
    expect(page.personalizationEvents).toBe(true);
  });
});

describe("the cart's banner slot", () => {
  it("offers a new visitor WELCOME15 and a returning customer auto-reorder savings", async () => {
    at(AFTER_CYBER_WEEK);
    expect((await pageData(cartLoader, "/cart")).banner).toMatchObject({
      contentId: "cart-banner-welcome15",
      heading: "New to Lenslane? Take 15% off your first order",
    });
    const { customer } = await returningCustomer();
    const banner = (await pageData(cartLoader, "/cart", await signInBrowser(services, customer.id))).banner!;
    expect(banner).toMatchObject({ contentId: "cart-banner-auto-reorder", heading: "Save 5% with auto-reorder" });
    expect(banner.text).toBe("Choose auto-reorder for a lens group and every order it places saves 5%.");
  });
});

describe("POST api/customerDataPlatform/pageConfiguration", () => {
  const path = "/api/customerDataPlatform/pageConfiguration";
  type Answer = { experience: string; sessionId: string | null; components: Array<Record<string, unknown>> };

  it("answers the experience's components for the visitor", async () => {
    at(AFTER_CYBER_WEEK);
    const call = apiCaller(services);
    const body = { experience: "home", parameters: { customerGroups: ["NI"], isMobile: false }, sessionId: "s-1" };
    const answer = await json<Answer>(await call(pageConfigurationAction, path, { body }), 200);
    expect(answer).toEqual({
      experience: "home",
      sessionId: "s-1",
      components: [
        expect.objectContaining({
          slot: "home-offer",
          contentId: "home-offer-lenslane-daily-trial",
          isDefault: false,
          variationId: null,
          heading: "Try Lenslane Daily: $10 off your first box",
          cta: { label: "Try Lenslane Daily", href: "/lens/lenslane-daily-15-pack" },
        }),
      ],
    });
    // Signed out, a client that has ordered before (or says RI) is a returning customer.
    const returning = { experience: "cart", parameters: { hasPreviousOrder: true, webCart: "ItemsInCart" } };
    const cart = await json<Answer>(await call(pageConfigurationAction, path, { body: returning }), 200);
    expect(cart.components.map((component) => component.contentId)).toEqual(["cart-banner-auto-reorder"]);
  });

  it("trusts what the store knows of a signed-in customer over the client's groups", async () => {
    at(AFTER_CYBER_WEEK);
    const call = apiCaller(services);
    const { token } = await customerWithToken(database, "Neo");
    const body = { experience: "home", parameters: { customerGroups: ["ReturningCustomer"], hasPreviousOrder: true } };
    const answer = await json<Answer>(await call(pageConfigurationAction, path, { body, token }), 200);
    expect(answer.components[0]!.contentId).toBe("home-offer-lenslane-daily-trial");
    const returning = await returningCustomer();
    const theirs = await json<Answer>(
      await call(pageConfigurationAction, path, { body: { experience: "home" }, token: returning.token }),
      200,
    );
    expect(theirs.components[0]!.contentId).toBe("home-offer-welcome-back");
  });

  it("uses the default context dlp when no experience is named; an unknown one has no components", async () => {
    at(AFTER_CYBER_WEEK);
    const call = apiCaller(services);
    const dlp = await json<Answer>(await call(pageConfigurationAction, path, { body: {} }), 200);
    expect(dlp).toMatchObject({ experience: "dlp", sessionId: null });
    expect(dlp.components.map((component) => component.slot)).toEqual(["home-offer"]);
    const none = await json<Answer>(
      await call(pageConfigurationAction, path, { body: { experience: "nowhere" } }),
      200,
    );
    expect(none.components).toEqual([]);
  });

  it("answers an empty component list when the decision fails", async () => {
    const broken = {
      ...services.content,
      getSlotConfig: async () => {
        throw new Error("content system down");
      },
    } as ContentSource;
    const call = apiCaller({ ...services, content: broken });
    const answer = await json<Answer>(await call(pageConfigurationAction, path, { body: { experience: "home" } }), 200);
    expect(answer.components).toEqual([]);
  });

  it("answers bad input with a 400, and GET with a 405", async () => {
    const call = apiCaller(services);
    await expectError(await call(pageConfigurationAction, path, { body: { experience: "a b" } }), 400, /experience/);
    await expectError(
      await call(pageConfigurationAction, path, { body: { parameters: { isMobile: "yes" } } }),
      400,
      /parameters\.isMobile/,
    );
    await expectError(
      await call(pageConfigurationAction, path, { body: { parameters: { webCart: "Somewhere" } } }),
      400,
      /webCart/,
    );
    await expectError(await call(pageConfigurationAction, path, { body: "not json" }), 400);
    await expectError(await call(pageConfigurationAction, path, { body: "[]" }), 400);
    const get = await call(pageConfigurationGet, path, { method: "GET" });
    expect(get.status).toBe(405);
  });
});

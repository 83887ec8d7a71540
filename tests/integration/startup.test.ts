import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as checkoutAction } from "~/routes/checkout";
import { loader as cartLoader } from "~/routes/cart";
import { loader as productLoader } from "~/routes/product";
import * as startup from "~/routes/api.startup";
import {
  createAuthSession,
  createAutoLoginToken,
  createCustomer,
  type Customer,
} from "~/services/accounts/auth/accounts.server";
import { STARTUP_EXPIRED_LINK } from "~/services/api/startup.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { paymentMethods, prescriptions } from "~/services/db/schema";
import { visitorContext, type AppServices } from "~/services/platform/context.server";
import { expectConforms } from "../setup/openapi-conformance";
import { CheckoutBuyer, location } from "../setup/checkout-buyer";
import { cardForm, insertTestDoctor, TORIC } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware, settle } from "../setup/test-context";

let database: DatabaseHandle;
let services: AppServices;
let ann: Customer;
let doctorId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  ann = await createCustomer(database.db, { email: "ann.startup@example.com", firstName: "Ann", lastName: "Lee" });
  doctorId = await insertTestDoctor(database.db);
});
afterAll(async () => {
  await database.close();
});

/** A browser: keeps the cookies each answer sets. */
class Browser {
  readonly cookies = new Map<string, string>();
  header() {
    return [...this.cookies.values()].join("; ");
  }
  keep(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(";")[0]!;
      this.cookies.set(pair.slice(0, pair.indexOf("=")), pair);
    }
    return response;
  }
  async startup(body: unknown, headers: Record<string, string> = {}) {
    const request = new Request("http://store.test/api/startup", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: this.header(), ...headers },
      body: JSON.stringify(body),
    });
    return this.keep(
      await runThroughMiddleware(
        services,
        request,
        async (context) => (await settle(() => startup.action({ request, params: {}, context } as never))) as Response,
      ),
    );
  }
  /** What the root middleware makes of this browser on a page. */
  async visitor() {
    const request = new Request("http://store.test/", { headers: { Cookie: this.header() } });
    let seen: { priceBook: string; customerGroups: string[]; signedIn: boolean; referralBrandingCode: string | null };
    await runThroughMiddleware(services, request, async (context) => {
      const visitor = context.get(visitorContext);
      seen = { ...visitor, customerGroups: visitor.customerGroups };
      return new Response("ok");
    });
    return seen!;
  }
}

describe("POST api/startup", () => {
  it("starts a plain visit from an empty body, as the OpenAPI document says", async () => {
    const response = await new Browser().startup({});
    expect(response.status).toBe(200);
    expect(await response.clone().json()).toEqual({
      userData: { customer: null, customerGroups: ["NewCustomer"], priceBook: "none", trafficChannel: "Direct" },
      campaignOverrides: {},
      redirectUrl: null,
    });
    await expectConforms("POST", "/api/startup", response);
  });

  it("signs in by auto-login token, keeps the price book, branding and the visit's groups in the session", async () => {
    const browser = new Browser();
    const autoLoginToken = await createAutoLoginToken(database.db, services.sessions.secrets, ann.id);
    const response = await browser.startup({
      autoLoginToken,
      priceBook: "high",
      referralBrandingCode: "partner-co",
      customerGroupsToAdd: ["RebateA_1123", "ReturningCustomer"],
    });
    const body = await response.json();
    expect(body.userData.customer).toMatchObject({ customerId: ann.id, emailAddress: "ann.startup@example.com" });
    expect(body.userData.customerGroups).toEqual(["NewCustomer", "RebateA_1123"]);
    expect(body.userData.ignoredCustomerGroups).toEqual(["ReturningCustomer"]);
    expect(body.userData.priceBook).toBe("high");

    const after = await browser.visitor();
    expect(after).toMatchObject({ signedIn: true, priceBook: "high", referralBrandingCode: "partner-co" });
    expect(after.customerGroups).toEqual(["NewCustomer", "Lead", "RebateA_1123"]);

    // Assigning the other price book replaces it; removing a group drops it.
    await browser.startup({ priceBook: "low", customerGroupsToRemove: ["RebateA_1123"] });
    expect(await browser.visitor()).toMatchObject({ priceBook: "low", customerGroups: ["NewCustomer", "Lead"] });
  });

  it("says when the link has expired, refuses unknown groups and price books, and 401s a bad bearer token", async () => {
    const expired = await (await new Browser().startup({ autoLoginToken: "forged.token" })).json();
    expect(expired.userData).toMatchObject({ customer: null, notice: STARTUP_EXPIRED_LINK });
    const unknown = await new Browser().startup({ customerGroupsToAdd: ["VIP"] });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toBe("Unknown customer group: VIP.");
    expect((await new Browser().startup({ priceBook: "medium" })).status).toBe(400);
    expect((await new Browser().startup({}, { Authorization: "Bearer not-a-real-token-at-all-123" })).status).toBe(401);
  });

  it("gives an app a token for the auto-login link, and opens the customer's own prescription by rxId", async () => {
    const autoLoginToken = await createAutoLoginToken(database.db, services.sessions.secrets, ann.id);
    const [rx] = await database.db
      .insert(prescriptions)
      .values({
        customerId: ann.id,
        patientFirstName: "Ann",
        patientLastName: "Lee",
        source: "typed",
        status: "Verified",
      })
      .returning();
    const first = await new Browser().startup({ autoLoginToken, rxId: rx!.id });
    const body = await first.json();
    expect(body.redirectUrl).toBe(`/account/prescriptions/${rx!.id}`);

    // An app signed in by bearer token gets a token for the link's customer back.
    const bearer = await createAuthSession(database.db, ann.id, "password", false);
    const app = await (
      await new Browser().startup({ autoLoginToken, rememberMe: false }, { Authorization: `Bearer ${bearer}` })
    ).json();
    expect(app.userData).toMatchObject({ customer: { customerId: ann.id }, token: expect.any(String) });

    const someone = await createCustomer(database.db, { email: "someone.startup@example.com" });
    const theirs = await createAutoLoginToken(database.db, services.sessions.secrets, someone.id);
    expect(
      (await (await new Browser().startup({ autoLoginToken: theirs, rxId: rx!.id })).json()).redirectUrl,
    ).toBeNull();
  });

  it("puts a coupon on the visitor's cart, and says why not when it cannot", async () => {
    const browser = new Browser();
    const bad = await (await browser.startup({ couponCode: "NOPE-NOT-REAL" })).json();
    expect(bad.userData.coupon).toEqual({ applied: false, message: "The coupon code is not valid." });
    const good = await (await browser.startup({ couponCode: "SAVE10" })).json();
    expect(good.userData.coupon.applied).toBe(true);
  });
});

describe("a price book end to end", () => {
  it("prices the product page, the cart and the order from the visitor's book", async () => {
    const buyer = await CheckoutBuyer.create(services, { email: "book.startup@example.com", doctorId, stockSlot: 41 });
    const cookieOf = () => [...buyer.cookies.values()].join("; ");
    const request = new Request("http://store.test/api/startup", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookieOf() },
      body: JSON.stringify({ priceBook: "high" }),
    });
    const started = await runThroughMiddleware(
      services,
      request,
      async (context) => (await settle(() => startup.action({ request, params: {}, context } as never))) as Response,
    );
    for (const header of started.headers.getSetCookie()) buyer.keep(header.split(";")[0]!);

    const product = (
      await buyer.send("GET", `/lens/${TORIC.vanityUrl}`, productLoader, { params: { name: TORIC.vanityUrl } })
    ).result as { data: { product: { unitPriceCents: number } } };
    const high = TORIC.prices.high!;
    expect(high).not.toBe(TORIC.prices.control);
    expect(product.data.product.unitPriceCents).toBe(high);

    const cart = (await buyer.send("GET", "/cart", cartLoader)).result as { data?: unknown };
    expect(JSON.stringify(cart)).toContain(`"unitPriceCents":${high}`);

    await buyer.send("POST", "/checkout", checkoutAction, { body: { intent: "save-card", ...cardForm() } });
    const [card] = await database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.customerId, buyer.customer.id));
    const placed = await buyer.send("POST", "/checkout", checkoutAction, {
      body: { intent: "place-order", idempotencyKey: crypto.randomUUID(), paymentMethodId: String(card!.id) },
    });
    expect(location(placed.response)).toMatch(/^\/thank-you\?oid=LL/);
    const [order] = await buyer.orders();
    // Two boxes a side at the high book's price.
    expect(order!.subtotalCents).toBe(4 * high);
  });
});

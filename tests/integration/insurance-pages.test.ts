import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INSURANCE_CART_MESSAGES, INSURANCE_MESSAGES, INSURANCE_POLL_DELAYS_MS } from "~/models/insurance";
import { action as cartAction, loader as cartLoader } from "~/routes/cart";
import { action as examLandingAction, loader as examLandingLoader } from "~/routes/exam.landing";
import { action as productAction } from "~/routes/product";
import { action as visionInsuranceAction, loader as visionInsuranceLoader } from "~/routes/vision-insurance";
import { action as resultsAction, loader as resultsLoader } from "~/routes/vision-insurance.results.$token";
import { SEED_MEMBERS, type SeedMember } from "~/services/adapters/insurance/simulated-members";
import type { DatabaseHandle } from "~/services/db/client.server";
import { carts } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import type { AppServices } from "~/services/platform/context.server";
import { isDataWithInit } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware, settle } from "../setup/test-context";

// The insurance pages (decision 54) through the request path: 'Check my benefits', the results page's polling,
// 'Apply to my cart', the cart's remove and offer forms, and the exam landing page's check. Plain form posts, as a
// browser without JavaScript sends them.

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

const SOLUTION = seedProducts.find((product) => product.vanityUrl === "clear-care-plus-3-pack")!;
const member = (key: string): SeedMember => SEED_MEMBERS.find((candidate) => candidate.key === key)!;
const AVERY = member("avery-stone");

class Browser {
  cookie = "";
  async send(
    method: "GET" | "POST",
    path: string,
    route: (args: never) => unknown,
    options: { body?: Record<string, string>; params?: Record<string, string> } = {},
  ) {
    const request = new Request(`http://store.test${path}`, {
      method,
      body: options.body ? new URLSearchParams(options.body).toString() : undefined,
      headers: {
        "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0.0.0 Safari/537.36",
        ...(options.body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
      },
    });
    let result: unknown;
    const response = await runThroughMiddleware(services, request, async (context) => {
      result = await settle(() => route({ request, params: options.params ?? {}, context } as never) as never);
      if (result instanceof Response) return result;
      if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
      return Response.json(result);
    });
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(";")[0]!;
      if (pair.startsWith(`${services.sessions.cookieName}=`)) this.cookie = pair;
    }
    const data = isDataWithInit(result) ? result.data : result;
    return { response, data: data as Record<string, never> };
  }

  async search(m: SeedMember): Promise<string> {
    const { response } = await this.send("POST", "/vision-insurance", visionInsuranceAction, {
      body: { firstName: m.firstName, lastName: m.lastName, dateOfBirth: m.dateOfBirth, zip: m.postalCode },
    });
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/vision-insurance\/results\/[A-Za-z0-9_-]+$/);
    return location.split("/").pop()!;
  }

  results(token: string, poll = 0) {
    return this.send("GET", `/vision-insurance/results/${token}?poll=${poll}`, resultsLoader, { params: { token } });
  }

  async cart() {
    return (await this.send("GET", "/cart", cartLoader)).data as unknown as {
      cart: {
        orderSummary: { insuranceBenefitsTotal: number };
        customerGroups: string[];
        insurance: { applied: { benefitId: string } | null; offer: { benefitId: string } | null };
        cartId: string;
      };
    };
  }
}

describe("/vision-insurance", () => {
  it("shows the content and the providers to choose from", async () => {
    const { data } = await new Browser().send("GET", "/vision-insurance", visionInsuranceLoader);
    expect((data as unknown as { providers: string[] }).providers).toEqual([
      "Brightview",
      "ClearPath",
      "Evergreen",
      "Northstar",
    ]);
  });

  it("refuses a ZIP that is not a US ZIP and an unreadable date of birth, with the messages", async () => {
    const { response, data } = await new Browser().send("POST", "/vision-insurance", visionInsuranceAction, {
      body: { firstName: "Avery", lastName: "Stone", dateOfBirth: "someday", zip: "ABCDE" },
    });
    expect(response.status).toBe(400);
    const errors = (data as unknown as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors.zip).toEqual([INSURANCE_MESSAGES.invalidZip]);
    expect(errors.dateOfBirth).toEqual(["Enter the date of birth as YYYY-MM-DD."]);
  });
});

describe("the results page", () => {
  it("polls a slow answer on the schedule, then shows the benefits", async () => {
    const browser = new Browser();
    const token = await browser.search(member("jordan-reyes"));
    const first = (await browser.results(token, 0)).data as unknown as Record<string, unknown>;
    expect(first).toMatchObject({
      status: "Pending",
      polling: true,
      nextPollSeconds: INSURANCE_POLL_DELAYS_MS[1] / 1000,
    });
    await browser.results(token, 1);
    const third = (await browser.results(token, 2)).data as unknown as { polling: boolean; benefits: unknown[] };
    expect(third.polling).toBe(false);
    expect(third.benefits.length).toBeGreaterThan(0);
  });

  it("a search still pending at the last poll is NotFound", async () => {
    const browser = new Browser();
    const token = await browser.search(member("taylor-brooks"));
    const last = INSURANCE_POLL_DELAYS_MS.length - 1;
    const { data } = await browser.results(token, last);
    expect(data).toMatchObject({ status: "NotFound", polling: false, nextPollSeconds: null });
  });

  it("applies a benefit to the cart; the cart's 'Remove' takes it off", async () => {
    const browser = new Browser();
    await browser.send("POST", `/contact-lens-solution/${SOLUTION.vanityUrl}`, productAction, {
      body: { intent: "add-to-cart", quantity: "2" },
      params: { name: SOLUTION.vanityUrl },
    });
    const token = await browser.search(AVERY);
    const { data } = await browser.results(token);
    const benefits = (data as unknown as { benefits: Array<{ benefitId: string; appliable: boolean }> }).benefits;
    expect(benefits).toEqual([expect.objectContaining({ benefitId: AVERY.benefits[0]!.benefitId, appliable: true })]);

    const applied = await browser.send("POST", `/vision-insurance/results/${token}`, resultsAction, {
      body: { intent: "apply-insurance", benefitId: benefits[0]!.benefitId, searchToken: token },
      params: { token },
    });
    expect(applied.response.status).toBe(303);
    expect(applied.response.headers.get("Location")).toBe("/cart");
    const { cart } = await browser.cart();
    expect(cart.orderSummary.insuranceBenefitsTotal).toBeGreaterThan(0);
    expect(cart.customerGroups).toContain("Insurance_Customer");

    const removed = await browser.send("POST", "/cart", cartAction, { body: { intent: "remove-insurance" } });
    expect(removed.response.status).toBe(303);
    const after = (await browser.cart()).cart;
    expect(after.orderSummary.insuranceBenefitsTotal).toBe(0);
    expect(after.customerGroups).not.toContain("Insurance_Customer");
  });

  it("refuses to apply with another search's token", async () => {
    const browser = new Browser();
    const token = await browser.search(AVERY);
    const other = await browser.search(AVERY);
    const { response } = await browser.send("POST", `/vision-insurance/results/${token}`, resultsAction, {
      body: { intent: "apply-insurance", benefitId: AVERY.benefits[0]!.benefitId, searchToken: other },
      params: { token },
    });
    expect(response.status).toBe(400);
  });
});

describe("the cart's offer", () => {
  it("applies the passive search's offer once the member's date of birth verifies", async () => {
    const browser = new Browser();
    await browser.send("POST", `/contact-lens-solution/${SOLUTION.vanityUrl}`, productAction, {
      body: { intent: "add-to-cart", quantity: "1" },
      params: { name: SOLUTION.vanityUrl },
    });
    const { cart } = await browser.cart();
    const benefitId = AVERY.benefits[0]!.benefitId;
    await database.db
      .update(carts)
      .set({
        insuranceOffer: {
          benefitId,
          planName: AVERY.planName,
          provider: AVERY.provider,
          remainingAllowance: 15000,
          patientName: "Avery Stone",
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        },
      })
      .where(eq(carts.id, cart.cartId));
    expect((await browser.cart()).cart.insurance.offer?.benefitId).toBe(benefitId);

    const wrong = await browser.send("POST", "/cart", cartAction, {
      body: { intent: "apply-insurance-offer", benefitId, dateOfBirth: "1990-01-01" },
    });
    expect(wrong.response.status).toBe(400);
    const error = (wrong.data as unknown as { result: { error: Record<string, string[]> } }).result.error;
    expect(error.dateOfBirth).toEqual([INSURANCE_CART_MESSAGES.notVerified]);

    const right = await browser.send("POST", "/cart", cartAction, {
      body: { intent: "apply-insurance-offer", benefitId, dateOfBirth: AVERY.dateOfBirth },
    });
    expect(right.response.status).toBe(303);
    const after = (await browser.cart()).cart;
    expect(after.insurance.applied?.benefitId).toBe(benefitId);
    expect(after.insurance.offer).toBeNull();
  });
});

describe("the exam landing page's insurance check", () => {
  it("starts a search and shows its answer on the page, never from a shared cache", async () => {
    const browser = new Browser();
    const posted = await browser.send("POST", "/exam/landing", examLandingAction, {
      body: {
        intent: "exam-insurance",
        firstName: AVERY.firstName,
        lastName: AVERY.lastName,
        dateOfBirth: AVERY.dateOfBirth,
        postalCode: AVERY.postalCode,
      },
    });
    expect(posted.response.status).toBe(303);
    const location = posted.response.headers.get("Location")!;
    expect(location).toMatch(/^\/exam\/landing\?insuranceSearch=[A-Za-z0-9_-]+#exam-insurance$/);
    const { response, data } = await browser.send("GET", location.replace(/#.*$/, ""), examLandingLoader);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect((data as unknown as { insurance: { result: Record<string, unknown> } }).insurance.result).toMatchObject({
      searchStatus: "Complete",
      coverageToken: AVERY.benefits[2]!.benefitId,
    });
    const plain = await browser.send("GET", "/exam/landing", examLandingLoader);
    expect((plain.data as unknown as { insurance: unknown }).insurance).toBeNull();
  });

  it("refuses bad input with 400", async () => {
    const { response } = await new Browser().send("POST", "/exam/landing", examLandingAction, {
      body: { intent: "exam-insurance", firstName: "", lastName: "B", dateOfBirth: "1990-01-01", postalCode: "1" },
    });
    expect(response.status).toBe(400);
  });
});

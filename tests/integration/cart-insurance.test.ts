import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INSURANCE_CART_MESSAGES, NO_COVERAGE_TOKEN } from "~/models/insurance";
import { formatCents } from "~/models/catalog";
import { placedOrderTotals } from "~/models/order-status";
import * as cartInsuranceApi from "~/routes/api.cart.insurance";
import * as orderDetailsApi from "~/routes/api.orders.$id.details";
import { createAuthSession } from "~/services/accounts/auth/accounts.server";
import { orderDetails } from "~/services/orders/order-history.server";
import * as examResultApi from "~/routes/api.examInsurance.searchResult.$token";
import * as examSearchApi from "~/routes/api.examInsurance.search";
import * as searchApi from "~/routes/api.insurance.memberBenefitSearch";
import { SEED_MEMBERS, type SeedMember } from "~/services/adapters/insurance/simulated-members";
import { applyBenefitFromSearch, applyOfferedBenefit, removeBenefits } from "~/services/cart/cart-insurance.server";
import { pricedCart } from "~/services/cart/cart-pricing.server";
import { readBenefitSearch } from "~/services/insurance/benefit-search.server";
import { addGroup, createCart } from "~/services/cart/cart.server";
import { placeOrder } from "~/services/checkout/place-order.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { addresses, carts, orders, patients } from "~/services/db/schema";
import {
  passiveSearchJob,
  passiveSearchSingleton,
  queuePassiveSearch,
  registerPassiveSearchSender,
  runPassiveSearch,
  sweepInsurance,
} from "~/services/insurance/passive-search.server";
import { endSignedInSession } from "~/services/sign-in/sign-in.server";
import type { AppServices } from "~/services/platform/context.server";
import { apiCaller, browserCookie, expectError, json, stockedSku } from "../setup/api-client";
import { readyToOrder, TEST_ADDRESS, TORIC } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices } from "../setup/test-context";

// Insurance benefits on the cart and the order (issue 27, decision 54), against the simulated eligibility service.

let database: DatabaseHandle;
let services: AppServices;
let call: ReturnType<typeof apiCaller>;
let slot = 0;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  call = apiCaller(services);
});
afterAll(async () => {
  await database.close();
});

const member = (key: string): SeedMember => SEED_MEMBERS.find((candidate) => candidate.key === key)!;
const AVERY = member("avery-stone");
const AVERY_LENS_BENEFIT = AVERY.benefits[0]!.benefitId;
const noWait = () => Promise.resolve();

async function searchFor(m: SeedMember): Promise<string> {
  const body = await json<{ searchToken: string }>(
    await call(searchApi.action, "/api/insurance/memberBenefitSearch", {
      body: {
        firstName: m.firstName,
        lastName: m.lastName,
        postalCodes: [m.postalCode],
        dateOfBirth: m.dateOfBirth,
        searchReason: "customerInitiated",
      },
    }),
    200,
  );
  return body.searchToken;
}

const priced = (cartId: string, customerId: number | null = null) =>
  pricedCart(services, cartId, { customerId, priceBook: "none" });

describe("search → apply → order", () => {
  it("applies a found benefit: insuranceBenefitsTotal and the insurance group; the order records it", async () => {
    const { input, cartId, customer } = await readyToOrder(services, { slot: slot++ });
    const before = await priced(cartId, customer.id);
    expect(before.orderSummary.insuranceBenefitsTotal).toBe(0);
    expect(before.customerGroups).not.toContain("Insurance_Customer");

    const token = await searchFor(AVERY);
    const outcome = await applyBenefitFromSearch(services, cartId, {
      searchToken: token,
      benefitId: AVERY_LENS_BENEFIT,
    });
    expect(outcome).toMatchObject({ ok: true, applied: { insuranceBenefitAmount: 15000, isCoinsurance: false } });

    const after = await priced(cartId, customer.id);
    const expected = Math.min(15000, before.orderSummary.totalAmount);
    expect(after.orderSummary.insuranceBenefitsTotal).toBe(expected);
    expect(after.orderSummary.totalAmount).toBe(before.orderSummary.totalAmount - expected);
    expect(after.customerGroups).toContain("Insurance_Customer");

    const placed = await placeOrder(services, input);
    if (!placed.ok) throw new Error(placed.message);
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    expect(order!.insuranceBenefit).toEqual({
      benefitId: AVERY_LENS_BENEFIT,
      planName: AVERY.planName,
      provider: AVERY.provider,
      amountCents: expected,
    });
    expect(order!.totalCents).toBe(after.orderSummary.totalAmount);

    // The order pages show it as a row of the totals; the API's details answer it.
    const details = (await orderDetails(database.db, customer.id, placed.orderNumber))!;
    expect(placedOrderTotals(details.totals).rows).toContainEqual({
      label: `Insurance benefits (${AVERY.planName})`,
      amount: `−${formatCents(expected)}`,
    });
    const bearer = await createAuthSession(database.db, customer.id, "password", false);
    const answer = await json<{ orderSummary: Record<string, number>; insuranceBenefit: { benefitId: string } }>(
      await call(orderDetailsApi.loader, `/api/orders/${placed.orderNumber}/details`, {
        token: bearer,
        params: { id: placed.orderNumber },
      }),
      200,
    );
    expect(answer.orderSummary.insuranceBenefitsTotal).toBe(expected);
    expect(answer.insuranceBenefit.benefitId).toBe(AVERY_LENS_BENEFIT);
  });

  it("refuses a benefit the search did not find, a dropped frame benefit, and an expired one", async () => {
    const cartId = await createCart(database.db);
    const token = await searchFor(AVERY);
    const frame = AVERY.benefits[1]!.benefitId;
    for (const benefitId of [frame, member("pat-kim").benefits[0]!.benefitId]) {
      expect(await applyBenefitFromSearch(services, cartId, { searchToken: token, benefitId })).toMatchObject({
        ok: false,
        reason: "not-appliable",
      });
    }
    const casey = member("casey-ford");
    const expiredToken = await searchFor(casey);
    expect(
      await applyBenefitFromSearch(services, cartId, {
        searchToken: expiredToken,
        benefitId: casey.benefits[0]!.benefitId,
      }),
    ).toMatchObject({ ok: false });
    // A coinsurance benefit is ContactUs on the default path: nothing to apply.
    const morgan = member("morgan-hale");
    expect(
      await applyBenefitFromSearch(services, cartId, {
        searchToken: await searchFor(morgan),
        benefitId: morgan.benefits[0]!.benefitId,
      }),
    ).toMatchObject({ ok: false });
    expect((await priced(cartId)).insurance.applied).toBeNull();
  });

  it("removing clears the total and the group", async () => {
    const { cartId, customer } = await readyToOrder(services, { slot: slot++ });
    await applyBenefitFromSearch(services, cartId, {
      searchToken: await searchFor(AVERY),
      benefitId: AVERY_LENS_BENEFIT,
    });
    expect(await removeBenefits(database.db, cartId, ["some-other-benefit"])).toBe(false);
    expect(await removeBenefits(database.db, cartId)).toBe(true);
    const after = await priced(cartId, customer.id);
    expect(after.orderSummary.insuranceBenefitsTotal).toBe(0);
    expect(after.customerGroups).not.toContain("Insurance_Customer");
    expect(after.insurance.orderBenefit).toBeNull();
  });
});

describe("no stacking with rebates", () => {
  it("an applied benefit replaces the cart's mail-in rebate; removing it brings the rebate back", async () => {
    // 2 boxes an eye: 4 boxes of Acuvue earn its mail-in rebate.
    const { cartId, customer } = await readyToOrder(services, { slot: slot++, quantity: 2 });
    const before = await priced(cartId, customer.id);
    expect(before.orderSummary.rebateTotal).toBeGreaterThan(0);
    expect(before.rebates.length).toBeGreaterThan(0);

    await applyBenefitFromSearch(services, cartId, {
      searchToken: await searchFor(AVERY),
      benefitId: AVERY_LENS_BENEFIT,
    });
    const insured = await priced(cartId, customer.id);
    expect(insured.orderSummary.rebateTotal).toBe(0);
    expect(insured.rebates).toEqual([]);
    expect(insured.rebateHints).toEqual([]);
    expect(insured.insurance.displacedRebateCents).toBe(before.orderSummary.rebateTotal);
    expect(insured.orderSummary.insuranceBenefitsTotal).toBeGreaterThan(0);

    await removeBenefits(database.db, cartId);
    const again = await priced(cartId, customer.id);
    expect(again.orderSummary.rebateTotal).toBe(before.orderSummary.rebateTotal);
  });
});

describe("no stacking on the order", () => {
  it("an order placed with a benefit records it and no mail-in rebate (so no rebate form)", async () => {
    const { input, cartId } = await readyToOrder(services, { slot: slot++, quantity: 2 });
    await applyBenefitFromSearch(services, cartId, {
      searchToken: await searchFor(AVERY),
      benefitId: AVERY_LENS_BENEFIT,
    });
    const placed = await placeOrder(services, input);
    if (!placed.ok) throw new Error(placed.message);
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, placed.orderNumber));
    expect(order!.rebateCents).toBe(0);
    expect(order!.insuranceBenefit?.benefitId).toBe(AVERY_LENS_BENEFIT);
  });
});

describe("the allowance again when the order is placed (decision 54)", () => {
  const RILEY = member("riley-chen");
  const RILEY_BENEFIT = RILEY.benefits[0]!.benefitId;
  const insuranceOf = async (cartId: string) =>
    (await database.db.select({ applied: carts.insuranceBenefit }).from(carts).where(eq(carts.id, cartId)))[0]!.applied;

  it("a one-time-use benefit two carts applied pays for the first order only; the second cart drops it", async () => {
    const first = await readyToOrder(services, { slot: slot++ });
    const second = await readyToOrder(services, { slot: slot++ });
    // Riley's plan answers Pending once: the search is read until it succeeds.
    const token = await searchFor(RILEY);
    await readBenefitSearch(services, token);
    for (const { cartId } of [first, second]) {
      const applied = await applyBenefitFromSearch(services, cartId, { searchToken: token, benefitId: RILEY_BENEFIT });
      expect(applied).toMatchObject({ ok: true, applied: { isOneTimeUse: true } });
    }
    const placed = await placeOrder(services, first.input);
    if (!placed.ok) throw new Error(placed.message);

    const refused = await placeOrder(services, second.input);
    expect(refused).toEqual({ ok: false, reason: "insurance", message: INSURANCE_CART_MESSAGES.allowanceUsed });
    // Nothing was taken for the refused order, and its cart no longer counts on the benefit.
    expect(await database.db.$count(orders, eq(orders.cartId, second.cartId))).toBe(0);
    expect(await insuranceOf(second.cartId)).toBeNull();
    const full = await priced(second.cartId, second.customer.id);
    expect(full.orderSummary.insuranceBenefitsTotal).toBe(0);
    const again = await placeOrder(services, { ...second.input, idempotencyKey: randomUUID() });
    if (!again.ok) throw new Error(again.message);
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, again.orderNumber));
    expect(order!.insuranceBenefit).toBeNull();
    expect(order!.totalCents).toBe(full.orderSummary.totalAmount);
  });

  it("an allowance two carts share: the second order takes what the first left, after the shopper reviews it", async () => {
    // One box an eye (under the $150 allowance), then two (over what the first leaves).
    const first = await readyToOrder(services, { slot: slot++, quantity: 1 });
    const second = await readyToOrder(services, { slot: slot++, quantity: 2 });
    const token = await searchFor(AVERY);
    for (const { cartId } of [first, second]) {
      await applyBenefitFromSearch(services, cartId, { searchToken: token, benefitId: AVERY_LENS_BENEFIT });
    }
    const firstTotal = (await priced(first.cartId, first.customer.id)).orderSummary.insuranceBenefitsTotal;
    const placed = await placeOrder(services, first.input);
    if (!placed.ok) throw new Error(placed.message);
    const left = 15000 - firstTotal;
    expect(left).toBeGreaterThan(0);

    const wanted = (await priced(second.cartId, second.customer.id)).orderSummary.insuranceBenefitsTotal;
    expect(wanted).toBeGreaterThan(left);
    expect(await placeOrder(services, second.input)).toMatchObject({ ok: false, reason: "insurance" });
    expect(await insuranceOf(second.cartId)).toMatchObject({ insuranceBenefitAmount: left });
    const reviewed = await priced(second.cartId, second.customer.id);
    expect(reviewed.orderSummary.insuranceBenefitsTotal).toBe(left);

    const again = await placeOrder(services, { ...second.input, idempotencyKey: randomUUID() });
    if (!again.ok) throw new Error(again.message);
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, again.orderNumber));
    expect(order!.insuranceBenefit?.amountCents).toBe(left);
  });
});

describe("POST and DELETE api/cart/insurance", () => {
  async function guestCart() {
    const cartId = await createCart(database.db);
    const sku = await stockedSku(database, TORIC.productId);
    await addGroup(database.db, cartId, {
      type: "Lens",
      autoReorderFrequencyDays: null,
      items: [{ whichEye: "right", productId: TORIC.productId, upc: sku.upc, quantity: 1, parameters: sku.parameters }],
    });
    return { cartId, cookie: await browserCookie(services, cartId) };
  }

  it("applies with the search's token and removes by benefit id", async () => {
    const { cookie } = await guestCart();
    const searchToken = await searchFor(AVERY);
    const applied = await json<{ message: string; cart: Record<string, never> }>(
      await call(cartInsuranceApi.action, "/api/cart/insurance", {
        cookie,
        body: { benefitId: AVERY_LENS_BENEFIT, searchToken },
      }),
      200,
    );
    const cart = applied.cart as unknown as {
      customerGroups: string[];
      orderSummary: { insuranceBenefitsTotal: number };
      cartInsuranceBenefits: Array<{ benefitId: string }>;
    };
    expect(applied.message).toBe(INSURANCE_CART_MESSAGES.applied);
    expect(cart.orderSummary.insuranceBenefitsTotal).toBeGreaterThan(0);
    expect(cart.customerGroups).toContain("Insurance_Customer");
    expect(cart.cartInsuranceBenefits.map((benefit) => benefit.benefitId)).toEqual([AVERY_LENS_BENEFIT]);

    await expectError(
      await call(cartInsuranceApi.action, "/api/cart/insurance", {
        cookie,
        method: "DELETE",
        body: { benefitIds: ["0b6f4c1e-0000-0000-0000-000000000000"] },
      }),
      404,
    );
    const removed = await json<{
      cart: { customerGroups: string[]; orderSummary: { insuranceBenefitsTotal: number } };
    }>(
      await call(cartInsuranceApi.action, "/api/cart/insurance", {
        cookie,
        method: "DELETE",
        body: { benefitIds: [AVERY_LENS_BENEFIT] },
      }),
      200,
    );
    expect(removed.cart.orderSummary.insuranceBenefitsTotal).toBe(0);
    expect(removed.cart.customerGroups).not.toContain("Insurance_Customer");
  });

  it("applies the cart's offer with the member's date of birth, verified with the provider", async () => {
    const { cartId, cookie } = await guestCart();
    await database.db
      .update(carts)
      .set({
        insuranceOffer: {
          benefitId: AVERY_LENS_BENEFIT,
          planName: AVERY.planName,
          provider: AVERY.provider,
          remainingAllowance: 15000,
          patientName: "Avery Stone",
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        },
      })
      .where(eq(carts.id, cartId));
    await expectError(
      await call(cartInsuranceApi.action, "/api/cart/insurance", {
        cookie,
        body: { benefitId: AVERY_LENS_BENEFIT, dateOfBirth: "1990-01-01" },
      }),
      422,
      INSURANCE_CART_MESSAGES.notVerified,
    );
    const applied = await json<{ cart: { cartInsuranceBenefits: Array<{ benefitId: string }> } }>(
      await call(cartInsuranceApi.action, "/api/cart/insurance", {
        cookie,
        body: { benefitId: AVERY_LENS_BENEFIT, dateOfBirth: "04/12/1988" },
      }),
      200,
    );
    expect(applied.cart.cartInsuranceBenefits.map((benefit) => benefit.benefitId)).toEqual([AVERY_LENS_BENEFIT]);
  });

  it("answers 422 for a benefit it can't apply and 400 for a body with neither token nor date of birth", async () => {
    const { cookie } = await guestCart();
    await expectError(
      await call(cartInsuranceApi.action, "/api/cart/insurance", {
        cookie,
        body: { benefitId: AVERY.benefits[1]!.benefitId, searchToken: await searchFor(AVERY) },
      }),
      422,
      INSURANCE_CART_MESSAGES.notAppliable,
    );
    await expectError(
      await call(cartInsuranceApi.action, "/api/cart/insurance", { cookie, body: { benefitId: AVERY_LENS_BENEFIT } }),
      400,
    );
  });
});

describe("passive search", () => {
  async function customerWith(options: { patient?: SeedMember; postalCode?: string }) {
    const { cartId, customer } = await readyToOrder(services, { slot: slot++ });
    if (options.patient) {
      await database.db
        .insert(patients)
        .values({ customerId: customer.id, firstName: options.patient.firstName, lastName: options.patient.lastName });
    }
    if (options.postalCode) {
      await database.db
        .insert(addresses)
        .values({ ...TEST_ADDRESS, customerId: customer.id, postalCode: options.postalCode, isPrimary: true });
    }
    return { cartId, customerId: customer.id };
  }
  const offerOf = async (cartId: string) =>
    (await database.db.select({ offer: carts.insuranceOffer }).from(carts).where(eq(carts.id, cartId)))[0]!.offer;

  it("keeps a success with allowance as the cart's offer, applied once the date of birth verifies", async () => {
    const { cartId, customerId } = await customerWith({ patient: AVERY, postalCode: `${AVERY.postalCode}-1234` });
    expect(await runPassiveSearch(services, { customerId, cartId }, { wait: noWait })).toBe("kept");
    const offer = await offerOf(cartId);
    expect(offer).toMatchObject({
      benefitId: AVERY_LENS_BENEFIT,
      remainingAllowance: 15000,
      patientName: "Avery Stone",
    });
    expect((await priced(cartId, customerId)).insurance.offer?.benefitId).toBe(AVERY_LENS_BENEFIT);

    const wrong = await applyOfferedBenefit(services, cartId, {
      benefitId: AVERY_LENS_BENEFIT,
      dateOfBirth: "1990-01-01",
      clientIp: randomUUID(),
    });
    expect(wrong).toMatchObject({ ok: false, reason: "not-verified" });
    const right = await applyOfferedBenefit(services, cartId, {
      benefitId: AVERY_LENS_BENEFIT,
      dateOfBirth: AVERY.dateOfBirth,
      clientIp: randomUUID(),
    });
    expect(right.ok).toBe(true);
    expect(await offerOf(cartId)).toBeNull();
    expect((await priced(cartId, customerId)).orderSummary.insuranceBenefitsTotal).toBeGreaterThan(0);
    // A cart with a benefit is not searched again.
    expect(await runPassiveSearch(services, { customerId, cartId }, { wait: noWait })).toBe("skipped");
  });

  it("signing out resets it: the offer on the cart the browser leaves goes", async () => {
    const { cartId, customerId } = await customerWith({ patient: AVERY, postalCode: AVERY.postalCode });
    expect(await runPassiveSearch(services, { customerId, cartId }, { wait: noWait })).toBe("kept");
    const { session } = await services.sessions.getSession(null);
    session.set("cartId", cartId);
    await endSignedInSession(services, session);
    expect(session.get("cartId")).toBeUndefined();
    expect(await offerOf(cartId)).toBeNull();
  });

  it("keeps nothing for a success with no allowance left, and does not run without patients or ZIPs", async () => {
    const casey = member("casey-ford");
    const expired = await customerWith({ patient: casey, postalCode: casey.postalCode });
    expect(await runPassiveSearch(services, expired, { wait: noWait })).toBe("none");
    expect(await offerOf(expired.cartId)).toBeNull();
    // Pending for ever: NotFound after the last poll, nothing kept.
    const taylor = member("taylor-brooks");
    const pending = await customerWith({ patient: taylor, postalCode: taylor.postalCode });
    expect(await runPassiveSearch(services, pending, { wait: noWait })).toBe("none");

    const noZip = await customerWith({ patient: AVERY });
    expect(await runPassiveSearch(services, noZip, { wait: noWait })).toBe("skipped");
    const noPatient = await customerWith({ postalCode: AVERY.postalCode });
    expect(await runPassiveSearch(services, noPatient, { wait: noWait })).toBe("skipped");
  });

  it("the cart page asks the queue for it once per customer in the window; the job runs a search or the sweep", async () => {
    const sent: unknown[] = [];
    const unregister = registerPassiveSearchSender(async (input) => {
      sent.push(input);
    });
    await queuePassiveSearch(services.logger, { customerId: 7, cartId: "c" });
    unregister();
    await queuePassiveSearch(services.logger, { customerId: 8, cartId: "d" });
    expect(sent).toEqual([{ customerId: 7, cartId: "c" }]);
    expect(passiveSearchSingleton(7)).toEqual({ singletonKey: "customer:7", singletonSeconds: 6 * 60 * 60 });

    expect(await passiveSearchJob(services, { customerId: 999_999, cartId: "no-such-cart" })).toEqual({
      outcome: "skipped",
    });
    expect(await passiveSearchJob(services, {})).toMatchObject({ offers: expect.any(Number) });
  });

  it("the sweep removes an expired offer", async () => {
    const { cartId, customerId } = await customerWith({ patient: AVERY, postalCode: AVERY.postalCode });
    const past = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await runPassiveSearch(services, { customerId, cartId }, { wait: noWait, now: () => past });
    expect(await offerOf(cartId)).not.toBeNull();
    expect((await priced(cartId, customerId)).insurance.offer).toBeNull();
    const swept = await sweepInsurance(services);
    expect(swept.offers).toBeGreaterThanOrEqual(1);
    expect(await offerOf(cartId)).toBeNull();
  });
});

describe("exam insurance", () => {
  async function examSearch(m: SeedMember) {
    const body = await json<{ searchToken: string }>(
      await call(examSearchApi.action, "/api/examInsurance/search", {
        body: { firstName: m.firstName, lastName: m.lastName, dateOfBirth: m.dateOfBirth, postalCode: m.postalCode },
      }),
      200,
    );
    return body.searchToken;
  }
  const result = async (token: string) =>
    json<{
      searchStatus: string;
      isSearching: boolean;
      coverageToken: string;
      provider: string | null;
      copay: number | null;
    }>(await call(examResultApi.loader, `/api/examInsurance/searchResult/${token}`, { params: { token } }), 200);

  it("completes with the exam benefit's coverage token and copay", async () => {
    const answer = await result(await examSearch(AVERY));
    expect(answer).toMatchObject({
      searchStatus: "Complete",
      isSearching: false,
      provider: AVERY.provider,
      coverageToken: AVERY.benefits[2]!.benefitId,
      copay: 1000,
    });
  });

  it("is Searching while the provider is pending, and completes with the all-zero token when there is no coverage", async () => {
    const taylor = member("taylor-brooks");
    expect(await result(await examSearch(taylor))).toMatchObject({ searchStatus: "Searching", isSearching: true });
    const nobody = await examSearch({ ...AVERY, firstName: "Nobody" });
    expect(await result(nobody)).toMatchObject({ searchStatus: "Complete", coverageToken: NO_COVERAGE_TOKEN });
  });

  it("refuses a ZIP that is not a US ZIP", async () => {
    await expectError(
      await call(examSearchApi.action, "/api/examInsurance/search", {
        body: { firstName: "A", lastName: "B", dateOfBirth: "1990-01-01", postalCode: "ABCDE" },
      }),
      400,
    );
  });
});

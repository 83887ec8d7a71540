import { asc, eq } from "drizzle-orm";
import { createElement, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { STALE_SNOOZE_MESSAGE } from "~/components/subscriptions/ScheduleForms";
import { PageDialogSlot } from "~/components/ui/DialogSlot";
import { ADDRESS_MESSAGES } from "~/models/address";
import { CARD_LOCK_MAX_FAILURES, CARD_MESSAGES } from "~/models/card";
import { formatCents } from "~/models/catalog";
import {
  addDays,
  businessToday,
  FAILURE_MESSAGES,
  formatReorderDate,
  reorderDateParts,
  snoozeMessage,
  SUBSCRIPTION_MESSAGES,
} from "~/models/subscription";
import { action as checkoutAction } from "~/routes/checkout";
import SubscriptionDetailsPage, {
  action as detailsAction,
  handle as detailsHandle,
  loader as detailsLoader,
} from "~/routes/account.subscriptions.$subscriptionId";
import SubscriptionsPage, { loader as listLoader } from "~/routes/account.subscriptions";
import * as accountLayout from "~/routes/account";
import { createAddress } from "~/services/accounts/addresses.server";
import type * as RunnerModule from "~/services/auto-reorder/reorder-runner.server";
import { orderSubscriptionNow } from "~/services/auto-reorder/reorder-runner.server";
import { createAuthSession, createCustomer, type Customer } from "~/services/accounts/auth/accounts.server";
import { addGroup, createCart } from "~/services/cart/cart.server";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import {
  addresses,
  carts,
  lineItemGroups,
  orders,
  paymentMethods,
  skus,
  subscriptionItems,
  subscriptions,
} from "~/services/db/schema";
import { recordFailedCardSave } from "~/services/checkout/card-lock.server";
import { saveCard } from "~/services/checkout/payment-methods.server";
import { subscriptionPrice } from "~/services/subscriptions/subscription-pricing.server";
import { subscriptionFor } from "~/services/subscriptions/subscriptions.server";
import {
  cardForm,
  insertTestDoctor,
  isDataWithInit,
  SOLUTION,
  TEST_ADDRESS,
  TORIC,
  toricSkuPair,
} from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware, settle, underLayouts } from "../setup/test-context";

// The subscription account pages (issue 7): /account/subscriptions and its details page, through the request path
// the server takes (the root middleware around the loaders and actions), against PGlite. Subscriptions come from
// real orders placed through checkout with auto-reorder chosen.

// 'Order now' goes through the reorder runner for real; a spy lets one test stand in a refusal it cannot provoke.
vi.mock("~/services/auto-reorder/reorder-runner.server", async (importOriginal) => {
  const original = await importOriginal<typeof RunnerModule>();
  return { ...original, orderSubscriptionNow: vi.fn(original.orderSubscriptionNow) };
});
const orderNow = vi.mocked(orderSubscriptionNow);

let database: DatabaseHandle;
let services: AppServices;
let doctorId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  doctorId = await insertTestDoctor(database.db);
});
afterAll(async () => {
  await database.close();
});
beforeEach(() => {
  orderNow.mockClear();
});

let counter = 0;

const toricSkus = () => toricSkuPair(database.db, counter % 20, 500);
type Route = (args: never) => unknown;

/** A signed-in browser (or, without a customer, a signed-out one) with a cookie jar kept across requests. */
class Buyer {
  cookies = new Map<string, string>();
  constructor(
    readonly customer: Customer,
    readonly cartId: string,
  ) {}

  static async create() {
    counter++;
    const customer = await createCustomer(database.db, {
      email: `subscriber.${counter}@example.com`,
      firstName: "Ann",
      lastName: "Lee",
    });
    const cartId = await createCart(database.db, customer.id);
    const buyer = new Buyer(customer, cartId);
    const token = await createAuthSession(database.db, customer.id, "guest", false);
    const { session } = await services.sessions.getSession(null);
    session.set("authSessionId", token);
    session.set("cartId", cartId);
    buyer.keepCookie((await services.sessions.commitSession(session)).split(";")[0]!);
    return buyer;
  }

  keepCookie(pair: string) {
    this.cookies.set(pair.slice(0, pair.indexOf("=")), pair);
  }

  async send(
    method: "GET" | "POST",
    path: string,
    route: Route,
    options: { body?: Record<string, string>; params?: Record<string, string> } = {},
  ) {
    const request = new Request(`http://store.test${path}`, {
      method,
      body: options.body ? new URLSearchParams(options.body).toString() : undefined,
      headers: {
        Cookie: [...this.cookies.values()].join("; "),
        ...(options.body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
    });
    let result: unknown;
    const response = await runThroughMiddleware(services, request, async (context) => {
      result = await settle(() => route({ request, params: options.params ?? {}, context } as never) as never);
      if (result instanceof Response) return result;
      if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
      return Response.json(result);
    });
    for (const header of response.headers.getSetCookie()) this.keepCookie(header.split(";")[0]!);
    return { response, result, location: response.headers.get("Location") };
  }

  /** Places an order through checkout whose group chose auto-reorder: the subscription it creates. */
  async subscribe(kind: "lens" | "solution" = "lens"): Promise<number> {
    if (kind === "solution") {
      const [sku] = await database.db
        .select({ upc: skus.upc })
        .from(skus)
        .where(eq(skus.productId, SOLUTION.productId));
      await database.db.update(skus).set({ stockQuantity: 500, isActive: true }).where(eq(skus.upc, sku!.upc));
      await addGroup(database.db, this.cartId, {
        type: "Solution",
        autoReorderFrequencyDays: 60,
        items: [{ whichEye: "none", productId: SOLUTION.productId, upc: sku!.upc, quantity: 2, parameters: {} }],
      });
    } else {
      const [right, left] = await toricSkus();
      const groupId = await addGroup(database.db, this.cartId, {
        type: "Lens",
        autoReorderFrequencyDays: 30,
        items: [
          { whichEye: "right", productId: TORIC.productId, upc: right, quantity: 2, parameters: { power: "-1.00" } },
          { whichEye: "left", productId: TORIC.productId, upc: left, quantity: 2, parameters: { power: "-1.25" } },
        ],
      });
      await database.db
        .update(lineItemGroups)
        .set({ patient: { firstName: "Ann", lastName: "Lee" }, doctorId })
        .where(eq(lineItemGroups.id, groupId));
    }
    await database.db.update(carts).set({ shippingAddress: TEST_ADDRESS }).where(eq(carts.id, this.cartId));
    if ((await this.cards()).length === 0) {
      const saved = await this.send("POST", "/checkout", checkoutAction, {
        body: { intent: "save-card", ...cardForm() },
      });
      expect(saved.response.status).toBe(303);
    }
    const paymentMethodId = String((await this.cards())[0]!.id);
    const placed = await this.send("POST", "/checkout", checkoutAction, {
      body: { intent: "place-order", idempotencyKey: crypto.randomUUID(), paymentMethodId },
    });
    expect(placed.location).toMatch(/^\/thank-you\?oid=/);
    const id = (await this.subscriptionIds()).at(-1);
    expect(id, "the order created a subscription").toBeDefined();
    return id!;
  }

  async subscriptionIds() {
    const rows = await database.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.customerId, this.customer.id))
      .orderBy(asc(subscriptions.id));
    return rows.map((row) => row.id);
  }

  cards() {
    return database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.customerId, this.customer.id))
      .orderBy(asc(paymentMethods.id));
  }

  list() {
    return this.send("GET", "/account/subscriptions", underLayouts([accountLayout], listLoader));
  }

  details(id: number | string, search = "") {
    return this.send("GET", `/account/subscriptions/${id}${search}`, underLayouts([accountLayout], detailsLoader), {
      params: { subscriptionId: String(id) },
    });
  }

  change(id: number | string, body: Record<string, string>, search = "") {
    return this.send("POST", `/account/subscriptions/${id}${search}`, underLayouts([accountLayout], detailsAction), {
      body,
      params: { subscriptionId: String(id) },
    });
  }

  async toast() {
    return services.sessions.readToast(this.cookies.get("toast") ?? null);
  }
}

/** The new-address form as the browser posts it (the account's AddressForm carries no intent). */
const newAddress = (overrides: Record<string, string> = {}) => ({
  firstName: "Ann",
  lastName: "Lee",
  country: "US",
  address1: "20 W 34th St",
  address2: "",
  city: "New York",
  state: "NY",
  region: "",
  postalCode: "10001",
  phone: "",
  ...overrides,
});

/** A refused form's reply: which form, its status and its errors by field ("" holds the form's own). */
function replyOf(result: unknown) {
  expect(isDataWithInit(result), "a Conform reply with a status").toBe(true);
  const { data, init } = result as {
    data: { form: string; enteredLastFour: string | null; result: { error?: Record<string, string[]> } };
    init: ResponseInit;
  };
  return { status: init.status, form: data.form, errors: data.result.error ?? {}, data };
}

async function rowOf(id: number) {
  const [row] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}

async function quantitiesOf(id: number) {
  const rows = await database.db
    .select({ whichEye: subscriptionItems.whichEye, quantity: subscriptionItems.quantity })
    .from(subscriptionItems)
    .where(eq(subscriptionItems.subscriptionId, id));
  return Object.fromEntries(rows.map((row) => [row.whichEye, row.quantity]));
}

type ListData = { subscriptions: Array<Record<string, unknown> & { id: number }>; shopHref: string };
type DetailsData = {
  summary: Record<string, unknown>;
  forms: null | {
    quantities: { eyes: Array<{ name: string; label: string; options: number[] }> };
    address: { verify: unknown; newAddressDefaults: Record<string, string> };
  };
};

describe("the list", () => {
  it("shows a subscription made by an order: products per eye, patient, frequency, date, address, card, price", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    const { response, result } = await buyer.list();
    expect(response.status).toBe(200);
    const list = result as ListData;
    expect(list.subscriptions).toHaveLength(1);
    const view = (await subscriptionFor(database.db, buyer.customer.id, id))!;
    const price = await subscriptionPrice(database.db, view.items, {
      customerId: buyer.customer.id,
      priceBook: "none",
    });
    expect(price.totalCents).toBeGreaterThan(0);
    expect(list.subscriptions[0]).toMatchObject({
      id,
      heading: "Contact lenses for Ann Lee",
      cancelled: null,
      items: [
        { eye: "Right eye", productName: view.items[0]!.productName, quantity: "Qty 2" },
        { eye: "Left eye", productName: view.items[1]!.productName, quantity: "Qty 2" },
      ],
      patient: "Ann Lee",
      frequency: "Every month",
      nextReorderDate: formatReorderDate(addDays(businessToday(), 30)),
      shipTo: "Ann Lee, 12 Main St, Boise, ID",
      card: "Visa ending in 4242",
      price: { total: formatCents(price.totalCents) },
      notes: [],
    });
  });

  it("shows the empty state with a link to shop lenses when there is none", async () => {
    const buyer = await Buyer.create();
    const { result } = await buyer.list();
    expect(result).toEqual({ subscriptions: [], shopHref: "/lenses" });
  });

  it("says 'Prescription expired', a failure's own words, and an expired card", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    await database.db
      .update(subscriptions)
      .set({ lastFailureReason: "declined", lastFailureAt: new Date() })
      .where(eq(subscriptions.id, id));
    await database.db
      .update(paymentMethods)
      .set({ expirationYear: 2020 })
      .where(eq(paymentMethods.customerId, buyer.customer.id));
    let [row] = ((await buyer.list()).result as ListData).subscriptions;
    expect(row).toMatchObject({ notes: [FAILURE_MESSAGES.declined], card: "Visa ending in 4242 (expired)" });

    await database.db
      .update(subscriptions)
      .set({ prescriptionExpiresOn: addDays(businessToday(), -1) })
      .where(eq(subscriptions.id, id));
    [row] = ((await buyer.list()).result as ListData).subscriptions;
    expect(row!.notes).toEqual(["Prescription expired"]);
  });

  it("renders the list with a link to each subscription's details", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    const Stub = createRoutesStub([
      { id: "list", path: "/account/subscriptions", Component: SubscriptionsPage as never },
    ]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: ["/account/subscriptions"],
        hydrationData: { loaderData: { list: (await buyer.list()).result } },
      }),
    );
    expect(html).toContain(`href="/account/subscriptions/${id}"`);
    expect(html).toContain("Every month");
  });
});

describe("who may see a subscription", () => {
  it("sends a signed-out visitor to sign in, and back", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    buyer.cookies.clear();
    for (const { response, location } of [await buyer.list(), await buyer.details(id)]) {
      expect(response.status).toBe(303);
      expect(location).toMatch(/signin=sign-in/);
      expect(location).toContain("redirectTo=%2Faccount%2Fsubscriptions");
    }
    const posted = await buyer.change(id, { intent: "set-frequency", frequencyDays: "60" });
    expect(posted.response.status).toBe(303);
    expect((await rowOf(id)).frequencyDays).toBe(30);
  });

  it("answers 404 for another customer's subscription, a malformed id and a missing one", async () => {
    const owner = await Buyer.create();
    const id = await owner.subscribe();
    const other = await Buyer.create();
    for (const junk of [String(id), "abc", "0", "-1", "1e3", "12345678901", "99999999"]) {
      expect((await other.details(junk)).response.status, junk).toBe(404);
      expect((await other.change(junk, { intent: "set-frequency", frequencyDays: "60" })).response.status).toBe(404);
    }
    expect((await rowOf(id)).frequencyDays).toBe(30);
    expect((await owner.details(id)).response.status).toBe(200);
  });
});

describe("the details page's forms", () => {
  it("changes quantities, pausing one eye (0 offered only with two eyes)", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    const { forms } = (await buyer.details(id)).result as DetailsData;
    const [rightEye] = forms!.quantities.eyes;
    expect(rightEye!.options[0]).toBe(0);
    const quantity = rightEye!.options.find((n) => n > 2)!;
    const { response, location } = await buyer.change(id, {
      intent: "set-quantities",
      rightQuantity: String(quantity),
      leftQuantity: "0",
    });
    expect(response.status).toBe(303);
    expect(location).toBe(`/account/subscriptions/${id}`);
    expect(await quantitiesOf(id)).toEqual({ right: quantity, left: 0 });
    expect(await buyer.toast()).toMatchObject({
      kind: "success",
      message: `Quantities changed: right eye ${quantity}, left eye paused.`,
    });
  });

  it("changes a solution subscription's single quantity (no eye, no pause)", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe("solution");
    const { summary, forms } = (await buyer.details(id)).result as DetailsData;
    expect(summary).toMatchObject({ heading: "Lens care", frequency: "Every 2 months" });
    const [single] = forms!.quantities.eyes;
    expect(forms!.quantities.eyes).toHaveLength(1);
    expect(single).toMatchObject({ name: "rightQuantity", label: "Quantity" });
    expect(single!.options).not.toContain(0);
    const zero = replyOf((await buyer.change(id, { intent: "set-quantities", rightQuantity: "0" })).result);
    expect(zero).toMatchObject({ status: 400, errors: { "": [SUBSCRIPTION_MESSAGES.atLeastOneBox] } });
    const quantity = single!.options.find((n) => n !== 2)!;
    const { response } = await buyer.change(id, { intent: "set-quantities", rightQuantity: String(quantity) });
    expect(response.status).toBe(303);
    expect(await quantitiesOf(id)).toEqual({ none: quantity });
    expect(await buyer.toast()).toMatchObject({ message: `Quantity changed to ${quantity}.` });
  });

  it("refuses quantities that are not offered, or no box at all (400, nothing changed)", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    const none = replyOf(
      (await buyer.change(id, { intent: "set-quantities", rightQuantity: "0", leftQuantity: "0" })).result,
    );
    expect(none).toMatchObject({
      status: 400,
      form: "quantities",
      errors: { "": [SUBSCRIPTION_MESSAGES.atLeastOneBox] },
    });
    const odd = replyOf(
      (await buyer.change(id, { intent: "set-quantities", rightQuantity: "777", leftQuantity: "x" })).result,
    );
    expect(odd.status).toBe(400);
    expect(odd.errors).toMatchObject({
      rightQuantity: [SUBSCRIPTION_MESSAGES.chooseQuantity],
      leftQuantity: [SUBSCRIPTION_MESSAGES.chooseQuantity],
    });
    expect(await quantitiesOf(id)).toEqual({ right: 2, left: 2 });
  });

  it("changes the frequency, and refuses one that is not offered", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    const bad = replyOf((await buyer.change(id, { intent: "set-frequency", frequencyDays: "45" })).result);
    expect(bad).toMatchObject({
      status: 400,
      form: "frequency",
      errors: { frequencyDays: [SUBSCRIPTION_MESSAGES.chooseFrequency] },
    });
    expect((await rowOf(id)).frequencyDays).toBe(30);

    const { response } = await buyer.change(id, { intent: "set-frequency", frequencyDays: "60" });
    expect(response.status).toBe(303);
    expect((await rowOf(id)).frequencyDays).toBe(60);
    expect(await buyer.toast()).toMatchObject({ message: "Frequency changed to every 2 months." });
  });

  it("shows a custom frequency as the current choice", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    await database.db.update(subscriptions).set({ frequencyDays: 45 }).where(eq(subscriptions.id, id));
    const { forms } = (await buyer.details(id)).result as DetailsData & {
      forms: { frequency: { currentDays: number | null; customLabel: string | null } };
    };
    expect(forms.frequency).toEqual({ currentDays: null, customLabel: "Custom (every 45 days)" });
  });

  it("sets the next reorder date, and refuses a past or impossible one", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    const before = (await rowOf(id)).nextReorderDate;
    const past = reorderDateParts(addDays(businessToday(), -1));
    const pastReply = replyOf(
      (
        await buyer.change(id, {
          intent: "set-next-date",
          month: String(past.month),
          day: String(past.day),
          year: String(past.year),
        })
      ).result,
    );
    expect(pastReply).toMatchObject({
      status: 400,
      form: "next-date",
      errors: { day: [SUBSCRIPTION_MESSAGES.dateInPast] },
    });
    const year = String(reorderDateParts(businessToday()).year + 1);
    const impossible = replyOf(
      (await buyer.change(id, { intent: "set-next-date", month: "2", day: "30", year })).result,
    );
    expect(impossible.errors).toMatchObject({ day: [SUBSCRIPTION_MESSAGES.chooseDate] });
    expect((await rowOf(id)).nextReorderDate).toBe(before);

    const target = addDays(businessToday(), 40);
    const parts = reorderDateParts(target);
    const { response } = await buyer.change(id, {
      intent: "set-next-date",
      month: String(parts.month),
      day: String(parts.day),
      year: String(parts.year),
    });
    expect(response.status).toBe(303);
    expect((await rowOf(id)).nextReorderDate).toBe(target);
    expect(await buyer.toast()).toMatchObject({
      message: `Your next order is now scheduled for ${formatReorderDate(target)}.`,
    });
  });

  it("snoozes from the date the page showed: a second press is 'already snoozed'; a stale page is refused", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    const from = (await rowOf(id)).nextReorderDate;
    const bad = replyOf((await buyer.change(id, { intent: "snooze", days: "500", reorderDate: from })).result);
    expect(bad).toMatchObject({ status: 400, form: "snooze", errors: { days: [SUBSCRIPTION_MESSAGES.snoozeDays] } });
    expect((await rowOf(id)).nextReorderDate).toBe(from);

    const to = addDays(from, 14);
    const first = await buyer.change(id, { intent: "snooze", days: "14", reorderDate: from });
    expect(first.response.status).toBe(303);
    expect((await rowOf(id)).nextReorderDate).toBe(to);
    expect(await buyer.toast()).toMatchObject({ message: snoozeMessage({ kind: "snoozed", from, to }) });

    const again = await buyer.change(id, { intent: "snooze", days: "14", reorderDate: from });
    expect(again.response.status).toBe(303);
    expect((await rowOf(id)).nextReorderDate).toBe(to);
    expect(await buyer.toast()).toMatchObject({ message: snoozeMessage({ kind: "alreadySnoozed", date: to }) });

    const stale = replyOf((await buyer.change(id, { intent: "snooze", days: "30", reorderDate: from })).result);
    expect(stale).toMatchObject({ status: 409, form: "snooze", errors: { "": [STALE_SNOOZE_MESSAGE] } });
    expect((await rowOf(id)).nextReorderDate).toBe(to);
  });

  it("ships to a saved address (verified as at checkout)", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    const saved = await createAddress(database.db, buyer.customer.id, {
      firstName: "Ann",
      lastName: "Lee",
      address1: "20 W 34th St",
      address2: "",
      city: "New York",
      state: "NY",
      postalCode: "10001",
      country: "US",
      phone: null,
    });
    const { response } = await buyer.change(id, { intent: "use-saved-address", addressId: String(saved.id) });
    expect(response.status).toBe(303);
    expect((await rowOf(id)).shippingAddress).toMatchObject({
      address1: "20 W 34th St",
      city: "New York",
      verificationStatus: "Verified",
      addressId: saved.id,
    });
    expect(await buyer.toast()).toMatchObject({ message: "Shipping address changed to 20 W 34th St, New York, NY." });
  });

  it("refuses another customer's address and a new address with missing fields (400, nothing changed)", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    const other = await Buyer.create();
    const theirs = await createAddress(database.db, other.customer.id, {
      ...newAddress(),
      address2: "",
      phone: null,
      country: "US",
    });
    const foreign = replyOf(
      (await buyer.change(id, { intent: "use-saved-address", addressId: String(theirs.id) })).result,
    );
    expect(foreign).toMatchObject({
      status: 400,
      form: "saved-address",
      errors: { "": ["That address is no longer in your address book."] },
    });
    const missing = replyOf((await buyer.change(id, newAddress({ city: "", postalCode: "" }))).result);
    expect(missing).toMatchObject({ status: 400, form: "new-address" });
    expect(missing.errors).toMatchObject({
      city: [ADDRESS_MESSAGES.cityRequired],
      postalCode: [ADDRESS_MESSAGES.postalCodeRequired],
    });
    expect((await rowOf(id)).shippingAddress).toMatchObject({ address1: "12 Main St" });
  });

  it("ships to a new address, adding it to the address book", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    const { response } = await buyer.change(id, newAddress());
    expect(response.status).toBe(303);
    const book = await database.db.select().from(addresses).where(eq(addresses.customerId, buyer.customer.id));
    expect(book.map((row) => row.address1)).toContain("20 W 34th St");
    const entry = book.find((row) => row.address1 === "20 W 34th St")!;
    expect((await rowOf(id)).shippingAddress).toMatchObject({ address1: "20 W 34th St", addressId: entry.id });
  });

  it("opens 'Verify your address' for a differing suggestion and saves the choice", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    const entered = await buyer.change(id, newAddress({ address1: "20 West 34th Street", city: "Boston" }));
    expect(entered.response.status).toBe(303);
    expect(entered.location).toBe(`/account/subscriptions/${id}?verify=address`);
    expect((await rowOf(id)).shippingAddress).toMatchObject({ address1: "12 Main St" });

    const { result } = await buyer.details(id, "?verify=address");
    expect((result as DetailsData).forms!.address.verify).toEqual({
      closeHref: `/account/subscriptions/${id}?address=new#new-address`,
      entryLines: ["Ann Lee", "20 West 34th Street", "Boston, NY 10001"],
      suggestionLines: ["Ann Lee", "20 W 34TH ST", "NEW YORK, NY 10001"],
    });
    // Closing the dialog leaves the entry in the form, to correct.
    const closed = (await buyer.details(id)).result as DetailsData;
    expect(closed.forms!.address.verify).toBeNull();
    expect(closed.forms!.address.newAddressDefaults).toMatchObject({ address1: "20 West 34th Street" });

    const noChoice = replyOf(
      (await buyer.change(id, { intent: "verify-choice", choice: "neither" }, "?verify=address")).result,
    );
    expect(noChoice).toMatchObject({ status: 400, form: "verify" });
    const chosen = await buyer.change(id, { intent: "verify-choice", choice: "suggested" }, "?verify=address");
    expect(chosen.location).toBe(`/account/subscriptions/${id}`);
    expect((await rowOf(id)).shippingAddress).toMatchObject({
      address1: "20 W 34TH ST",
      city: "NEW YORK",
      verificationStatus: "Verified",
    });
    // The choice is done with: the dialog's URL now just shows the page.
    expect((await buyer.details(id, "?verify=address")).location).toBe(`/account/subscriptions/${id}`);
  });

  it("pays with another saved card, and refuses another customer's or an expired card", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    const cardOf = async (customerId: number, number: string) => {
      const saved = await saveCard(services, customerId, {
        number,
        nameOnCard: "Ann Lee",
        expirationMonth: 12,
        expirationYear: new Date().getFullYear() + 2,
        cvv: "123",
        billingAddress: { address1: "12 Main St", city: "Boise", postalCode: "83702", state: "ID" },
      });
      if (!saved.ok) throw new Error("card not saved");
      return saved.card.id;
    };
    const mastercard = await cardOf(buyer.customer.id, "5555555555554444");
    const other = await Buyer.create();
    const theirs = await cardOf(other.customer.id, "5555555555554444");
    const before = (await rowOf(id)).paymentMethodId;

    const foreign = replyOf(
      (await buyer.change(id, { intent: "use-saved-card", paymentMethodId: String(theirs) })).result,
    );
    expect(foreign).toMatchObject({ status: 400, form: "saved-card", errors: { "": [CARD_MESSAGES.cardGone] } });
    const junk = replyOf((await buyer.change(id, { intent: "use-saved-card", paymentMethodId: "abc" })).result);
    expect(junk.errors).toMatchObject({ paymentMethodId: [CARD_MESSAGES.chooseCard] });
    await database.db.update(paymentMethods).set({ expirationYear: 2020 }).where(eq(paymentMethods.id, mastercard));
    const expired = replyOf(
      (await buyer.change(id, { intent: "use-saved-card", paymentMethodId: String(mastercard) })).result,
    );
    expect(expired.errors).toMatchObject({ "": [CARD_MESSAGES.savedCardExpired] });
    expect((await rowOf(id)).paymentMethodId).toBe(before);

    await database.db
      .update(paymentMethods)
      .set({ expirationYear: new Date().getFullYear() + 2 })
      .where(eq(paymentMethods.id, mastercard));
    const { response } = await buyer.change(id, { intent: "use-saved-card", paymentMethodId: String(mastercard) });
    expect(response.status).toBe(303);
    expect((await rowOf(id)).paymentMethodId).toBe(mastercard);
    expect(await buyer.toast()).toMatchObject({ message: "Mastercard ending in 4444 will pay for this subscription." });
  });

  it("saves a new card through the card lock's path and pays with it; a declined card changes nothing", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    const before = (await rowOf(id)).paymentMethodId;
    const declined = await buyer.change(id, {
      intent: "save-card",
      ...cardForm({ cardNumber: "4000 0000 0000 0002", cvv: "741" }),
    });
    const refused = replyOf(declined.result);
    expect(refused).toMatchObject({ status: 400, form: "card", errors: { "": [CARD_MESSAGES.declined] } });
    expect(refused.data.enteredLastFour).toBe("0002");
    expect(JSON.stringify(declined.result)).not.toMatch(/4000\D?0000\D?0000\D?0002|"741"/);
    const blank = replyOf(
      (await buyer.change(id, { intent: "save-card", ...cardForm({ cardNumber: "", cvv: "" }) })).result,
    );
    expect(blank.errors).toMatchObject({
      cardNumber: [CARD_MESSAGES.numberRequired],
      cvv: [CARD_MESSAGES.cvvRequired],
    });
    expect((await rowOf(id)).paymentMethodId).toBe(before);
    expect(await buyer.cards()).toHaveLength(1);

    const { response } = await buyer.change(id, {
      intent: "save-card",
      ...cardForm({ cardNumber: "5555 5555 5555 4444" }),
    });
    expect(response.status).toBe(303);
    const cards = await buyer.cards();
    expect(cards).toHaveLength(2);
    expect((await rowOf(id)).paymentMethodId).toBe(cards[1]!.id);
    expect(await buyer.toast()).toMatchObject({
      message: "Mastercard ending in 4444 saved. It will pay for this subscription.",
    });
  });

  it("locks card saving after too many failures, as checkout does", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    for (let i = 1; i < CARD_LOCK_MAX_FAILURES; i++) await recordFailedCardSave(database.db, buyer.customer.id);
    const declined = await buyer.change(id, {
      intent: "save-card",
      ...cardForm({ cardNumber: "4000 0000 0000 0002" }),
    });
    expect(replyOf(declined.result)).toMatchObject({ status: 400, errors: { "": [CARD_MESSAGES.tooManyAttempts] } });
    expect(declined.response.headers.get("Set-Cookie")).toMatch(/cardLock=1/);
    // Locked: even a good card is refused, and the page says so.
    const good = await buyer.change(id, { intent: "save-card", ...cardForm({ cardNumber: "5555 5555 5555 4444" }) });
    expect(replyOf(good.result).errors).toMatchObject({ "": [CARD_MESSAGES.tooManyAttempts] });
    expect(await buyer.cards()).toHaveLength(1);
    const { forms } = (await buyer.details(id)).result as DetailsData & { forms: { card: { locked: boolean } } };
    expect(forms.card.locked).toBe(true);
  });

  it("orders now through the reorder runner: the order is placed, linked, and the schedule moves on", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    const placed = await buyer.change(id, { intent: "order-now" }, "?confirm=order-now");
    expect(orderNow).toHaveBeenCalledWith(services, buyer.customer.id, id, expect.any(Date));
    expect(placed.response.status).toBe(303);
    const [order] = await database.db.select().from(orders).where(eq(orders.subscriptionId, id));
    expect(order, "the order placed for the subscription").toBeDefined();
    expect(placed.location).toBe(`/account/subscriptions/${id}?ordered=${order!.orderNumber}`);
    const next = (await rowOf(id)).nextReorderDate;
    expect(next).toBe(addDays(businessToday(), 30));
    expect(await buyer.toast()).toMatchObject({
      kind: "success",
      message: `Order ${order!.orderNumber} is placed. Your next order is scheduled for ${formatReorderDate(next)}.`,
    });
    const page = (await buyer.details(id, `?ordered=${order!.orderNumber}`)).result as { ordered: string | null };
    expect(page.ordered).toBe(order!.orderNumber);
    expect(((await buyer.details(id, "?ordered=<script>")).result as { ordered: string | null }).ordered).toBeNull();
  });

  it("shows the runner's refusal in the page and places nothing", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    await database.db
      .update(subscriptions)
      .set({ prescriptionExpiresOn: addDays(businessToday(), -1) })
      .where(eq(subscriptions.id, id));
    const before = await rowOf(id);
    const expired = replyOf((await buyer.change(id, { intent: "order-now" })).result);
    expect(expired).toMatchObject({
      status: 400,
      form: "order-now",
      errors: { "": [FAILURE_MESSAGES["prescription-expired"]] },
    });
    expect(await database.db.select().from(orders).where(eq(orders.subscriptionId, id))).toEqual([]);
    expect((await rowOf(id)).nextReorderDate).toBe(before.nextReorderDate);

    orderNow.mockResolvedValueOnce({ ok: false, reason: "busy", message: "Being placed right now." });
    const busy = replyOf((await buyer.change(id, { intent: "order-now" })).result);
    expect(busy).toMatchObject({ status: 409, form: "order-now", errors: { "": ["Being placed right now."] } });
  });

  it("cancels with a reason and goes back to the list; 'Other' needs a few words", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    const none = replyOf((await buyer.change(id, { intent: "cancel" })).result);
    expect(none).toMatchObject({
      status: 400,
      form: "cancel",
      errors: { reason: [SUBSCRIPTION_MESSAGES.chooseReason] },
    });
    const other = replyOf((await buyer.change(id, { intent: "cancel", reason: "other", note: " " })).result);
    expect(other.errors).toMatchObject({ note: [SUBSCRIPTION_MESSAGES.otherReason] });
    const long = replyOf((await buyer.change(id, { intent: "cancel", reason: "other", note: "x".repeat(201) })).result);
    expect(long.errors).toMatchObject({ note: [SUBSCRIPTION_MESSAGES.reasonTooLong] });
    expect((await rowOf(id)).status).toBe("Active");

    const { response, location } = await buyer.change(id, { intent: "cancel", reason: "other", note: "Moving abroad" });
    expect(response.status).toBe(303);
    expect(location).toBe("/account/subscriptions");
    expect(await rowOf(id)).toMatchObject({ status: "Cancelled", cancelReason: "other", cancelNote: "Moving abroad" });
    expect(await buyer.toast()).toMatchObject({ kind: "success", message: expect.stringContaining("is cancelled") });
    expect(((await buyer.list()).result as ListData).subscriptions).toEqual([]);
  });

  it("shows a cancelled subscription as cancelled, with no forms, and refuses every change", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    await buyer.change(id, { intent: "cancel", reason: "better-price" });
    const { response, result } = await buyer.details(id);
    expect(response.status).toBe(200);
    const page = result as DetailsData;
    expect(page.forms).toBeNull();
    expect(page.summary.cancelled).toEqual({ reason: "I found a better price", date: expect.any(String) });

    const refusals: Array<Record<string, string>> = [
      { intent: "set-frequency", frequencyDays: "60" },
      { intent: "set-quantities", rightQuantity: "4", leftQuantity: "4" },
      { intent: "snooze", days: "14", reorderDate: (await rowOf(id)).nextReorderDate },
      { intent: "cancel", reason: "other", note: "again" },
      { intent: "order-now" },
    ];
    const before = await rowOf(id);
    for (const body of refusals) {
      const refused = replyOf((await buyer.change(id, body)).result);
      expect(refused, body.intent).toMatchObject({
        status: 409,
        form: "page",
        errors: { "": [SUBSCRIPTION_MESSAGES.cancelled] },
      });
    }
    expect(orderNow).not.toHaveBeenCalled();
    expect(await rowOf(id)).toEqual(before);
  });
});

describe("the rendered details page", () => {
  it("is made of real POST forms whose fields are named as the schemas expect", async () => {
    const buyer = await Buyer.create();
    const id = await buyer.subscribe();
    const path = `/account/subscriptions/${id}`;
    const render = async (search: string, actionData?: unknown) => {
      const loaderData = (await buyer.details(id, search)).result;
      // Under a shell like the real one: the page's dialog goes to the slot before <main> (DialogSlot.tsx).
      const Stub = createRoutesStub([
        {
          id: "shell",
          Component: () =>
            createElement(
              Fragment,
              null,
              createElement(PageDialogSlot, { route: createElement(Outlet) }),
              createElement("main", null, createElement(Outlet)),
            ),
          children: [
            {
              id: "details",
              path: "/account/subscriptions/:subscriptionId",
              Component: SubscriptionDetailsPage as never,
              handle: detailsHandle,
            },
          ],
        },
      ]);
      return renderToString(
        createElement(Stub, {
          initialEntries: [`${path}${search}`],
          hydrationData: {
            loaderData: { details: loaderData },
            actionData: actionData ? { details: actionData } : undefined,
          },
        }),
      );
    };

    await createAddress(database.db, buyer.customer.id, { ...TEST_ADDRESS, country: "US" });
    await database.db.update(subscriptions).set({ frequencyDays: 45 }).where(eq(subscriptions.id, id));
    const html = await render("?address=new&card=new&confirm=order-now");
    const forms = html.match(/<form[^>]*>/g) ?? [];
    // Quantities, frequency, date, snooze, saved address, new address, saved card, new card, order now, cancel.
    expect(forms).toHaveLength(10);
    for (const form of forms) expect(form).toMatch(/method="post"/);
    for (const intent of [
      "set-quantities",
      "set-frequency",
      "set-next-date",
      "snooze",
      "use-saved-address",
      "use-saved-card",
      "save-card",
      "order-now",
      "cancel",
    ]) {
      expect(html, intent).toContain(`name="intent" value="${intent}"`);
    }
    for (const name of [
      "rightQuantity",
      "leftQuantity",
      "frequencyDays",
      "month",
      "day",
      "year",
      "days",
      "reorderDate",
      "paymentMethodId",
      "addressId",
      "reason",
      "note",
      "firstName",
      "address1",
      "postalCode",
      "cardNumber",
      "cvv",
    ]) {
      expect(html, name).toContain(`name="${name}"`);
    }
    expect(html).toContain("None (pause this eye)");
    expect(html).toMatch(/<option value="" disabled="" selected="">Custom \(every 45 days\)<\/option>/);
    // The book entry equal to the subscription's address is the one chosen to begin with.
    expect(html).toMatch(/<input[^>]*name="addressId"[^>]*checked=""|<input[^>]*checked=""[^>]*name="addressId"/);
    expect(html).toContain("Yes, place my order now");
    expect(html).toContain("Cancel subscription");
    for (const label of ["Month", "Day", "Year"]) expect(html).toContain(`>${label}</label>`);

    // A refused form shows its message in the page (what a browser without JavaScript sees after the 400).
    const refused = (await buyer.change(id, { intent: "set-frequency", frequencyDays: "45" })).result as {
      data: unknown;
    };
    expect(await render("", refused.data)).toContain(SUBSCRIPTION_MESSAGES.chooseFrequency);

    // The 'Verify your address' dialog, rendered from the URL, posts its choice back to this page.
    await buyer.change(id, newAddress({ address1: "20 West 34th Street", city: "Boston" }));
    const dialog = await render("?verify=address");
    expect(dialog).toContain("Verify your address");
    expect(dialog).toContain(`action="${path}?verify=address"`);
    expect(dialog).toContain('name="intent" value="verify-choice"');
    expect(dialog).toContain("Address entered");
    expect(dialog).toContain("Suggested address");
    expect(dialog).toContain("Save address");
    // Read first: the dialog comes before the page, which no longer holds it.
    expect(dialog.indexOf("Verify your address")).toBeLessThan(dialog.indexOf("<main>"));
    expect(dialog.match(/<dialog/g)).toHaveLength(1);
  });
});

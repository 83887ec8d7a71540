import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ADDRESS_MESSAGES } from "~/models/address";
import { RAPID_REORDER_MESSAGES } from "~/models/rapid-reorder";
import { createAddress } from "~/services/accounts/addresses.server";
import { createAuthSession } from "~/services/accounts/auth/accounts.server";
import { placeOrder } from "~/services/checkout/place-order.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { subscriptions } from "~/services/db/schema";
import { startAppHandler, type AppHandler } from "../setup/app-handler";
import { readyToOrder, TEST_ADDRESS } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";

/**
 * Form bodies a browser never sends but anyone can (issue 25), through the whole app, page render included: a field
 * named twice in two spellings Conform reads as one list (`country[]=a&country[0]=b`) on the four address forms, and
 * the rapid reorder posted without a quantity. Each answer is a 400 whose page says what is wrong, never a 500.
 */

const STORE = "http://store.test";

let database: DatabaseHandle;
let app: AppHandler;
/** A customer with a placed order (rapid reorder), a subscription, a saved address and a ready cart (checkout). */
let cookie: string;
let addressId: number;
let subscriptionId: number;

async function post(path: string, body: string) {
  const response = await app.handle(
    new Request(`${STORE}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body,
    }),
  );
  return { status: response.status, body: await response.text() };
}

/** The fields of the address form, filled in for a US address, with `country` spelled as given. */
function addressBody(country: string): string {
  const fields = new URLSearchParams({
    firstName: "Ann",
    lastName: "Lee",
    address1: "12 Main St",
    address2: "",
    city: "Boise",
    state: "ID",
    region: "",
    postalCode: "83702",
    phone: "",
  });
  return `${fields.toString()}&${country}`;
}

beforeAll(async () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  database = await createTestDatabase();
  app = await startAppHandler(database);
  const services = app.services;

  // An order with auto-reorder: the rapid reorder has a last order, and the account a subscription.
  const ordered = await readyToOrder(services, { slot: 0, stock: 500, frequencyDays: 90 });
  const placed = await placeOrder(services, ordered.input);
  if (!placed.ok) throw new Error(placed.message);
  const { verificationStatus: _status, addressId: _id, ...fields } = TEST_ADDRESS;
  addressId = (await createAddress(database.db, ordered.customer.id, { ...fields, country: "US" })).id;
  const [subscription] = await database.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.customerId, ordered.customer.id))
    .orderBy(asc(subscriptions.id));
  subscriptionId = subscription!.id;

  // A second cart, ready for checkout's address step, in the same browser.
  const next = await readyToOrder(services, { slot: 1, stock: 500 });
  const token = await createAuthSession(database.db, ordered.customer.id, "guest", false);
  const { session } = await services.sessions.getSession(null);
  session.set("authSessionId", token);
  session.set("cartId", next.cartId);
  cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("a bracketed country on the four address forms", () => {
  const forms = () => [
    "/address",
    "/account/addresses/new",
    `/account/addresses/${addressId}`,
    `/account/subscriptions/${subscriptionId}?address=new`,
  ];

  for (const country of ["country[]=a&country[0]=b", "country[0]=US", "country.code=US"]) {
    it(`answers ${country} with a 400 and 'Choose a country.'`, async () => {
      for (const path of forms()) {
        const answer = await post(path, addressBody(country));
        expect(answer.status, `${path} with ${country}`).toBe(400);
        expect(answer.body, `${path} with ${country}`).toContain(ADDRESS_MESSAGES.countryRequired);
      }
    });
  }

  it("answers every field bracketed with a 400 and the form's message", async () => {
    const body = addressBody("country[0]=US")
      .split("&")
      .map((pair) => pair.replace(/^([a-zA-Z0-9]+)=/, "$1%5B0%5D="))
      .join("&");
    for (const path of forms()) {
      const answer = await post(path, body);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toContain(ADDRESS_MESSAGES.countryRequired);
    }
  });

  it("still saves a well-formed address (the forms and the cookie are right)", async () => {
    const answer = await post("/account/addresses/new", addressBody("country=US"));
    expect(answer.status).toBe(303);
  });
});

describe("the rapid reorder without a quantity", () => {
  /** The page's form as rendered, less the fields named in `without`. */
  async function rapidReorderForm(without: (name: string) => boolean): Promise<string> {
    const page = await app.handle(new Request(`${STORE}/rapid-reorder`, { headers: { cookie } }));
    expect(page.status).toBe(200);
    const html = /<form[^>]*data-testid="rapid-reorder-form"[\s\S]*?<\/form>/.exec(await page.text())?.[0] ?? "";
    const fields = new URLSearchParams({ intent: "update-totals" });
    const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    for (const [tag] of html.matchAll(/<input[^>]*>/g)) {
      const name = attribute(tag, "name");
      const type = attribute(tag, "type");
      const sent = type === "hidden" || (type === "radio" && /\schecked(=""|\s|>|\/)/.test(tag));
      if (name && name !== "intent" && sent && !without(name)) fields.set(name, attribute(tag, "value") ?? "");
    }
    for (const [, tag, options] of html.matchAll(/(<select[^>]*>)([\s\S]*?)<\/select>/g)) {
      const name = attribute(tag!, "name");
      const selected = /<option[^>]*value="([^"]*)"[^>]*selected/.exec(options!)?.[1];
      if (name && selected !== undefined && !without(name)) fields.set(name, selected);
    }
    return fields.toString();
  }

  it("takes the whole form (the form read from the page is right)", async () => {
    const answer = await post("/rapid-reorder", await rapidReorderForm(() => false));
    expect(answer.status).toBe(303);
  });

  it("answers a form missing one quantity with a 400 and the form's message", async () => {
    const body = await rapidReorderForm((name) => name === "quantities[0]");
    expect(body).toContain("quantities%5B1%5D");
    const answer = await post("/rapid-reorder", body);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain(RAPID_REORDER_MESSAGES.chooseQuantity);
    expect(answer.body).toContain('name="quantities[0]"');
  });

  it("answers a quantity that is not a list with a 400 and the form's message", async () => {
    const body = await rapidReorderForm((name) => name.startsWith("quantities"));
    const answer = await post("/rapid-reorder", `${body}&quantities=1&quantities.x=2`);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain(RAPID_REORDER_MESSAGES.chooseQuantity);
  });

  it("answers a form with no quantity at all with a 400 and the form's message", async () => {
    const body = await rapidReorderForm((name) => name.startsWith("quantities"));
    const answer = await post("/rapid-reorder", body);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain(RAPID_REORDER_MESSAGES.chooseQuantity);
    expect(answer.body).toContain('name="quantities[0]"');
  });
});

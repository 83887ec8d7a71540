import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERIFY_CHOICE_MESSAGE } from "~/components/checkout/VerifyAddressDialog";
import { ADDRESS_MESSAGES } from "~/models/address";
import { action as addressAction, loader as addressLoader } from "~/routes/address";
import { action as cartAction } from "~/routes/cart";
import { action as productAction } from "~/routes/product";
import { action as authAction } from "~/routes/resources.auth";
import type { AddressVerifier } from "~/services/adapters/address-verification/address-verifier";
import { createAddress } from "~/services/accounts/addresses.server";
import { createCustomer } from "~/services/accounts/auth/accounts.server";
import { startSignedInSession } from "~/services/sign-in/sign-in.server";
import { ADDRESS_VERIFY_TIMEOUT_MS } from "~/models/address-verification";
import {
  pendingVerificationOf,
  submitShippingAddress,
  verifyWithTimeout,
} from "~/services/funnel/checkout-address.server";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { addresses, carts, customers } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware, settle } from "../setup/test-context";

// The /address funnel step (spec 2 §4 address verification, shipping name; spec 1 §5) through the request path
// the server takes: the root middleware (cookie session) around the route's loader and action, against PGlite.

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
let emailCounter = 0;
const uniqueEmail = (name: string) => `${name}.${++emailCounter}@example.com`;

/** Counts calls; answers with what `answer` gives. */
function fakeVerifier(answer: () => Promise<{ matches: never[] }>) {
  const verifier: AddressVerifier & { calls: number } = {
    calls: 0,
    verify() {
      verifier.calls++;
      return answer();
    },
  };
  return verifier;
}

/** One shopper: a cookie jar kept across requests, as a browser keeps it. */
class Shopper {
  cookie = "";
  toastCookie = "";

  async send(
    method: "GET" | "POST",
    path: string,
    route: (args: never) => unknown,
    options: { body?: Record<string, string>; verifier?: AddressVerifier } = {},
  ) {
    const request = new Request(`http://store.test${path}`, {
      method,
      body: options.body ? new URLSearchParams(options.body).toString() : undefined,
      headers: {
        ...(options.body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
      },
    });
    let result: unknown = undefined;
    const withVerifier = options.verifier ? { ...services, addressVerifier: options.verifier } : services;
    const response = await runThroughMiddleware(withVerifier, request, async (context) => {
      result = await settle(() => route({ request, params: { name: SOLUTION.vanityUrl }, context } as never) as never);
      if (result instanceof Response) return result;
      const init = isDataWithInit(result) ? result.init : undefined;
      return Response.json(isDataWithInit(result) ? result.data : result, init ?? undefined);
    });
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(";")[0]!;
      if (pair.startsWith(`${services.sessions.cookieName}=`)) this.cookie = pair;
      if (pair.startsWith("toast=")) this.toastCookie = pair;
    }
    return { response, result, location: response.headers.get("Location") };
  }

  async addSolution() {
    const { response } = await this.send("POST", `/contact-lens-solution/${SOLUTION.vanityUrl}`, productAction, {
      body: { intent: "add-to-cart", quantity: "1" },
    });
    expect(response.status).toBe(303);
  }

  async session() {
    return (await services.sessions.getSession(this.cookie || null)).session;
  }

  /** The toast the last answer left in its cookie. */
  toast() {
    return services.sessions.readToast(this.toastCookie || null);
  }

  /** Signs in as a new customer on this browser (the cart comes along, as with the sign-in dialog). */
  async signIn(input: { firstName?: string; lastName?: string; phone?: string } = {}) {
    const customer = await createCustomer(database.db, {
      email: uniqueEmail("shopper"),
      password: "correct horse battery",
      firstName: input.firstName ?? "Ann",
      lastName: input.lastName ?? "Lee",
    });
    if (input.phone)
      await database.db.update(customers).set({ phone: input.phone }).where(eq(customers.id, customer.id));
    const session = await this.session();
    await startSignedInSession(services, session, customer, "password", false);
    this.cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
    return customer;
  }

  loadAddress(path = "/address") {
    return this.send("GET", path, addressLoader);
  }

  postAddress(body: Record<string, string>, verifier?: AddressVerifier, path = "/address") {
    return this.send("POST", path, addressAction, { body, verifier });
  }

  async shippingAddress() {
    const cartId = (await this.session()).get("cartId")!;
    const [row] = await database.db.select().from(carts).where(eq(carts.id, cartId));
    return row!.shippingAddress;
  }
}

function isDataWithInit(value: unknown): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit } {
  return !!value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit";
}

/** A refused form's reply: which form, its status and its errors by field. */
function replyOf(result: unknown) {
  expect(isDataWithInit(result), "a Conform reply with a status").toBe(true);
  const { data, init } = result as {
    data: { form: string; result: { error?: Record<string, string[]> } };
    init: ResponseInit;
  };
  return { status: init.status, form: data.form, errors: data.result.error ?? {} };
}

const bookOf = (customerId: number) =>
  database.db.select().from(addresses).where(eq(addresses.customerId, customerId)).orderBy(addresses.id);

/** The new-address form as the browser posts it (AddressForm has no intent field). */
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

/** A signed-in shopper with a solution in the cart (solution flow: Address → Doctor, skipped → Checkout). */
async function readyShopper(input: Parameters<Shopper["signIn"]>[0] = {}) {
  const shopper = new Shopper();
  await shopper.addSolution();
  const customer = await shopper.signIn(input);
  return { shopper, customer };
}

describe("before an address: a cart and a signed-in shopper", () => {
  it("sends a shopper without a cart to the cart page", async () => {
    const shopper = new Shopper();
    expect((await shopper.loadAddress()).location).toBe("/cart");
    expect((await shopper.postAddress(newAddress())).location).toBe("/cart");
  });

  it("offers a signed-out shopper 'Sign in' or 'Continue as a guest', and takes no address from them", async () => {
    const shopper = new Shopper();
    await shopper.addSolution();
    const { result } = await shopper.loadAddress();
    expect(result).toEqual({
      signedIn: false,
      signInHref: "/address?signin=sign-in&redirectTo=%2Faddress",
      guestHref: "/address?signin=guest&redirectTo=%2Faddress",
    });
    const posted = await shopper.postAddress(newAddress());
    expect(posted.response.status).toBe(303);
    expect(posted.location).toBe("/address?signin=sign-in&redirectTo=%2Faddress");
    expect(await shopper.shippingAddress()).toBeNull();
  });

  it("signs a guest in with only an e-mail (a quasi account) and brings them back to the address form", async () => {
    const shopper = new Shopper();
    await shopper.addSolution();
    const email = uniqueEmail("guest");
    const { location } = await shopper.send("POST", "/resources/auth", authAction, {
      body: { intent: "guest", email, returnTo: "/address", redirectTo: "/address", name__confirm: "" },
    });
    expect(location).toBe("/address");
    const [guest] = await database.db.select().from(customers).where(eq(customers.emailNormalized, email));
    expect(guest!.passwordHash).toBeNull();

    const { result } = await shopper.loadAddress();
    expect(result).toMatchObject({ signedIn: true, addresses: [], verify: null });
    const saved = await shopper.postAddress(newAddress());
    expect(saved.location).toBe("/checkout");
    expect(await bookOf(guest!.id)).toHaveLength(1);
  });
});

describe("a primary address that can be shipped to", () => {
  it("skips the address step and ships the cart to it, so checkout does not send the shopper back", async () => {
    const { shopper, customer } = await readyShopper({ phone: "2085550100" });
    await createAddress(database.db, customer.id, {
      firstName: "Ann",
      lastName: "Lee",
      address1: "12 Main St",
      address2: "",
      city: "Boise",
      state: "ID",
      postalCode: "83702",
      country: "US",
      phone: null,
    });
    const { location } = await shopper.send("POST", "/cart", cartAction, { body: { intent: "proceed" } });
    // A solution needs no doctor: on to checkout.
    expect(location).toBe("/checkout");
    const [primary] = await bookOf(customer.id);
    expect(await shopper.shippingAddress()).toMatchObject({
      address1: "12 Main St",
      city: "Boise",
      // The account phone fills in the address's missing one (spec 1 §5).
      phone: "2085550100",
      addressId: primary!.id,
      verificationStatus: primary!.verificationStatus,
    });
  });
});

describe("a new address and its verification", () => {
  it("saves an address the verifier matches exactly as Verified, to the cart and the book (primary), and goes on", async () => {
    const { shopper, customer } = await readyShopper();
    const { response, location } = await shopper.postAddress(newAddress());
    expect(response.status).toBe(303);
    expect(location).toBe("/checkout");
    const [row] = await bookOf(customer.id);
    expect(row).toMatchObject({ address1: "20 W 34th St", isPrimary: true, verificationStatus: "Verified" });
    expect(await shopper.shippingAddress()).toEqual({
      firstName: "Ann",
      lastName: "Lee",
      address1: "20 W 34th St",
      address2: "",
      city: "New York",
      state: "NY",
      postalCode: "10001",
      country: "US",
      phone: null,
      verificationStatus: "Verified",
      addressId: row!.id,
    });
    expect(await shopper.toast()).toMatchObject({ kind: "success", message: "Address saved." });

    // The same address again is the same book entry, not a copy.
    await shopper.postAddress(newAddress({ address1: "20 w 34th st." }));
    expect(await bookOf(customer.id)).toHaveLength(1);
  });

  it("opens 'Verify your address' when the suggestion differs, saving nothing until the shopper chooses", async () => {
    const { shopper, customer } = await readyShopper();
    const { location } = await shopper.postAddress(newAddress({ address1: "20 West 34th Street", city: "Boston" }));
    expect(location).toBe("/address?verify=address");
    expect(await shopper.shippingAddress()).toBeNull();
    expect(await bookOf(customer.id)).toHaveLength(0);

    const { result } = await shopper.loadAddress("/address?verify=address");
    expect((result as { verify: unknown }).verify).toEqual({
      entryLines: ["Ann Lee", "20 West 34th Street", "Boston, NY 10001"],
      suggestionLines: ["Ann Lee", "20 W 34TH ST", "NEW YORK, NY 10001"],
    });
    // Closing the dialog leaves the entry in the form, to correct.
    const closed = (await shopper.loadAddress()).result as { verify: unknown; newAddressDefaults: unknown };
    expect(closed.verify).toBeNull();
    expect(closed.newAddressDefaults).toMatchObject({ address1: "20 West 34th Street", city: "Boston" });
  });

  it("saves the suggestion as Verified when the shopper takes it", async () => {
    const { shopper, customer } = await readyShopper();
    await shopper.postAddress(newAddress({ address1: "20 West 34th Street", city: "Boston", address2: "Suite 5" }));
    const { location } = await shopper.postAddress(
      { intent: "verify-choice", choice: "suggested" },
      undefined,
      "/address?verify=address",
    );
    expect(location).toBe("/checkout");
    expect(await shopper.shippingAddress()).toMatchObject({
      address1: "20 W 34TH ST",
      address2: "STE 5",
      city: "NEW YORK",
      state: "NY",
      verificationStatus: "Verified",
    });
    expect(await bookOf(customer.id)).toMatchObject([{ address1: "20 W 34TH ST", verificationStatus: "Verified" }]);
    // The choice is spent: the dialog's URL now shows the form.
    expect(pendingVerificationOf(await shopper.session())).toBeNull();
    expect((await shopper.loadAddress("/address?verify=address")).location).toBe("/address");
  });

  it("saves the entry as typed as CustomerVerified when the shopper keeps it", async () => {
    const { shopper, customer } = await readyShopper();
    await shopper.postAddress(newAddress({ address1: "20 West 34th Street", city: "Boston" }));
    const { location } = await shopper.postAddress(
      { intent: "verify-choice", choice: "entered" },
      undefined,
      "/address?verify=address",
    );
    expect(location).toBe("/checkout");
    expect(await shopper.shippingAddress()).toMatchObject({
      address1: "20 West 34th Street",
      city: "Boston",
      verificationStatus: "CustomerVerified",
    });
    expect(await bookOf(customer.id)).toMatchObject([{ city: "Boston", verificationStatus: "CustomerVerified" }]);
  });

  it("needs a choice in the dialog (400, the message next to it, the choice still pending)", async () => {
    const { shopper } = await readyShopper();
    await shopper.postAddress(newAddress({ city: "Boston" }));
    const { result } = await shopper.postAddress({ intent: "verify-choice" }, undefined, "/address?verify=address");
    expect(replyOf(result)).toEqual({ status: 400, form: "verify", errors: { choice: [VERIFY_CHOICE_MESSAGE] } });
    expect(pendingVerificationOf(await shopper.session())).not.toBeNull();
    expect(await shopper.shippingAddress()).toBeNull();
  });

  it("does not call the verifier for a non-US address: NeedsVerification", async () => {
    const { shopper } = await readyShopper();
    const verifier = fakeVerifier(async () => ({ matches: [] }));
    const { location } = await shopper.postAddress(
      newAddress({
        country: "CA",
        address1: "111 Wellington St",
        city: "Ottawa",
        state: "",
        region: "ON",
        postalCode: "k1a 0a9",
        phone: "613 555 0100",
      }),
      verifier,
    );
    expect(location).toBe("/checkout");
    expect(verifier.calls).toBe(0);
    expect(await shopper.shippingAddress()).toMatchObject({
      country: "CA",
      postalCode: "K1A 0A9",
      phone: "6135550100",
      verificationStatus: "NeedsVerification",
    });
  });

  it("goes on with NeedsVerification when the verifier fails", async () => {
    const { shopper } = await readyShopper();
    const verifier = fakeVerifier(() => Promise.reject(new Error("verifier down")));
    const { location } = await shopper.postAddress(newAddress(), verifier);
    expect(verifier.calls).toBe(1);
    expect(location).toBe("/checkout");
    expect(await shopper.shippingAddress()).toMatchObject({ verificationStatus: "NeedsVerification" });
    expect((await shopper.toast())?.message).toBe("Address saved. We'll ship to it as you entered it.");
  });

  it("goes on with NeedsVerification for a well-formed ZIP the dataset does not know", async () => {
    const { shopper } = await readyShopper();
    const { location } = await shopper.postAddress(newAddress({ postalCode: "00000" }));
    expect(location).toBe("/checkout");
    expect(await shopper.shippingAddress()).toMatchObject({
      postalCode: "00000",
      verificationStatus: "NeedsVerification",
    });
  });

  it("answers a bad ZIP with its message (400) and saves nothing", async () => {
    const { shopper, customer } = await readyShopper();
    const { result } = await shopper.postAddress(newAddress({ postalCode: "1234" }));
    expect(replyOf(result)).toEqual({
      status: 400,
      form: "new",
      errors: { postalCode: [ADDRESS_MESSAGES.zipInvalid] },
    });
    expect(await shopper.shippingAddress()).toBeNull();
    expect(await bookOf(customer.id)).toHaveLength(0);
  });

  it("asks an overseas military address for a phone", async () => {
    const { shopper } = await readyShopper();
    const { result } = await shopper.postAddress(
      newAddress({ address1: "Unit 2050 Box 4190", city: "APO", state: "AE", postalCode: "09002" }),
    );
    expect(replyOf(result)).toMatchObject({ status: 400, errors: { phone: [ADDRESS_MESSAGES.militaryPhoneRequired] } });
    expect(await shopper.shippingAddress()).toBeNull();
  });
});

describe("a saved address", () => {
  async function withBook(entries: Array<Partial<typeof addresses.$inferInsert>>, signIn = {}) {
    const { shopper, customer } = await readyShopper(signIn);
    const rows = await database.db
      .insert(addresses)
      .values(
        entries.map((entry) => ({
          customerId: customer.id,
          firstName: "Ann",
          lastName: "Lee",
          address1: "1 Capitol Blvd",
          city: "Boise",
          state: "ID",
          postalCode: "83702",
          ...entry,
        })),
      )
      .returning();
    return { shopper, customer, rows };
  }

  it("lists the book with the primary chosen, and ships to the chosen one (Verified, no copy made)", async () => {
    const { shopper, customer, rows } = await withBook([
      { isPrimary: true },
      { address1: "2 Main St", city: "Meridian", postalCode: "83642" },
    ]);
    const { result } = await shopper.loadAddress();
    expect(result).toMatchObject({ signedIn: true, selectedId: rows[0]!.id });
    expect((result as { addresses: unknown[] }).addresses).toHaveLength(2);

    const { location } = await shopper.postAddress({ intent: "use-saved", addressId: String(rows[1]!.id) });
    expect(location).toBe("/checkout");
    expect(await shopper.shippingAddress()).toMatchObject({ addressId: rows[1]!.id, verificationStatus: "Verified" });
    expect(await bookOf(customer.id)).toMatchObject([
      { id: rows[0]!.id, verificationStatus: "NeedsVerification" },
      { id: rows[1]!.id, verificationStatus: "Verified" },
    ]);
    // Back on the page, the cart's address is the one chosen.
    expect((await shopper.loadAddress()).result).toMatchObject({ selectedId: rows[1]!.id });
  });

  it("refuses another customer's address id, and a saved international address without any phone", async () => {
    const { shopper, rows } = await withBook([{ country: "CA", state: "ON", city: "Ottawa", postalCode: "K1A 0A9" }]);
    const other = await withBook([{}]);
    const foreign = await shopper.postAddress({ intent: "use-saved", addressId: String(other.rows[0]!.id) });
    expect(replyOf(foreign.result)).toMatchObject({ status: 400, form: "saved" });
    const refused = await shopper.postAddress({ intent: "use-saved", addressId: String(rows[0]!.id) });
    expect(replyOf(refused.result)).toMatchObject({
      status: 400,
      errors: { "": [ADDRESS_MESSAGES.internationalPhoneRequired] },
    });
    const bad = await shopper.postAddress({ intent: "use-saved", addressId: "abc" });
    expect(replyOf(bad.result)).toMatchObject({ status: 400, form: "saved" });
    expect(await shopper.shippingAddress()).toBeNull();
  });

  it("fills in the account phone for a saved international address that has none", async () => {
    const { shopper, rows } = await withBook([{ country: "CA", state: "ON", city: "Ottawa", postalCode: "K1A 0A9" }], {
      phone: "6135550100",
    });
    const { location } = await shopper.postAddress({ intent: "use-saved", addressId: String(rows[0]!.id) });
    expect(location).toBe("/checkout");
    expect(await shopper.shippingAddress()).toMatchObject({
      phone: "6135550100",
      verificationStatus: "NeedsVerification",
    });
  });

  it("ships under the primary address's name when the chosen address has no last name", async () => {
    const { shopper, rows } = await withBook([
      { firstName: "Pat", lastName: "Primary", isPrimary: true },
      { firstName: "Box", lastName: "", address1: "2 Main St" },
    ]);
    await shopper.postAddress({ intent: "use-saved", addressId: String(rows[1]!.id) });
    expect(await shopper.shippingAddress()).toMatchObject({
      firstName: "Pat",
      lastName: "Primary",
      address1: "2 Main St",
    });
  });
});

describe("verifyWithTimeout and the service", () => {
  const address = {
    firstName: "Ann",
    lastName: "Lee",
    address1: "20 W 34th St",
    address2: "",
    city: "New York",
    state: "NY",
    postalCode: "10001",
    country: "US" as const,
    phone: null,
  };

  it("waits 5000 ms by default (spec 2 §9)", () => {
    expect(ADDRESS_VERIFY_TIMEOUT_MS).toBe(5000);
  });

  it("gives up on a verifier that never answers, aborting its call", async () => {
    let signal: AbortSignal | undefined;
    const never: AddressVerifier = {
      verify: (_address, options) => {
        signal = options?.signal;
        return new Promise(() => {});
      },
    };
    expect(await verifyWithTimeout(never, address, 10)).toEqual({ kind: "unverified", reason: "timeout" });
    expect(signal?.aborted).toBe(true);
  });

  it("reads several matches, a malformed answer or an error as unverified", async () => {
    const suggestion = { address1: "A", address2: "", city: "B", state: "NY", postalCode: "10001" };
    const answering = (answer: unknown): AddressVerifier => ({ verify: async () => answer as never });
    expect(await verifyWithTimeout(answering({ matches: [suggestion, suggestion] }), address)).toMatchObject({
      reason: "several-matches",
    });
    expect(await verifyWithTimeout(answering({ nope: true }), address)).toMatchObject({ reason: "error" });
    expect(await verifyWithTimeout(answering({ matches: [suggestion] }), address)).toEqual({
      kind: "suggestion",
      suggestion,
    });
  });

  it("saves the address NeedsVerification when verification times out, so the order proceeds", async () => {
    const { shopper, customer } = await readyShopper();
    const cartId = (await shopper.session()).get("cartId")!;
    const never: AddressVerifier = { verify: () => new Promise(() => {}) };
    const outcome = await submitShippingAddress(
      { db: database.db, verifier: never, timeoutMs: 10 },
      { cartId, customer, address, addressId: null },
    );
    expect(outcome).toMatchObject({ kind: "saved", snapshot: { verificationStatus: "NeedsVerification" } });
    expect(await shopper.shippingAddress()).toMatchObject({ verificationStatus: "NeedsVerification" });
  });
});

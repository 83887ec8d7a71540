import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as accountApi from "~/routes/api.authentication.account";
import * as autoLoginApi from "~/routes/api.authentication.autoLogin";
import * as loginApi from "~/routes/api.authentication.login";
import * as passwordApi from "~/routes/api.authentication.password";
import * as pinLoginApi from "~/routes/api.authentication.pinLogin";
import * as ordersApi from "~/routes/api.orders.history";
import * as accountLayout from "~/routes/account";
import * as addressesRoute from "~/routes/account.addresses";
import * as settingsRoute from "~/routes/account.settings";
import { loader as orderHistoryLoader } from "~/routes/order-history";
import { action as resetPasswordAction } from "~/routes/reset-password";
import { action as authAction } from "~/routes/resources.auth";
import { createAddress } from "~/services/accounts/addresses.server";
import {
  checkPassword,
  createAuthSession,
  createAutoLoginToken,
  createCustomer,
  createPin,
  createResetToken,
  customerForSession,
  findCustomerByEmail,
  type Customer,
} from "~/services/accounts/auth/accounts.server";
import { PASSWORD_REMOVED_MESSAGE } from "~/services/sign-in/sign-in.server";
import { tokenHash } from "~/services/accounts/auth/tokens.server";
import { visitorContext, type AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { authSessions, customers, orders } from "~/services/db/schema";
import { TEST_ADDRESS } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import {
  createRequestContext,
  createTestServices,
  runThroughMiddleware,
  settle,
  underLayouts,
} from "../setup/test-context";

// The account pages run under their layout, whose middleware is their sign-in guard (app/routes.ts).
const addressesLoader = underLayouts([accountLayout], addressesRoute.loader);
const settingsAction = underLayouts([accountLayout], settingsRoute.action);

// Pre-hijacking (issue 12, decision 19): whoever types an e-mail address without reading its mail gets an unproven
// session; once the address's owner proves it (PIN, reset link, e-mailed sign-in link), those sessions end and the
// owner's orders and addresses stay the owner's. A reset link also ends every other session and API token.

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

const ATTACKER_PASSWORD = "attacker password 1";
const OWNER_PASSWORD = "owner password 1";
const url = (path: string) => `http://store.test${path}`;

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${++counter}@example.com`;

// --- Browsers: cookies, the sign-in dialog, e-mailed links ----------------------------------------------------------

/** The `session=...` pair of a response's Set-Cookie (what the browser sends back). */
/** A dialog redirect without the e-mail it carries on (decision 16), to compare the rest exactly. */
function withoutEmail(location: string | null): string | null {
  return location?.replace(/[?&]email=[^&]*$/, "").replace(/&email=[^&]*&/, "&") ?? null;
}

function cookieOf(response: Response): string {
  const pair = response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("session="))
    ?.split(";")[0];
  expect(pair, "the response sets the session cookie").toBeDefined();
  return pair!;
}

async function sessionOf(cookie: string) {
  return (await services.sessions.getSession(cookie)).session;
}

async function tokenOf(cookie: string): Promise<string> {
  const token = (await sessionOf(cookie)).get("authSessionId");
  expect(token, "the cookie holds a signed-in session").toBeTruthy();
  return token!;
}

async function sessionRow(token: string) {
  const [row] = await services.db
    .select()
    .from(authSessions)
    .where(eq(authSessions.tokenHash, tokenHash(token)));
  return row;
}

async function customerOf(email: string): Promise<Customer> {
  const customer = await findCustomerByEmail(services.db, email);
  expect(customer, email).not.toBeNull();
  return customer!;
}

/** A sign-in dialog form posted to /resources/auth, as a browser with this cookie posts it. */
async function postAuth(fields: Record<string, string>, cookie?: string): Promise<Response> {
  const request = new Request(url("/resources/auth"), {
    method: "POST",
    body: new URLSearchParams({ returnTo: "/", name__confirm: "", ...fields }),
    headers: cookie ? { Cookie: cookie } : {},
  });
  const context = await createRequestContext(services, request);
  const response = await settle(() => authAction({ request, params: {}, context } as never));
  expect(response).toBeInstanceOf(Response);
  return response as Response;
}

/** Signs in with the dialog's password form; the cookie, or null when the password is refused. */
async function signInWithPassword(email: string, password: string): Promise<string | null> {
  const response = await postAuth({ intent: "sign-in", email, password });
  const cookie = cookieOf(response);
  return (await sessionOf(cookie)).get("authSessionId") ? cookie : null;
}

/** The owner reads the PIN in their mailbox and types it into the dialog's PIN form. */
async function proveByPin(email: string, cookie?: string): Promise<string> {
  const pin = await createPin(services.db, services.sessions.secrets[0]!, (await customerOf(email)).id);
  const response = await postAuth({ intent: "pin-login", email, pin }, cookie);
  expect(response.headers.get("Location")).toBe("/reorder?signin=true");
  return cookieOf(response);
}

/** The owner opens an e-mailed auto-login link (spec 4.4) in a browser with this cookie. */
async function proveByAutoLoginLink(email: string, cookie?: string): Promise<string> {
  const token = await createAutoLoginToken(services.db, services.sessions.secrets, (await customerOf(email)).id);
  const request = new Request(url(`/dashboard?token=${encodeURIComponent(token)}`), {
    headers: cookie ? { Cookie: cookie } : {},
  });
  const response = await runThroughMiddleware(services, request, async () => new Response("page"));
  expect(response.headers.get("Location")).toBe("/dashboard");
  lastProofCookies = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");
  return cookieOf(response);
}

/** Every cookie the last auto-login proof set (the toast has a cookie of its own). */
let lastProofCookies = "";

/** The owner opens an e-mailed reset link (password or guest reset) and saves a new password. */
async function proveByResetLink(email: string, password: string, cookie?: string): Promise<string> {
  const customer = await customerOf(email);
  const code = await createResetToken(
    services.db,
    customer.id,
    customer.passwordHash ? "password-reset" : "guest-reset",
  );
  const request = new Request(url(`/reset-password?code=${encodeURIComponent(code)}`), {
    method: "POST",
    body: new URLSearchParams({ code, password }),
    headers: cookie ? { Cookie: cookie } : {},
  });
  const context = await createRequestContext(services, request);
  const response = (await settle(() => resetPasswordAction({ request, params: {}, context } as never))) as Response;
  expect(response.status).toBe(303);
  return cookieOf(response);
}

// --- What a session can read ---------------------------------------------------------------------------------------

type Credentials = { cookie: string } | { bearer: string };

function requestWith(credentials: Credentials, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if ("cookie" in credentials) headers.set("Cookie", credentials.cookie);
  else headers.set("Authorization", `Bearer ${credentials.bearer}`);
  return new Request(url(path), { ...init, headers });
}

/** The order numbers the order history page shows this browser, or null when it is sent to sign in. */
async function ordersSeenBy(cookie: string): Promise<string[] | null> {
  const request = requestWith({ cookie }, "/order-history");
  const context = await createRequestContext(services, request);
  const result = await settle(() => orderHistoryLoader({ request, params: {}, context } as never));
  if (result instanceof Response) {
    expect(result.headers.get("Location")).toMatch(/signin=sign-in/);
    return null;
  }
  return (result as { orders: Array<{ orderNumber: string }> }).orders.map((order) => order.orderNumber);
}

/** The first lines of the address book page's addresses, or null when this browser is sent to sign in. */
async function addressesSeenBy(cookie: string): Promise<string[] | null> {
  const request = requestWith({ cookie }, "/account/addresses");
  const context = await createRequestContext(services, request);
  const result = await settle(() => addressesLoader({ request, params: {}, context } as never));
  if (result instanceof Response) {
    expect(result.headers.get("Location")).toMatch(/signin=sign-in/);
    return null;
  }
  return (result as { addresses: Array<{ address1: string }> }).addresses.map((address) => address.address1).sort();
}

/** Who the root middleware signs in with these credentials (cookie or bearer), if anyone. */
async function signedInAs(credentials: Credentials): Promise<number | null> {
  const context = await createRequestContext(services, requestWith(credentials, "/"));
  return context.get(visitorContext).customer?.id ?? null;
}

type Handler = (args: never) => unknown;

/** Calls an API loader or action through the root middleware, with a JSON body when there is one. */
async function callApi(
  handler: Handler,
  path: string,
  options: { body?: unknown; method?: string; credentials?: Credentials; params?: Record<string, string> } = {},
): Promise<Response> {
  const init: RequestInit = { method: options.method ?? (options.body === undefined ? "GET" : "POST") };
  if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    init.headers = { "Content-Type": "application/json" };
  }
  const request = options.credentials ? requestWith(options.credentials, path, init) : new Request(url(path), init);
  return runThroughMiddleware(
    services,
    request,
    async (context) => (await handler({ request, params: options.params ?? {}, context } as never)) as Response,
  );
}

/** GET api/orders/history/10/0 with a bearer token: its order numbers, or the status when refused. */
async function ordersSeenByToken(bearer: string): Promise<string[] | number> {
  const response = await callApi(ordersApi.loader, "/api/orders/history/10/0", {
    credentials: { bearer },
    params: { pageSize: "10", page: "0" },
  });
  if (response.status !== 200) return response.status;
  return ((await response.json()) as { orders: Array<{ orderNumber: string }> }).orders.map((o) => o.orderNumber);
}

async function apiLogin(email: string, password: string): Promise<Response> {
  return callApi(loginApi.action, "/api/authentication/login", { body: { username: email, password } });
}

// --- The owner's data ----------------------------------------------------------------------------------------------

async function addAddress(customerId: number, address1: string) {
  await createAddress(services.db, customerId, { ...TEST_ADDRESS, address1, phone: null, country: "US" });
}

async function addOrder(customerId: number, orderNumber: string) {
  await services.db.insert(orders).values({
    orderNumber,
    customerId,
    cartId: randomUUID(),
    idempotencyKey: randomUUID(),
    shippingLevel: 0,
    shippingAddress: TEST_ADDRESS,
    paymentToken: `tok_${randomUUID()}`,
    paymentBrand: "Visa",
    paymentLastFour: "4242",
    chargeId: `ch_${randomUUID()}`,
    subtotalCents: 12000,
    discountCents: 0,
    shippingCents: 0,
    shippingDiscountCents: 0,
    taxCents: 0,
    rebateCents: 0,
    totalCents: 12000,
  });
}

let orderCounter = 0;
const orderNumber = () => `PH${String(++orderCounter).padStart(6, "0")}`;

// --- The tests -----------------------------------------------------------------------------------------------------

describe("a guest checkout with someone else's e-mail, before they arrive", () => {
  /** The attacker's guest sign-in with the owner's address; the attacker adds an address of their own. */
  async function attackerChecksOutAsGuest(email: string) {
    const response = await postAuth({ intent: "guest", email });
    expect(response.headers.get("Location")).toBe("/reorder?signin=true");
    const cookie = cookieOf(response);
    const token = await tokenOf(cookie);
    expect(await sessionRow(token)).toMatchObject({ method: "guest", proven: false });
    const customer = await customerOf(email);
    expect(customer.emailProvenAt).toBeNull();
    await addAddress(customer.id, "1 Attacker Way");
    // Until the owner shows up, the session sees what it made.
    expect(await addressesSeenBy(cookie)).toEqual(["1 Attacker Way"]);
    return { cookie, token, customer };
  }

  /** After the proof: the attacker is signed out and reads nothing the owner adds; the owner reads it. */
  async function expectOwnerAloneSeesTheirData(customerId: number, owner: string, attacker: string) {
    const number = orderNumber();
    await addOrder(customerId, number);
    await addAddress(customerId, "2 Owner Street");
    expect(await ordersSeenBy(owner)).toEqual([number]);
    expect(await addressesSeenBy(owner)).toEqual(["1 Attacker Way", "2 Owner Street"]);
    expect(await ordersSeenBy(attacker)).toBeNull();
    expect(await addressesSeenBy(attacker)).toBeNull();
    expect(await signedInAs({ cookie: attacker })).toBeNull();
  }

  it("is signed out when the owner proves the e-mail with a PIN (the guest form on a known e-mail asks for one)", async () => {
    const email = uniqueEmail("pin-owner");
    const attacker = await attackerChecksOutAsGuest(email);

    // The owner uses the guest form too: the e-mail has an account now, so it takes the e-mailed PIN.
    const asked = await postAuth({ intent: "guest", email });
    expect(withoutEmail(asked.headers.get("Location"))).toBe("/?signin=pin&mode=guest");
    expect((await sessionOf(cookieOf(asked))).get("authSessionId")).toBeUndefined();
    const owner = await proveByPin(email);

    expect(await sessionRow(await tokenOf(owner))).toMatchObject({ method: "pin", proven: true });
    expect(await sessionRow(attacker.token)).toBeUndefined();
    expect((await customerOf(email)).emailProvenAt).toBeInstanceOf(Date);
    await expectOwnerAloneSeesTheirData(attacker.customer.id, owner, attacker.cookie);
  });

  it("is signed out when the owner proves the e-mail with a (guest) reset link", async () => {
    const email = uniqueEmail("reset-owner");
    const attacker = await attackerChecksOutAsGuest(email);
    const owner = await proveByResetLink(email, OWNER_PASSWORD);
    expect(await sessionRow(await tokenOf(owner))).toMatchObject({ method: "reset", proven: true });
    expect(await sessionRow(attacker.token)).toBeUndefined();
    expect((await customerOf(email)).emailProvenAt).toBeInstanceOf(Date);
    await expectOwnerAloneSeesTheirData(attacker.customer.id, owner, attacker.cookie);
    // The owner's new password proves the e-mail from now on.
    const later = await signInWithPassword(email, OWNER_PASSWORD);
    expect(await sessionRow(await tokenOf(later!))).toMatchObject({ method: "password", proven: true });
  });

  it("is signed out when the owner opens an e-mailed auto-login link", async () => {
    const email = uniqueEmail("link-owner");
    const attacker = await attackerChecksOutAsGuest(email);
    const owner = await proveByAutoLoginLink(email);
    expect(await sessionRow(await tokenOf(owner))).toMatchObject({ method: "auto-login", proven: true });
    expect(await sessionRow(attacker.token)).toBeUndefined();
    await expectOwnerAloneSeesTheirData(attacker.customer.id, owner, attacker.cookie);
  });
});

describe("a password set by someone who never proved the e-mail", () => {
  it("an account created with a password stays unproven, and the owner's proof ends it and its password", async () => {
    const email = uniqueEmail("created");
    const created = await postAuth({
      intent: "create-account",
      firstName: "Mal",
      lastName: "Lory",
      email,
      password: ATTACKER_PASSWORD,
    });
    const attacker = cookieOf(created);
    expect(await sessionRow(await tokenOf(attacker))).toMatchObject({ method: "create-account", proven: false });
    // Signing in again with that password is no proof either, in a browser or through the API.
    const again = (await signInWithPassword(email, ATTACKER_PASSWORD))!;
    expect(await sessionRow(await tokenOf(again))).toMatchObject({ method: "password", proven: false });
    const { token: bearer } = (await (await apiLogin(email, ATTACKER_PASSWORD)).json()) as { token: string };
    expect(await sessionRow(bearer)).toMatchObject({ method: "password", proven: false });

    // The owner opens the welcome e-mail's link in their own browser.
    const owner = await proveByAutoLoginLink(email);
    expect(owner).toBeTruthy();
    expect(await services.sessions.readToast(lastProofCookies)).toMatchObject({
      kind: "info",
      message: PASSWORD_REMOVED_MESSAGE,
    });
    for (const token of [await tokenOf(attacker), await tokenOf(again), bearer]) {
      expect(await sessionRow(token)).toBeUndefined();
    }
    expect(await signedInAs({ cookie: attacker })).toBeNull();
    expect(await signedInAs({ bearer })).toBeNull();

    // The password the attacker chose opens nothing now.
    expect((await customerOf(email)).passwordHash).toBeNull();
    expect(await signInWithPassword(email, ATTACKER_PASSWORD)).toBeNull();
    expect((await apiLogin(email, ATTACKER_PASSWORD)).status).toBe(400);
    const number = orderNumber();
    await addOrder((await customerOf(email)).id, number);
    expect(await ordersSeenBy(owner)).toEqual([number]);
    expect(await ordersSeenBy(attacker)).toBeNull();
    expect(await ordersSeenByToken(bearer)).toBe(401);
  });

  for (const way of ["the API's PUT account", "account settings"] as const) {
    it(`a guest account promoted through ${way} stays unproven; the owner's PIN ends it and its password`, async () => {
      const email = uniqueEmail("promoted");
      const attacker = cookieOf(await postAuth({ intent: "guest", email }));
      let promotedCookie = attacker;
      if (way === "account settings") {
        const request = requestWith({ cookie: attacker }, "/account/settings", {
          method: "POST",
          body: new URLSearchParams({ intent: "change-password", newPassword: ATTACKER_PASSWORD }),
        });
        const context = await createRequestContext(services, request);
        const result = (await settle(() => settingsAction({ request, params: {}, context } as never))) as Response;
        expect(result.status).toBe(303);
        promotedCookie = cookieOf(result);
        expect(await sessionRow(await tokenOf(promotedCookie))).toMatchObject({ method: "promote", proven: false });
      } else {
        const response = await callApi(accountApi.action, "/api/authentication/account", {
          method: "PUT",
          body: { password: ATTACKER_PASSWORD, firstName: "Mal", lastName: "Lory" },
          credentials: { cookie: attacker },
        });
        expect(response.status).toBe(200);
        expect(await sessionRow(await tokenOf(attacker))).toMatchObject({ method: "guest", proven: false });
      }
      expect((await customerOf(email)).passwordHash).not.toBeNull();
      const byPassword = (await signInWithPassword(email, ATTACKER_PASSWORD))!;
      expect(await sessionRow(await tokenOf(byPassword))).toMatchObject({ proven: false });

      const owner = await proveByPin(email);
      expect(await sessionRow(await tokenOf(promotedCookie))).toBeUndefined();
      expect(await sessionRow(await tokenOf(byPassword))).toBeUndefined();
      expect(await signInWithPassword(email, ATTACKER_PASSWORD)).toBeNull();
      await addAddress((await customerOf(email)).id, "2 Owner Street");
      expect(await addressesSeenBy(owner)).toEqual(["2 Owner Street"]);
      expect(await addressesSeenBy(promotedCookie)).toBeNull();
      expect(await addressesSeenBy(byPassword)).toBeNull();
    });
  }

  it("is kept when the proof comes from a browser already signed in to the account (whoever set it)", async () => {
    const email = uniqueEmail("honest");
    const browser = cookieOf(
      await postAuth({ intent: "create-account", firstName: "Ann", lastName: "Lee", email, password: OWNER_PASSWORD }),
    );
    const other = (await signInWithPassword(email, OWNER_PASSWORD))!;
    // The welcome e-mail's link, opened in the browser that created the account.
    const proven = await proveByAutoLoginLink(email, browser);
    expect(await sessionRow(await tokenOf(proven))).toMatchObject({ method: "auto-login", proven: true });
    expect(proven).toBeTruthy();
    expect(await services.sessions.readToast(lastProofCookies)).toBeNull();
    expect((await checkPassword(services.db, email, OWNER_PASSWORD))?.id).toBe((await customerOf(email)).id);
    // The proof still ends the other unproven session; the password now signs in proven.
    expect(await sessionRow(await tokenOf(other))).toBeUndefined();
    const later = (await signInWithPassword(email, OWNER_PASSWORD))!;
    expect(await sessionRow(await tokenOf(later))).toMatchObject({ method: "password", proven: true });
  });
});

describe("bearer tokens (the authentication API)", () => {
  it("an account created through the API is unproven; the owner's PIN login ends its tokens and password", async () => {
    const email = uniqueEmail("api-created");
    const created = await callApi(accountApi.action, "/api/authentication/account", {
      body: { emailAddress: email, password: ATTACKER_PASSWORD, firstName: "Mal", lastName: "Lory" },
    });
    expect(created.status).toBe(201);
    const { token: attacker } = (await created.json()) as { token: string };
    expect(await sessionRow(attacker)).toMatchObject({ method: "create-account", proven: false });
    expect(await signedInAs({ bearer: attacker })).toBe((await customerOf(email)).id);

    const pin = await createPin(services.db, services.sessions.secrets[0]!, (await customerOf(email)).id);
    const proof = await callApi(pinLoginApi.action, "/api/authentication/pinLogin", {
      body: { emailAddress: email, pin },
    });
    expect(proof.status).toBe(200);
    const { token: owner } = (await proof.json()) as { token: string };
    expect(await sessionRow(owner)).toMatchObject({ method: "pin", proven: true });

    expect(await sessionRow(attacker)).toBeUndefined();
    expect(
      (await callApi(passwordApi.loader, "/api/authentication/password", { credentials: { bearer: attacker } })).status,
    ).toBe(401);
    expect((await apiLogin(email, ATTACKER_PASSWORD)).status).toBe(400);
    const number = orderNumber();
    await addOrder((await customerOf(email)).id, number);
    expect(await ordersSeenByToken(owner)).toEqual([number]);
    expect(await ordersSeenByToken(attacker)).toBe(401);
  });

  it("the API's auto-login from the account's own token keeps the password; other tokens end", async () => {
    const email = uniqueEmail("api-honest");
    const created = await callApi(accountApi.action, "/api/authentication/account", {
      body: { emailAddress: email, password: OWNER_PASSWORD, firstName: "Ann", lastName: "Lee" },
    });
    const { token: app } = (await created.json()) as { token: string };
    const { token: otherApp } = (await (await apiLogin(email, OWNER_PASSWORD)).json()) as { token: string };
    const autoLoginToken = await createAutoLoginToken(
      services.db,
      services.sessions.secrets,
      (await customerOf(email)).id,
    );
    const proof = await callApi(autoLoginApi.action, "/api/authentication/autoLogin", {
      body: { autoLoginToken },
      credentials: { bearer: app },
    });
    expect(proof.status).toBe(200);
    const { token } = (await proof.json()) as { token: string };
    expect(await sessionRow(token)).toMatchObject({ method: "auto-login", proven: true });
    expect(await sessionRow(app)).toBeUndefined();
    expect(await sessionRow(otherApp)).toBeUndefined();
    expect((await apiLogin(email, OWNER_PASSWORD)).status).toBe(200);
  });
});

describe("the owner's own sessions", () => {
  it("proven sessions survive another proof of the e-mail", async () => {
    const email = uniqueEmail("twice");
    const customer = await createCustomer(services.db, { email });
    const first = await proveByPin(email);
    const { token: app } = (await (
      await callApi(autoLoginApi.action, "/api/authentication/autoLogin", {
        body: {
          autoLoginToken: await createAutoLoginToken(services.db, services.sessions.secrets, customer.id),
        },
      })
    ).json()) as { token: string };
    const provenAt = (await customerOf(email)).emailProvenAt;

    const second = await proveByAutoLoginLink(email);
    const third = await proveByPin(email);
    for (const credentials of [{ cookie: first }, { cookie: second }, { cookie: third }, { bearer: app }]) {
      expect(await signedInAs(credentials)).toBe(customer.id);
    }
    // The first proof's time is kept.
    expect((await customerOf(email)).emailProvenAt).toEqual(provenAt);
  });

  it("a session that never proved the e-mail is refused once the e-mail is proven, even if its row survived", async () => {
    const email = uniqueEmail("late-row");
    const customer = await createCustomer(services.db, { email });
    await proveByPin(email);
    // A guest sign-in that raced the proof and kept its row.
    const token = await createAuthSession(services.db, customer.id, "guest", false);
    await services.db
      .update(authSessions)
      .set({ proven: false })
      .where(eq(authSessions.tokenHash, tokenHash(token)));
    expect(await customerForSession(services.db, token)).toBeNull();
    expect(await signedInAs({ bearer: token })).toBeNull();
    const { session } = await services.sessions.getSession(null);
    session.set("authSessionId", token);
    const cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
    expect(await signedInAs({ cookie })).toBeNull();
    expect(await ordersSeenBy(cookie)).toBeNull();
  });
});

describe("a password set through a reset link", () => {
  it("ends every other cookie session and API token of the customer, proven or not", async () => {
    const email = uniqueEmail("reset-all");
    const customer = await createCustomer(services.db, { email, password: OWNER_PASSWORD });
    await services.db.update(customers).set({ emailProvenAt: new Date() }).where(eq(customers.id, customer.id));
    const laptop = (await signInWithPassword(email, OWNER_PASSWORD))!;
    const phone = await proveByPin(email);
    const { token: app } = (await (await apiLogin(email, OWNER_PASSWORD)).json()) as { token: string };
    const unproven = await createAuthSession(services.db, customer.id, "guest", false);
    await services.db
      .update(authSessions)
      .set({ proven: false })
      .where(eq(authSessions.tokenHash, tokenHash(unproven)));
    for (const token of [await tokenOf(laptop), await tokenOf(phone), app]) {
      expect(await sessionRow(token)).toMatchObject({ proven: true });
    }

    // The reset is done in the laptop's browser: its old session ends too, and a fresh one follows.
    const reset = await proveByResetLink(email, "a brand new password", laptop);
    const resetToken = await tokenOf(reset);
    expect(await sessionRow(resetToken)).toMatchObject({ method: "reset", proven: true });
    for (const token of [await tokenOf(laptop), await tokenOf(phone), app, unproven]) {
      expect(await sessionRow(token)).toBeUndefined();
    }
    expect(await signedInAs({ cookie: phone })).toBeNull();
    expect(await signedInAs({ bearer: app })).toBeNull();
    expect(await signedInAs({ cookie: reset })).toBe(customer.id);
    const rows = await services.db.select().from(authSessions).where(eq(authSessions.customerId, customer.id));
    expect(rows.map((row) => row.tokenHash)).toEqual([tokenHash(resetToken)]);
    expect(await checkPassword(services.db, email, OWNER_PASSWORD)).toBeNull();
    expect((await checkPassword(services.db, email, "a brand new password"))?.id).toBe(customer.id);
  });
});

describe("changing the account's e-mail to someone else's", () => {
  it("makes the account unproven, so the address's owner proving it signs the changer out", async () => {
    const changerEmail = uniqueEmail("changer");
    const ownerEmail = uniqueEmail("victim");
    // A long-standing customer: their own e-mail proven, their password theirs.
    const changer = await createCustomer(services.db, { email: changerEmail, password: ATTACKER_PASSWORD });
    await services.db.update(customers).set({ emailProvenAt: new Date() }).where(eq(customers.id, changer.id));
    const cookie = (await signInWithPassword(changerEmail, ATTACKER_PASSWORD))!;
    const oldLink = await createAutoLoginToken(services.db, services.sessions.secrets, changer.id);
    expect(await sessionRow(await tokenOf(cookie))).toMatchObject({ proven: true });

    const request = requestWith({ cookie }, "/account/settings", {
      method: "POST",
      body: new URLSearchParams({
        intent: "update-profile",
        firstName: "Mal",
        lastName: "Lory",
        email: ownerEmail,
        phone: "",
      }),
    });
    const context = await createRequestContext(services, request);
    const saved = (await settle(() => settingsAction({ request, params: {}, context } as never))) as Response;
    expect(saved.status).toBe(303);
    expect((await customerOf(ownerEmail)).emailProvenAt).toBeNull();
    expect(await sessionRow(await tokenOf(cookie))).toMatchObject({ proven: false });
    expect(await signedInAs({ cookie })).toBe(changer.id);
    // A link e-mailed to the old address proves nothing about the new one.
    const linkRequest = new Request(url(`/dashboard?token=${encodeURIComponent(oldLink)}`));
    const viaOldLink = await runThroughMiddleware(services, linkRequest, async () => new Response("page"));
    expect(viaOldLink.headers.get("Location")).toMatch(/signin=sign-in/);

    // The address's owner arrives: the guest form asks for the PIN sent to them, and the proof signs the changer out.
    expect(withoutEmail((await postAuth({ intent: "guest", email: ownerEmail })).headers.get("Location"))).toBe(
      "/?signin=pin",
    );
    const owner = await proveByPin(ownerEmail);
    expect(await sessionRow(await tokenOf(cookie))).toBeUndefined();
    expect(await signedInAs({ cookie })).toBeNull();
    expect(await signInWithPassword(ownerEmail, ATTACKER_PASSWORD)).toBeNull();
    const number = orderNumber();
    await addOrder(changer.id, number);
    expect(await ordersSeenBy(owner)).toEqual([number]);
    expect(await ordersSeenBy(cookie)).toBeNull();
  });
});

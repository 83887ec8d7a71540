import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_MESSAGES } from "~/models/sign-in";
import * as account from "~/routes/api.authentication.account";
import * as autoLogin from "~/routes/api.authentication.autoLogin";
import * as createPinRoute from "~/routes/api.authentication.createPin";
import * as email from "~/routes/api.authentication.email";
import * as emailPassword from "~/routes/api.authentication.email.password";
import * as guestReset from "~/routes/api.authentication.guestReset";
import * as login from "~/routes/api.authentication.login";
import * as logout from "~/routes/api.authentication.logout";
import * as password from "~/routes/api.authentication.password";
import * as passwordReset from "~/routes/api.authentication.passwordReset";
import * as phone from "~/routes/api.authentication.phone";
import * as pinLogin from "~/routes/api.authentication.pinLogin";
import * as updatePassword from "~/routes/api.authentication.updatePassword";
import {
  createAuthSession,
  createAutoLoginToken,
  createCustomer,
  customerForSession,
  type Customer,
} from "~/services/accounts/auth/accounts.server";
import { tokenHash } from "~/services/accounts/auth/tokens.server";
import { requestInfoContext, type AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { authSessions, customers, emailOutbox, oneTimeCodes } from "~/services/db/schema";
import { expectConforms } from "../setup/openapi-conformance";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware } from "../setup/test-context";

let database: DatabaseHandle;
let services: AppServices;
let ann: Customer;
let guest: Customer;
const ANN_PASSWORD = "correct-horse-9";

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  ann = await createCustomer(database.db, {
    email: "ann@example.com",
    password: ANN_PASSWORD,
    firstName: "Ann",
    lastName: "Lee",
  });
  // Ann proved her e-mail long ago, so her password is hers: a later PIN or auto-login keeps it (decision 19).
  await database.db.update(customers).set({ emailProvenAt: new Date() }).where(eq(customers.id, ann.id));
  guest = await createCustomer(database.db, { email: "guest@example.com" });
});
afterAll(async () => {
  await database.close();
});

type Handler = (args: never) => unknown;
interface CallOptions {
  method?: string;
  /** Sent as JSON unless it is a string (then as it is). */
  body?: unknown;
  token?: string;
  /** The client address the rate limits count (each test that counts uses its own). */
  ip?: string;
  headers?: Record<string, string>;
}

/** Calls a loader or action through the root middleware, as the server does, and gives back its Response. */
async function call(handler: Handler, path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  const request = new Request(`http://store.test/api/authentication/${path}`, { method, headers, body });
  const response = await runThroughMiddleware(services, request, async (context) => {
    if (options.ip) context.set(requestInfoContext, { requestId: "test", nonce: "", clientIp: options.ip });
    return (await handler({ request, params: {}, context } as never)) as Response;
  });
  expect(response, path).toBeInstanceOf(Response);
  return response;
}

const post = (route: { action: Handler }, path: string, body: unknown, options: CallOptions = {}) =>
  call(route.action, path, { ...options, method: options.method ?? "POST", body });
const get = (route: { loader: Handler }, path: string, options: CallOptions = {}) => call(route.loader, path, options);

/** Asserts the status, JSON and a private Cache-Control, and gives back the body. */
async function json<T = Record<string, unknown>>(response: Response, status: number): Promise<T> {
  expect(response.status).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return (await response.json()) as T;
}

async function expectCode(response: Response, status: number, code: string, message?: string | RegExp) {
  const body = await json<{ code: string; error: string }>(response, status);
  expect(body.code).toBe(code);
  expect(body.error.length).toBeGreaterThan(0);
  if (message) expect(body.error).toMatch(message);
  return body;
}

interface SignedIn {
  customer: Record<string, unknown>;
  token: string;
  expiresAt: string;
}

async function signIn(username = "ann@example.com", pass = ANN_PASSWORD, rememberMe = false) {
  return json<SignedIn>(await post(login, "login", { username, password: pass, rememberMe }), 200);
}

async function outboxFor(to: string) {
  return database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.id));
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

describe("POST login", () => {
  it("answers the customer and a bearer token that works on GET password", async () => {
    const response = await post(login, "login", { username: "ANN@example.com ", password: ANN_PASSWORD });
    const body = await json<SignedIn>(response, 200);
    expect(body.customer).toEqual({
      customerId: ann.id,
      emailAddress: "ann@example.com",
      firstName: "Ann",
      lastName: "Lee",
      phoneNumber: null,
      customerToken: ann.customerToken,
      subscriptionsCount: 0,
      preferences: [
        { preferenceType: "EmailPromotional", isOptedIn: false },
        { preferenceType: "EmailReorderReminder", isOptedIn: false },
        { preferenceType: "RxCapture", isOptedIn: false },
      ],
      interests: [
        { interestType: "TextOrderUpdates", isOptedIn: false },
        { interestType: "TextReorderReminders", isOptedIn: false },
        { interestType: "TextPrescriptionUpdates", isOptedIn: false },
        { interestType: "TextSpecialOffers", isOptedIn: false },
      ],
      attributes: [],
    });
    expect(JSON.stringify(body)).not.toMatch(/scrypt|passwordHash/);
    // Not remembered: the session lasts 2 years.
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(2 * YEAR_MS - 60_000);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeLessThan(2 * YEAR_MS + 60_000);
    const session = await customerForSession(database.db, body.token);
    expect(session).toMatchObject({ method: "password", customer: { id: ann.id } });

    expect(await json(await get(password, "password", { token: body.token }), 200)).toEqual({ hasPassword: true });
  });

  it("remembers the session for 10 years when asked", async () => {
    const body = await signIn("ann@example.com", ANN_PASSWORD, true);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(10 * YEAR_MS - 60_000);
    const [row] = await database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.tokenHash, tokenHash(body.token)));
    expect(row?.rememberMe).toBe(true);
  });

  it("answers InvalidCredentials for a wrong password or an unknown e-mail, alike", async () => {
    const wrong = await expectCode(
      await post(login, "login", { username: "ann@example.com", password: "not-the-password" }),
      400,
      "InvalidCredentials",
    );
    const unknown = await expectCode(
      await post(login, "login", { username: "nobody@example.com", password: "whatever-123" }),
      400,
      "InvalidCredentials",
    );
    expect(unknown.error).toBe(wrong.error);
    // A quasi account has no password to sign in with.
    await expectCode(
      await post(login, "login", { username: "guest@example.com", password: "anything-1" }),
      400,
      "InvalidCredentials",
    );
  });

  it("answers InvalidArguments when the username or password is missing or not text", async () => {
    await expectCode(await post(login, "login", { password: ANN_PASSWORD }), 400, "InvalidArguments", /e-mail/);
    await expectCode(await post(login, "login", { username: "ann@example.com" }), 400, "InvalidArguments");
    await expectCode(
      await post(login, "login", { username: "ann@example.com", password: "" }),
      400,
      "InvalidArguments",
    );
    await expectCode(
      await post(login, "login", { username: "ann@example.com", password: ANN_PASSWORD, rememberMe: "yes" }),
      400,
      "InvalidArguments",
    );
  });

  it("answers InvalidArguments for malformed JSON, another content type, a non-object or an oversized body", async () => {
    await expectCode(await post(login, "login", "{not json"), 400, "InvalidArguments", /not valid JSON/);
    await expectCode(
      await post(login, "login", "username=ann%40example.com&password=x", {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      400,
      "InvalidArguments",
      /application\/json/,
    );
    await expectCode(await post(login, "login", []), 400, "InvalidArguments", /JSON object/);
    await expectCode(await post(login, "login", ""), 400, "InvalidArguments");
    const big = { username: "ann@example.com", password: "x".repeat(17 * 1024) };
    await expectCode(await post(login, "login", big), 413, "InvalidArguments", /16 KB/);
  });

  it("answers 429 TooManyRequests with Retry-After after 10 attempts for one e-mail", async () => {
    const ip = "198.51.100.10";
    await createCustomer(database.db, { email: "limit@example.com", password: "limit-password-1" });
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await post(login, "login", { username: "limit@example.com", password: "wrong-guess" }, { ip });
      expect(response.status).toBe(400);
    }
    // The right password does not get through either while the limit holds.
    const limited = await post(login, "login", { username: "limit@example.com", password: "limit-password-1" }, { ip });
    await expectCode(limited, 429, "TooManyRequests", "Too many requests. Please try again later.");
    expect(limited.headers.get("Retry-After")).toBe("900");
  });

  it("answers 405 with Allow to GET", async () => {
    const response = await get(login, "login");
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expect((await response.json()).error).toMatch(/POST/);
  });
});

describe("POST autoLogin", () => {
  it("signs in with a valid auto-login token", async () => {
    const autoLoginToken = await createAutoLoginToken(database.db, services.sessions.secrets, ann.id);
    const response = await post(autoLogin, "autoLogin", { autoLoginToken, rememberMe: false });
    // The answer, entryPath included, is as the OpenAPI document describes it (decision 40).
    await expectConforms("POST", "/api/authentication/autoLogin", response);
    const body = await json<SignedIn & { entryPath: string }>(response, 200);
    expect(body.customer.customerId).toBe(ann.id);
    expect(body.entryPath).toBe("/dashboard");
    expect(await customerForSession(database.db, body.token)).toMatchObject({ method: "auto-login" });
  });

  it("answers InvalidCredentials for a forged or unknown token, InvalidArguments for none", async () => {
    await expectCode(await post(autoLogin, "autoLogin", { autoLoginToken: "forged.token" }), 400, "InvalidCredentials");
    await expectCode(await post(autoLogin, "autoLogin", {}), 400, "InvalidArguments");
    expect((await get(autoLogin, "autoLogin")).status).toBe(405);
  });
});

describe("POST createPin and pinLogin", () => {
  const ip = "198.51.100.20";
  const latestPin = async (to: string) => {
    const [row] = await outboxFor(to);
    expect(row?.kind).toBe("pin");
    return /\b(\d{6})\b/.exec(row!.textBody)![1]!;
  };

  it("e-mails a PIN into the outbox, and the PIN signs in once", async () => {
    const before = (await outboxFor("ann@example.com")).length;
    expect(
      await json(await post(createPinRoute, "createPin", { email: "ann@example.com", isSms: false }, { ip }), 200),
    ).toEqual({});
    const mail = await outboxFor("ann@example.com");
    expect(mail.length).toBe(before + 1);
    expect(mail[0]).toMatchObject({ kind: "pin", subject: "Your Lenslane sign-in code" });
    const pin = await latestPin("ann@example.com");

    const body = await json<SignedIn>(
      await post(pinLogin, "pinLogin", { emailAddress: "ann@example.com", pin }, { ip }),
      200,
    );
    expect(body.customer.customerId).toBe(ann.id);
    expect(await customerForSession(database.db, body.token)).toMatchObject({ method: "pin" });

    const again = await post(pinLogin, "pinLogin", { emailAddress: "ann@example.com", pin }, { ip });
    await expectCode(again, 400, "InvalidCredentials", SIGN_IN_MESSAGES.pinExpired);
  });

  it("says whether a PIN was wrong or is locked after 5 wrong tries", async () => {
    await post(createPinRoute, "createPin", { email: "guest@example.com" }, { ip });
    const pin = await latestPin("guest@example.com");
    const wrongPin = pin === "000000" ? "111111" : "000000";
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await post(pinLogin, "pinLogin", { emailAddress: "guest@example.com", pin: wrongPin }, { ip });
      await expectCode(response, 400, "InvalidCredentials", SIGN_IN_MESSAGES.pinWrong);
    }
    const fifth = await post(pinLogin, "pinLogin", { emailAddress: "guest@example.com", pin: wrongPin }, { ip });
    await expectCode(fifth, 400, "InvalidCredentials", SIGN_IN_MESSAGES.pinLocked);
    // The locked PIN is spent: even the right one no longer works.
    const right = await post(pinLogin, "pinLogin", { emailAddress: "guest@example.com", pin }, { ip });
    await expectCode(right, 400, "InvalidCredentials", SIGN_IN_MESSAGES.pinExpired);
  });

  it("answers an unknown e-mail the same way as a known one, and sends nothing", async () => {
    expect(await json(await post(createPinRoute, "createPin", { email: "nobody@example.com" }, { ip }), 200)).toEqual(
      {},
    );
    expect(await outboxFor("nobody@example.com")).toEqual([]);
    const response = await post(pinLogin, "pinLogin", { emailAddress: "nobody@example.com", pin: "123456" }, { ip });
    await expectCode(response, 400, "InvalidCredentials", SIGN_IN_MESSAGES.pinExpired);
  });

  it("answers CreatePinFailed for text messages or a bad e-mail, InvalidArguments for a bad pinLogin", async () => {
    await expectCode(
      await post(createPinRoute, "createPin", { email: "ann@example.com", isSms: true }, { ip }),
      400,
      "CreatePinFailed",
      "Text messages are not available; use e-mail.",
    );
    await expectCode(await post(createPinRoute, "createPin", {}, { ip }), 400, "CreatePinFailed", /e-mail/);
    await expectCode(
      await post(createPinRoute, "createPin", { email: "not-an-email" }, { ip }),
      400,
      "CreatePinFailed",
    );
    await expectCode(
      await post(pinLogin, "pinLogin", { emailAddress: "ann@example.com", pin: "12ab" }, { ip }),
      400,
      "InvalidArguments",
    );
    await expectCode(await post(pinLogin, "pinLogin", { pin: "123456" }, { ip }), 400, "InvalidArguments");
  });

  it("limits PIN requests to 10 per e-mail in 15 minutes", async () => {
    const limitIp = "198.51.100.21";
    await createCustomer(database.db, { email: "pins@example.com" });
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await post(createPinRoute, "createPin", { email: "pins@example.com" }, { ip: limitIp })).status).toBe(
        200,
      );
    }
    const limited = await post(createPinRoute, "createPin", { email: "pins@example.com" }, { ip: limitIp });
    await expectCode(limited, 429, "TooManyRequests");
    expect(limited.headers.get("Retry-After")).toBe("900");
    expect(await outboxFor("pins@example.com")).toHaveLength(10);
    // pinLogin shares the PIN limit for the e-mail.
    const pinLimited = await post(pinLogin, "pinLogin", { emailAddress: "pins@example.com", pin: "123456" });
    await expectCode(pinLimited, 429, "TooManyRequests");
  });

  it("answers 405 to GET", async () => {
    expect((await get(createPinRoute, "createPin")).headers.get("Allow")).toBe("POST");
    expect((await get(pinLogin, "pinLogin")).status).toBe(405);
  });
});

describe("POST logout", () => {
  it("revokes the bearer token, and is idempotent", async () => {
    const { token } = await signIn();
    expect(await json(await post(logout, "logout", { priceBook: "none" }, { token }), 200)).toEqual({});
    await expectCode(await get(password, "password", { token }), 401, "AuthorizationFailed");
    expect(await customerForSession(database.db, token)).toBeNull();
    expect(await json(await post(logout, "logout", {}, { token }), 200)).toEqual({});
    // No session and no body at all.
    expect(await json(await call(logout.action, "logout", { method: "POST" }), 200)).toEqual({});
  });

  it("ends a browser's cookie session and clears it from the cookie", async () => {
    const { session } = await services.sessions.getSession(null);
    const token = await createAuthSession(database.db, ann.id, "password", false);
    session.set("authSessionId", token);
    const cookie = (await services.sessions.commitSession(session)).split(";")[0]!;
    const response = await call(logout.action, "logout", { method: "POST", headers: { Cookie: cookie } });
    expect(await json(response, 200)).toEqual({});
    expect(await customerForSession(database.db, token)).toBeNull();
    const { session: after } = await services.sessions.getSession(response.headers.get("Set-Cookie"));
    expect(after.get("authSessionId")).toBeUndefined();
  });

  it("answers InvalidArguments for an unknown price book, and 405 to GET", async () => {
    await expectCode(await post(logout, "logout", { priceBook: "cheapest" }), 400, "InvalidArguments");
    const form = { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" };
    await expectCode(await call(logout.action, "logout", form), 400, "InvalidArguments");
    expect((await get(logout, "logout")).status).toBe(405);
  });
});

describe("POST passwordReset and guestReset", () => {
  const ip = "198.51.100.30";
  const resetCodes = (customerId: number, purpose: string) =>
    database.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.customerId, customerId), eq(oneTimeCodes.purpose, purpose)));

  it("e-mails a password reset link, valid 1 hour, to an account with a password", async () => {
    const body = { emailAddress: "Ann@Example.com", couponName: "SAVE10", source: "app" };
    expect(await json(await post(passwordReset, "passwordReset", body, { ip }), 200)).toEqual({});
    const [mail] = await outboxFor("ann@example.com");
    expect(mail?.kind).toBe("password-reset");
    expect(mail!.textBody).toMatch(/http:\/\/store\.test\/reset-password\?code=[A-Za-z0-9_-]{40,}/);
    const [code] = await resetCodes(ann.id, "password-reset");
    const minutes = (code!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it("answers {} without an e-mail for unknown e-mails and for accounts of the other kind", async () => {
    expect(
      await json(await post(passwordReset, "passwordReset", { emailAddress: "nobody@example.com" }, { ip }), 200),
    ).toEqual({});
    expect(await outboxFor("nobody@example.com")).toEqual([]);
    await post(passwordReset, "passwordReset", { emailAddress: "guest@example.com" }, { ip });
    expect(await resetCodes(guest.id, "password-reset")).toEqual([]);
    await post(guestReset, "guestReset", { emailAddress: "ann@example.com" }, { ip });
    expect(await resetCodes(ann.id, "guest-reset")).toEqual([]);
  });

  it("e-mails a guest reset link to a quasi account", async () => {
    expect(
      await json(await post(guestReset, "guestReset", { emailAddress: "guest@example.com" }, { ip }), 200),
    ).toEqual({});
    const [mail] = await outboxFor("guest@example.com");
    expect(mail?.kind).toBe("guest-reset");
    expect(mail!.textBody).toContain("http://store.test/reset-password?code=");
    expect(await resetCodes(guest.id, "guest-reset")).toHaveLength(1);
  });

  it("answers InvalidArguments without an e-mail", async () => {
    await expectCode(await post(passwordReset, "passwordReset", {}, { ip }), 400, "InvalidArguments", /e-mail/);
    await expectCode(await post(guestReset, "guestReset", { emailAddress: "" }, { ip }), 400, "InvalidArguments");
    expect((await get(passwordReset, "passwordReset")).status).toBe(405);
    expect((await get(guestReset, "guestReset")).status).toBe(405);
  });

  it("limits resets to 100 per client address, whatever the e-mails", async () => {
    const limitIp = "198.51.100.31";
    for (let n = 0; n < 100; n++) {
      const response = await post(
        passwordReset,
        "passwordReset",
        { emailAddress: `r${n}@example.com` },
        { ip: limitIp },
      );
      expect(response.status).toBe(200);
    }
    const limited = await post(guestReset, "guestReset", { emailAddress: "r99@example.com" }, { ip: limitIp });
    await expectCode(limited, 429, "TooManyRequests");
    expect(limited.headers.get("Retry-After")).toBe("900");
  });
});

describe("POST updatePassword and GET password", () => {
  it("needs a signed-in customer", async () => {
    await expectCode(
      await post(updatePassword, "updatePassword", { password: "new-password-1" }),
      401,
      "AuthorizationFailed",
    );
    await expectCode(await get(password, "password"), 401, "AuthorizationFailed");
    await expectCode(
      await get(password, "password", { token: "not-a-real-session-token-000000" }),
      401,
      "AuthorizationFailed",
    );
  });

  it("sets the password with a login token, keeps that session and ends the others", async () => {
    await createCustomer(database.db, { email: "bob@example.com", password: "old-password-1" });
    const other = await signIn("bob@example.com", "old-password-1");
    const { token } = await signIn("bob@example.com", "old-password-1");
    await expectCode(
      await post(updatePassword, "updatePassword", { password: "" }, { token }),
      400,
      "InvalidArguments",
    );
    await expectCode(
      await post(updatePassword, "updatePassword", { password: "short" }, { token }),
      400,
      "InvalidArguments",
      /at least 8/,
    );
    expect(
      await json(await post(updatePassword, "updatePassword", { password: "new-password-1" }, { token }), 200),
    ).toEqual({});
    expect(await json(await get(password, "password", { token }), 200)).toEqual({ hasPassword: true });
    await expectCode(await get(password, "password", { token: other.token }), 401, "AuthorizationFailed");
    await expectCode(
      await post(login, "login", { username: "bob@example.com", password: "old-password-1" }),
      400,
      "InvalidCredentials",
    );
    await signIn("bob@example.com", "new-password-1");
  });

  it("says a quasi account has no password; 405 for the wrong methods", async () => {
    const token = await createAuthSession(database.db, guest.id, "pin", false);
    expect(await json(await get(password, "password", { token }), 200)).toEqual({ hasPassword: false });
    expect((await post(password, "password", {})).headers.get("Allow")).toBe("GET, HEAD");
    expect((await get(updatePassword, "updatePassword")).status).toBe(405);
  });
});

describe("GET email, email/password and phone", () => {
  it("says whether an e-mail has an account and a password", async () => {
    expect(await json(await get(email, "email?email=ANN%40example.com"), 200)).toEqual({ exists: true });
    expect(await json(await get(email, "email?email=nobody%40example.com"), 200)).toEqual({ exists: false });
    expect(await json(await get(emailPassword, "email/password?email=ann%40example.com"), 200)).toEqual({
      hasPassword: true,
    });
    expect(await json(await get(emailPassword, "email/password?email=guest%40example.com"), 200)).toEqual({
      hasPassword: false,
    });
    expect(await json(await get(emailPassword, "email/password?email=nobody%40example.com"), 200)).toEqual({
      hasPassword: false,
    });
  });

  it("answers InvalidArguments for a missing or invalid value", async () => {
    await expectCode(await get(email, "email"), 400, "InvalidArguments", /e-mail/);
    await expectCode(await get(email, "email?email=not-an-email"), 400, "InvalidArguments");
    await expectCode(await get(emailPassword, "email/password"), 400, "InvalidArguments");
    await expectCode(await get(phone, "phone"), 400, "InvalidArguments", "Enter a 10-digit phone number.");
    await expectCode(await get(phone, "phone?phone=555-0142"), 400, "InvalidArguments");
  });

  it("finds an account by its phone in any punctuation", async () => {
    const created = await post(account, "account", {
      emailAddress: "phoebe@example.com",
      password: "phone-password-1",
      firstName: "Phoebe",
      lastName: "Ng",
      phoneNumber: "(208) 555-0142",
    });
    expect((await json<SignedIn>(created, 201)).customer.phoneNumber).toBe("2085550142");
    expect(await json(await get(phone, "phone?phone=1-208-555-0142"), 200)).toEqual({ exists: true });
    expect(await json(await get(phone, "phone?phone=2085550143"), 200)).toEqual({ exists: false });
  });

  it("limits lookups to 30 per client address in 15 minutes, across the three", async () => {
    const ip = "198.51.100.40";
    for (let n = 0; n < 10; n++) {
      expect((await get(email, `email?email=l${n}%40example.com`, { ip })).status).toBe(200);
      expect((await get(emailPassword, `email/password?email=l${n}%40example.com`, { ip })).status).toBe(200);
      expect((await get(phone, `phone?phone=208555${String(n).padStart(4, "0")}`, { ip })).status).toBe(200);
    }
    const limited = await get(phone, "phone?phone=2085559999", { ip });
    await expectCode(limited, 429, "TooManyRequests");
    expect(limited.headers.get("Retry-After")).toBe("900");
    // Another address is not affected.
    expect((await get(email, "email?email=l0%40example.com", { ip: "198.51.100.41" })).status).toBe(200);
  });

  it("answers 405 to POST", async () => {
    for (const [route, path] of [
      [email, "email"],
      [emailPassword, "email/password"],
      [phone, "phone"],
    ] as const) {
      const response = await post(route, path, {});
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD");
    }
  });
});

describe("POST and PUT account", () => {
  const ip = "198.51.100.50";
  const newAccount = {
    emailAddress: "carol@example.com",
    password: "carol-password-1",
    firstName: "Carol",
    lastName: "Díaz",
    rememberMe: true,
  };

  it("creates an account, signs it in (201) and sends the welcome e-mail", async () => {
    const body = await json<SignedIn>(await post(account, "account", newAccount, { ip }), 201);
    expect(body.customer).toMatchObject({
      emailAddress: "carol@example.com",
      firstName: "Carol",
      lastName: "Díaz",
      subscriptionsCount: 0,
    });
    expect(await customerForSession(database.db, body.token)).toMatchObject({ method: "create-account" });
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(10 * YEAR_MS - 60_000);
    expect(await json(await get(password, "password", { token: body.token }), 200)).toEqual({ hasPassword: true });
    expect((await outboxFor("carol@example.com"))[0]?.kind).toBe("welcome");
  });

  it("answers CreateAccountFailed for an e-mail that already has an account, whatever its case", async () => {
    await expectCode(
      await post(account, "account", { ...newAccount, emailAddress: "CAROL@example.com" }, { ip }),
      400,
      "CreateAccountFailed",
      "An account with this e-mail already exists.",
    );
  });

  it("answers CreateAccountFailed with the field messages for invalid fields", async () => {
    const body = await expectCode(
      await post(account, "account", { emailAddress: "nope", password: "short", firstName: "R2D2" }, { ip }),
      400,
      "CreateAccountFailed",
    );
    const { fieldErrors } = body as unknown as { fieldErrors: Record<string, string[]> };
    expect(fieldErrors.emailAddress).toEqual(["Enter a valid e-mail address."]);
    expect(fieldErrors.password).toEqual(["Passwords must be at least 8 characters."]);
    expect(fieldErrors.firstName).toEqual(["Your first name can't contain numbers or special symbols."]);
    expect(fieldErrors.lastName).toEqual(["Enter your last name."]);
    expect(body.error).toContain("Enter a valid e-mail address.");
    await expectCode(await post(account, "account", "[oops", { ip }), 400, "InvalidArguments");
  });

  it("limits account creation to 5 per e-mail in 15 minutes", async () => {
    const dup = { ...newAccount, emailAddress: "dup@example.com" };
    expect((await post(account, "account", dup, { ip: "198.51.100.51" })).status).toBe(201);
    for (let n = 0; n < 4; n++) {
      await expectCode(await post(account, "account", dup, { ip: "198.51.100.51" }), 400, "CreateAccountFailed");
    }
    // Another address, the same e-mail: still limited.
    const limited = await post(account, "account", dup, { ip: "198.51.100.52" });
    await expectCode(limited, 429, "TooManyRequests");
    expect(limited.headers.get("Retry-After")).toBe("900");
  });

  it("promotes the signed-in quasi account with PUT, once", async () => {
    const quasi = await createCustomer(database.db, { email: "quinn@example.com" });
    const token = await createAuthSession(database.db, quasi.id, "pin", false);
    const promotion = { password: "quinn-password-1", firstName: "Quinn", lastName: "Park" };
    await expectCode(await post(account, "account", promotion, { method: "PUT" }), 401, "AuthorizationFailed");
    await expectCode(
      await post(account, "account", { password: "" }, { method: "PUT", token }),
      400,
      "CreateAccountFailed",
      "Enter your password.",
    );
    const body = await json<{ customer: Record<string, unknown> }>(
      await post(account, "account", promotion, { method: "PUT", token }),
      200,
    );
    expect(body.customer).toMatchObject({ customerId: quasi.id, firstName: "Quinn", lastName: "Park" });
    expect(await json(await get(password, "password", { token }), 200)).toEqual({ hasPassword: true });
    await signIn("quinn@example.com", "quinn-password-1");
    await expectCode(
      await post(account, "account", promotion, { method: "PUT", token }),
      400,
      "CreateAccountFailed",
      /already has a password/,
    );
  });

  it("refuses to promote a full account", async () => {
    const { token } = await signIn();
    await expectCode(
      await post(account, "account", { password: "another-password-1" }, { method: "PUT", token }),
      400,
      "CreateAccountFailed",
    );
    await signIn();
  });

  it("answers 405 to GET and DELETE", async () => {
    const response = await get(account, "account");
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST, PUT");
    expect((await post(account, "account", {}, { method: "DELETE" })).status).toBe(405);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_MESSAGES } from "~/models/sign-in";
import { loader as rootLoader } from "~/root";
import { loader as dashboardLoader } from "~/routes/dashboard";
import {
  EXPIRED_RESET_MESSAGE,
  action as resetPasswordAction,
  loader as resetPasswordLoader,
} from "~/routes/reset-password";
import { action as authAction } from "~/routes/resources.auth";
import { action as signOutAction } from "~/routes/sign-out";
import { listOutbox } from "~/services/adapters/email/outbox.server";
import {
  checkPassword,
  createAutoLoginToken,
  createCustomer,
  createPin,
  createResetToken,
  EmailTakenError,
  findCustomerByEmail,
  findResetToken,
  resetPasswordWithToken,
  revokeAutoLoginToken,
  verifyPin,
  type Customer,
} from "~/services/accounts/auth/accounts.server";
import { SIGNED_IN_COOKIE_LIFETIME_SECONDS } from "~/models/auth-limits";
import { sign, tokenHash } from "~/services/accounts/auth/tokens.server";
import { addGroup, cartView, createCart, type NewLineItem } from "~/services/cart/cart.server";
import { requestInfoContext, type AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { authSessions, carts, orders, skus } from "~/services/db/schema";
import { seedProducts } from "~/services/db/seed/catalog-data.server";
import { authRateLimits, consumeRateLimit } from "~/services/platform/rate-limit.server";
import { EXPIRED_LINK_MESSAGE } from "~/server/visitor.server";
import { orderRow } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, runThroughMiddleware, settle } from "../setup/test-context";

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});

const PASSWORD = "correct horse battery";
const MINUTE = 60_000;

let emailCounter = 0;
/** A fresh e-mail address for each account a test creates. */
function uniqueEmail(label: string): string {
  emailCounter += 1;
  return `${label}-${emailCounter}@example.com`;
}

async function newCustomer(label: string, password: string | undefined = PASSWORD): Promise<Customer> {
  return createCustomer(services.db, { email: uniqueEmail(label), password, firstName: "Ann", lastName: "Lee" });
}

const url = (path: string) => `http://store.test${path}`;

/** The `session=...` pair of a response's Set-Cookie header (what the browser sends back). */
/** A dialog redirect without the e-mail it carries on (decision 16), to compare the rest exactly. */
function withoutEmail(location: string | null): string | null {
  return location?.replace(/[?&]email=[^&]*$/, "").replace(/&email=[^&]*&/, "&") ?? null;
}

function cookieOf(response: Response): string {
  const header = response.headers.get("Set-Cookie");
  expect(header, "the response sets the session cookie").toMatch(/^session=/);
  return header!.split(";")[0]!;
}

async function sessionOf(cookie: string) {
  return (await services.sessions.getSession(cookie)).session;
}

/** The form-level error messages a redirect flashed for the dialog. */
async function flashedErrors(cookie: string): Promise<string[]> {
  const result = (await sessionOf(cookie)).get("signInResult") as { error?: Record<string, string[] | null> } | null;
  return result?.error?.[""] ?? [];
}

async function sessionRow(token: string) {
  const [row] = await services.db
    .select()
    .from(authSessions)
    .where(eq(authSessions.tokenHash, tokenHash(token)));
  return row;
}

/** Posts a sign-in dialog form to /resources/auth as the browser would (honeypot left empty). */
async function postAuth(fields: Record<string, string>, options: { cookie?: string; ip?: string } = {}) {
  const request = new Request(url("/resources/auth"), {
    method: "POST",
    body: new URLSearchParams({ returnTo: "/", name__confirm: "", ...fields }),
    headers: options.cookie ? { Cookie: options.cookie } : {},
  });
  const context = await createRequestContext(services, request);
  if (options.ip) {
    context.set(requestInfoContext, { requestId: "test-request", nonce: "test-nonce", clientIp: options.ip });
  }
  return settle(() => authAction({ request, params: {}, context } as never));
}

async function signIn(email: string, password = PASSWORD, extra: Record<string, string> = {}, cookie?: string) {
  const response = await postAuth({ intent: "sign-in", email, password, ...extra }, { cookie });
  expect(response).toBeInstanceOf(Response);
  return response as Response;
}

type RootData = Awaited<ReturnType<typeof rootLoader>>;

/** A GET through the root middleware and the root loader: the shell as the page would render it. */
async function renderShell(path: string, cookie?: string) {
  const request = new Request(url(path), { headers: cookie ? { Cookie: cookie } : {} });
  let data: RootData | null = null;
  const response = await runThroughMiddleware(services, request, async (context) => {
    data = await rootLoader({ request, params: {}, context } as never);
    return new Response("page", { status: 200 });
  });
  return { response, data: data as RootData | null };
}

const status = (result: unknown) =>
  result instanceof Response ? result.status : ((result as { init?: ResponseInit | null }).init?.status ?? 200);

describe("accounts", () => {
  it("creates customers with e-mails unique whatever their case", async () => {
    const email = uniqueEmail("Unique.Case");
    const customer = await createCustomer(services.db, { email: `  ${email.toUpperCase()} `, password: PASSWORD });
    expect(customer.email).toBe(email.toUpperCase());
    expect(customer.emailNormalized).toBe(email.toLowerCase());
    await expect(createCustomer(services.db, { email: email.toLowerCase(), password: PASSWORD })).rejects.toThrow(
      EmailTakenError,
    );
    await expect(createCustomer(services.db, { email })).rejects.toBeInstanceOf(EmailTakenError);
    expect((await findCustomerByEmail(services.db, email.toLowerCase()))?.id).toBe(customer.id);
  });

  it("creates a quasi (guest) account without a password, which no password signs in", async () => {
    const guest = await createCustomer(services.db, { email: uniqueEmail("quasi") });
    expect(guest.passwordHash).toBeNull();
    expect(guest.firstName).toBe("");
    expect(await checkPassword(services.db, guest.email, "")).toBeNull();
    expect(await checkPassword(services.db, guest.email, PASSWORD)).toBeNull();
  });

  it("checks passwords: right, wrong, unknown e-mail; the e-mail's case does not matter", async () => {
    const customer = await newCustomer("check");
    expect((await checkPassword(services.db, customer.email, PASSWORD))?.id).toBe(customer.id);
    expect((await checkPassword(services.db, customer.email.toUpperCase(), PASSWORD))?.id).toBe(customer.id);
    expect(await checkPassword(services.db, customer.email, `${PASSWORD}!`)).toBeNull();
    expect(await checkPassword(services.db, customer.email, PASSWORD.toUpperCase())).toBeNull();
    expect(await checkPassword(services.db, uniqueEmail("nobody"), PASSWORD)).toBeNull();
  });

  it("stores scrypt hashes with a salt of their own, never the password", async () => {
    const a = await newCustomer("hash-a");
    const b = await newCustomer("hash-b");
    for (const hash of [a.passwordHash!, b.passwordHash!]) {
      expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      expect(hash).not.toContain(PASSWORD);
      expect(hash).not.toContain(Buffer.from(PASSWORD).toString("base64"));
    }
    expect(a.passwordHash).not.toBe(b.passwordHash);
  });
});

describe("the sign-in dialog's forms (/resources/auth)", () => {
  it("creates an account, signs it in and goes to the reorder page; the same e-mail again goes to sign-in", async () => {
    const email = uniqueEmail("create");
    const fields = { intent: "create-account", firstName: "Ann", lastName: "Lee", email, password: PASSWORD };
    const created = (await postAuth(fields)) as Response;
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toBe("/reorder?signin=true");
    const token = (await sessionOf(cookieOf(created))).get("authSessionId")!;
    const customer = await findCustomerByEmail(services.db, email);
    expect((await sessionRow(token))?.customerId).toBe(customer!.id);
    expect((await listOutbox(services.db, { to: email, limit: 5 })).map((row) => row.kind)).toEqual(["welcome"]);

    const again = (await postAuth({ ...fields, email: email.toUpperCase() })) as Response;
    expect(again.status).toBe(303);
    expect(withoutEmail(again.headers.get("Location"))).toBe("/?signin=sign-in");
    const session = await sessionOf(cookieOf(again));
    expect(session.get("signInNotice")).toBe(SIGN_IN_MESSAGES.emailTaken);
    expect(session.get("authSessionId")).toBeUndefined();
  });

  it("signs in with the right password and goes on: the reorder page, a requested page, or back to the exam", async () => {
    const customer = await newCustomer("sign-in");
    expect((await signIn(customer.email)).headers.get("Location")).toBe("/reorder?signin=true");
    expect((await signIn(customer.email, PASSWORD, { redirectTo: "/dashboard" })).headers.get("Location")).toBe(
      "/dashboard",
    );
    expect((await signIn(customer.email, PASSWORD, { returnTo: "/exam" })).headers.get("Location")).toBe("/exam");
  });

  it("never sends the shopper off the site after signing in (redirectTo and returnTo are paths on this site)", async () => {
    const customer = await newCustomer("open-redirect");
    for (const target of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      for (const field of ["redirectTo", "returnTo"]) {
        const response = await signIn(customer.email, PASSWORD, { [field]: target });
        expect(response.status, `${field}=${target}`).toBe(303);
        const location = response.headers.get("Location")!;
        expect(location, `${field}=${target}`).toMatch(/^\/(?![/\\])/);
        expect(location, `${field}=${target}`).not.toContain("evil.example");
      }
    }
  });

  it("returns a wrong password to the sign-in slide with the message, the e-mail, and no password", async () => {
    const customer = await newCustomer("wrong");
    const response = await signIn(customer.email, "not the password", { returnTo: "/lenses?page=2" });
    expect(response.status).toBe(303);
    // The e-mail goes on in the dialog's URL; the cookie holds only the message.
    const location = new URL(response.headers.get("Location")!, "http://store.test");
    expect(location.pathname).toBe("/lenses");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      page: "2",
      signin: "sign-in",
      email: customer.email,
    });
    const cookie = cookieOf(response);
    expect(await flashedErrors(cookie)).toEqual([SIGN_IN_MESSAGES.invalidCredentials]);
    const session = await sessionOf(cookie);
    expect(session.get("authSessionId")).toBeUndefined();
    expect(JSON.stringify(session.data)).not.toContain("not the password");
    expect(JSON.stringify(session.data)).not.toContain(customer.email);
  });

  it("keeps nothing the visitor typed in the cookie, however long (a 3,000-character name)", async () => {
    const long = "N".repeat(3000);
    const bodies: Array<Record<string, string>> = [
      { intent: "create-account", firstName: long, lastName: long, email: `${long}@example.com`, password: long },
      { intent: "sign-in", email: "ann@example.com", password: long, returnTo: "/" },
    ];
    for (const body of bodies) {
      const result = await postAuth({ returnTo: "/", ...body });
      expect(result).toBeInstanceOf(Response);
      const response = result as Response;
      expect(response.status).toBe(303);
      const cookie = cookieOf(response);
      expect(cookie.length).toBeLessThan(1500);
      const session = await sessionOf(cookie);
      expect(JSON.stringify(session.data)).not.toContain("NNNN");
      expect(response.headers.get("Location")).not.toContain("NNNN");
    }
  });

  it("keeps the dialog's place (redirectTo, guest mode, the e-mail) when a field fails, on every slide", async () => {
    const guest = await createCustomer(services.db, { email: "keep-place-guest@example.com" });
    const place = { returnTo: "/address", redirectTo: "/address" };
    const cases: Array<[Record<string, string>, string]> = [
      [{ intent: "guest", email: "not an e-mail" }, "/address?signin=guest&redirectTo=%2Faddress"],
      [{ intent: "sign-in", email: "ann@example.com", password: "" }, "/address?signin=sign-in&redirectTo=%2Faddress"],
      [{ intent: "pin-login", email: guest.email, pin: "12" }, "/address?signin=pin&redirectTo=%2Faddress&mode=guest"],
      [{ intent: "forgot", email: "" }, "/address?signin=forgot&redirectTo=%2Faddress"],
      [
        { intent: "create-account", email: "x@example.com", firstName: "" },
        "/address?signin=create-account&redirectTo=%2Faddress",
      ],
    ];
    for (const [fields, expected] of cases) {
      const response = (await postAuth({ ...place, ...fields })) as Response;
      expect(response.status, fields.intent).toBe(303);
      expect(withoutEmail(response.headers.get("Location")), fields.intent).toBe(expected);
      const result = (await sessionOf(cookieOf(response))).get("signInResult") as { error?: object } | undefined;
      expect(Object.keys(result?.error ?? {}), fields.intent).not.toEqual([]);
    }
    // The next correct entry goes where the shopper was headed, not to /reorder.
    const customer = await newCustomer("keep-place");
    const refused = (await postAuth({ ...place, intent: "sign-in", email: customer.email, password: "" })) as Response;
    const next = new URL(refused.headers.get("Location")!, "http://store.test");
    const response = await signIn(customer.email, PASSWORD, {
      returnTo: "/address",
      redirectTo: next.searchParams.get("redirectTo")!,
    });
    expect(response.headers.get("Location")).toBe("/address");
  });

  it("refuses a form whose honeypot was filled in with a 400, and signs nobody in", async () => {
    const customer = await newCustomer("honeypot");
    const result = await postAuth({
      intent: "sign-in",
      email: customer.email,
      password: PASSWORD,
      name__confirm: "I am a bot",
    });
    expect(status(result)).toBe(400);
    expect(await services.db.select().from(authSessions).where(eq(authSessions.customerId, customer.id))).toEqual([]);
  });

  it("guest: a new e-mail is signed in straight away as a quasi account; a known one gets a PIN", async () => {
    const email = uniqueEmail("guest");
    const first = (await postAuth({ intent: "guest", email })) as Response;
    expect(first.headers.get("Location")).toBe("/reorder?signin=true");
    const guest = await findCustomerByEmail(services.db, email);
    expect(guest?.passwordHash).toBeNull();
    expect((await sessionOf(cookieOf(first))).get("authSessionId")).toBeTruthy();

    const second = (await postAuth({ intent: "guest", email })) as Response;
    expect(withoutEmail(second.headers.get("Location"))).toBe("/?signin=pin&mode=guest");
    expect((await sessionOf(cookieOf(second))).get("signInNotice")).toBe(SIGN_IN_MESSAGES.codeSent);
    const [mail] = await listOutbox(services.db, { to: email, limit: 1 });
    expect(mail?.kind).toBe("pin");
    const pin = /^\d{6}$/m.exec(mail!.textBody)?.[0];
    expect(pin).toMatch(/^\d{6}$/);

    const signedIn = (await postAuth({ intent: "pin-login", email, pin: pin! })) as Response;
    expect(signedIn.headers.get("Location")).toBe("/reorder?signin=true");
    const token = (await sessionOf(cookieOf(signedIn))).get("authSessionId")!;
    expect((await sessionRow(token))?.method).toBe("pin");
  });

  it("forgot password: e-mails a PIN and a reset link, and answers the same for an unknown e-mail", async () => {
    const customer = await newCustomer("forgot");
    const known = (await postAuth({ intent: "forgot", email: customer.email })) as Response;
    expect(withoutEmail(known.headers.get("Location"))).toBe("/?signin=pin");
    expect((await sessionOf(cookieOf(known))).get("signInNotice")).toBe(SIGN_IN_MESSAGES.forgotSent);
    const mails = await listOutbox(services.db, { to: customer.email, limit: 5 });
    expect(mails.map((mail) => mail.kind).sort()).toEqual(["password-reset", "pin"]);
    const reset = mails.find((mail) => mail.kind === "password-reset")!;
    const link = /http:\/\/store\.test\/reset-password\?code=(\S+)/.exec(reset.textBody);
    expect(link).not.toBeNull();
    expect(await findResetToken(services.db, decodeURIComponent(link![1]!))).toMatchObject({
      customerId: customer.id,
    });

    const unknownEmail = uniqueEmail("forgot-unknown");
    const unknown = (await postAuth({ intent: "forgot", email: unknownEmail })) as Response;
    expect(withoutEmail(unknown.headers.get("Location"))).toBe("/?signin=pin");
    expect((await sessionOf(cookieOf(unknown))).get("signInNotice")).toBe(SIGN_IN_MESSAGES.forgotSent);
    expect(await listOutbox(services.db, { to: unknownEmail, limit: 5 })).toEqual([]);
  });
});

describe("signed-in sessions", () => {
  it("issues a new token on every sign-in (no fixation): the cookie's old token and its row are gone", async () => {
    const customer = await newCustomer("fixation");
    const first = cookieOf(await signIn(customer.email));
    const firstToken = (await sessionOf(first)).get("authSessionId")!;
    expect(firstToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored.
    expect(await sessionRow(firstToken)).toMatchObject({ customerId: customer.id, method: "password" });
    const [raw] = await services.db.select().from(authSessions).where(eq(authSessions.customerId, customer.id));
    expect(raw!.tokenHash).not.toBe(firstToken);

    const second = cookieOf(await signIn(customer.email, PASSWORD, {}, first));
    const secondToken = (await sessionOf(second)).get("authSessionId")!;
    expect(secondToken).not.toBe(firstToken);
    expect(await sessionRow(firstToken)).toBeUndefined();
    expect(await sessionRow(secondToken)).toMatchObject({ customerId: customer.id });
    const rows = await services.db.select().from(authSessions).where(eq(authSessions.customerId, customer.id));
    expect(rows).toHaveLength(1);
  });

  it("re-sends a signed-in cookie at most once a day, so browsers' 400-day cap never ends a used session", async () => {
    // The session cookie only: a signed-in page also leaves the browser's memory of it (decision 62).
    const sessionCookie = (response: Response) =>
      response.headers.getSetCookie().find((value) => value.startsWith("session=")) ?? null;
    const customer = await newCustomer("renewal");
    const cookie = cookieOf(await signIn(customer.email, PASSWORD, { rememberMe: "on" }));
    // Just signed in: nothing to renew yet.
    expect(sessionCookie((await renderShell("/", cookie)).response)).toBeNull();
    const session = await sessionOf(cookie);
    session.set("cookieRenewedAt", Date.now() - 25 * 60 * 60 * 1000);
    const dayOld = (await services.sessions.commitSession(session)).split(";")[0]!;
    const renewed = sessionCookie((await renderShell("/", dayOld)).response);
    expect(renewed).toMatch(/^session=.*Max-Age=315360000/);
    const again = sessionCookie((await renderShell("/", renewed!.split(";")[0]!)).response);
    expect(again).toBeNull();
  });

  it("sign-out deletes the session row and clears the cookie", async () => {
    const customer = await newCustomer("sign-out");
    const cookie = cookieOf(await signIn(customer.email));
    const token = (await sessionOf(cookie)).get("authSessionId")!;
    expect(await sessionRow(token)).toBeDefined();

    const request = new Request(url("/sign-out"), { method: "POST", headers: { Cookie: cookie } });
    const context = await createRequestContext(services, request);
    const response = (await settle(() => signOutAction({ request, params: {}, context } as never))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.get("Set-Cookie")).toMatch(/^session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    expect(await sessionRow(token)).toBeUndefined();
    // The old cookie, replayed, no longer signs anyone in.
    expect((await renderShell("/", cookie)).data?.signedIn).toBe(false);
  });

  it("signs the visitor out cleanly when the session expired or was deleted: no error, a signed-out page", async () => {
    const customer = await newCustomer("expired-session");
    for (const end of ["expire", "delete"] as const) {
      const cookie = cookieOf(await signIn(customer.email));
      const token = (await sessionOf(cookie)).get("authSessionId")!;
      expect((await renderShell("/", cookie)).data?.signedIn).toBe(true);

      if (end === "expire") {
        await services.db
          .update(authSessions)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(authSessions.tokenHash, tokenHash(token)));
      } else {
        await services.db.delete(authSessions).where(eq(authSessions.tokenHash, tokenHash(token)));
      }
      const { response, data } = await renderShell("/", cookie);
      expect(response.status, end).toBe(200);
      expect(data?.signedIn, end).toBe(false);
      const cleared = await sessionOf(cookieOf(response));
      expect(cleared.get("authSessionId"), end).toBeUndefined();
      expect(cleared.get("rememberMe"), end).toBeUndefined();
      expect(await sessionRow(token), end).toBeUndefined();
    }
  });

  it("keeps the cookie 10 years with remember-me and 2 years without", async () => {
    const customer = await newCustomer("remember");
    expect(SIGNED_IN_COOKIE_LIFETIME_SECONDS).toEqual({ remembered: 315360000, otherwise: 63072000 });

    const remembered = await signIn(customer.email, PASSWORD, { rememberMe: "on" });
    expect(remembered.headers.get("Set-Cookie")).toContain("Max-Age=315360000");
    const rememberedRow = await sessionRow((await sessionOf(cookieOf(remembered))).get("authSessionId")!);
    expect(rememberedRow?.rememberMe).toBe(true);
    expect(rememberedRow!.expiresAt.getTime() - Date.now()).toBeGreaterThan((315360000 - 60) * 1000);

    const plain = await signIn(customer.email);
    expect(plain.headers.get("Set-Cookie")).toContain("Max-Age=63072000");
    const plainRow = await sessionRow((await sessionOf(cookieOf(plain))).get("authSessionId")!);
    expect(plainRow?.rememberMe).toBe(false);
    expect(plainRow!.expiresAt.getTime() - Date.now()).toBeGreaterThan((63072000 - 60) * 1000);
    expect(plainRow!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(63072000 * 1000);

    // A later page view that writes the cookie again (here: reading a one-read message) keeps each lifetime.
    for (const [response, maxAge] of [
      [remembered, "Max-Age=315360000"],
      [plain, "Max-Age=63072000"],
    ] as const) {
      const session = await sessionOf(cookieOf(response));
      session.flash("signInNotice", "A message to read once.");
      const withFlash = (await services.sessions.commitSession(session)).split(";")[0]!;
      const page = await renderShell("/", withFlash);
      expect(page.data?.signedIn).toBe(true);
      expect(page.response.headers.get("Set-Cookie")).toContain(maxAge);
    }
  });

  it("sends a signed-out visitor from a protected page to the sign-in dialog with redirectTo", async () => {
    const request = new Request(url("/dashboard?tab=1"));
    const context = await createRequestContext(services, request);
    const result = (await settle(() => dashboardLoader({ request, params: {}, context } as never))) as Response;
    expect(result.status).toBe(303);
    expect(withoutEmail(result.headers.get("Location"))).toBe("/?signin=sign-in&redirectTo=%2Fdashboard%3Ftab%3D1");
  });
});

describe("PINs", () => {
  const secret = () => services.sessions.secrets[0]!;
  const otherPin = (pin: string) => (pin === "000000" ? "111111" : "000000");

  it("are 6 digits and work once", async () => {
    const customer = await newCustomer("pin-once");
    const pin = await createPin(services.db, secret(), customer.id);
    expect(pin).toMatch(/^\d{6}$/);
    expect(await verifyPin(services.db, secret(), customer.id, pin)).toBe("ok");
    expect(await verifyPin(services.db, secret(), customer.id, pin)).toBe("expired");
  });

  it("only the newest PIN works", async () => {
    const customer = await newCustomer("pin-newest");
    const older = await createPin(services.db, secret(), customer.id);
    const newer = await createPin(services.db, secret(), customer.id);
    if (older !== newer) expect(await verifyPin(services.db, secret(), customer.id, older)).toBe("wrong");
    expect(await verifyPin(services.db, secret(), customer.id, newer)).toBe("ok");
  });

  it("expire after 15 minutes", async () => {
    const customer = await newCustomer("pin-expiry");
    const issued = new Date();
    const pin = await createPin(services.db, secret(), customer.id, issued);
    const at = (minutes: number) => new Date(issued.getTime() + minutes * MINUTE);
    expect(await verifyPin(services.db, secret(), customer.id, pin, at(15))).toBe("expired");
    expect(await verifyPin(services.db, secret(), customer.id, pin, at(16))).toBe("expired");
    expect(await verifyPin(services.db, secret(), customer.id, pin, at(14.9))).toBe("ok");
  });

  it("lock after 5 wrong tries: the right PIN no longer works", async () => {
    const customer = await newCustomer("pin-lock");
    const pin = await createPin(services.db, secret(), customer.id);
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await verifyPin(services.db, secret(), customer.id, otherPin(pin)));
    expect(results).toEqual(["wrong", "wrong", "wrong", "wrong", "locked"]);
    expect(await verifyPin(services.db, secret(), customer.id, pin)).not.toBe("ok");
  });

  it("through the dialog: wrong, then locked, each with its message, and nobody signed in", async () => {
    const customer = await newCustomer("pin-dialog");
    const pin = await createPin(services.db, secret(), customer.id);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = (await postAuth({ intent: "pin-login", email: customer.email, pin: otherPin(pin) })) as Response;
      expect(withoutEmail(response.headers.get("Location"))).toBe("/?signin=pin");
      messages.push(...(await flashedErrors(cookieOf(response))));
    }
    expect(messages).toEqual([...Array(4).fill(SIGN_IN_MESSAGES.pinWrong), SIGN_IN_MESSAGES.pinLocked]);
    const after = (await postAuth({ intent: "pin-login", email: customer.email, pin })) as Response;
    expect(withoutEmail(after.headers.get("Location"))).toBe("/?signin=pin");
    expect((await sessionOf(cookieOf(after))).get("authSessionId")).toBeUndefined();
  });
});

describe("password reset links", () => {
  it("set the password once, then are spent", async () => {
    const customer = await newCustomer("reset");
    const token = await createResetToken(services.db, customer.id, "password-reset");
    expect(await findResetToken(services.db, token)).toMatchObject({ customerId: customer.id });
    expect(await resetPasswordWithToken(services.db, token, "a brand new password")).toBe(customer.id);
    expect(await checkPassword(services.db, customer.email, PASSWORD)).toBeNull();
    expect((await checkPassword(services.db, customer.email, "a brand new password"))?.id).toBe(customer.id);

    expect(await findResetToken(services.db, token)).toBeNull();
    expect(await resetPasswordWithToken(services.db, token, "yet another password")).toBeNull();
    expect((await checkPassword(services.db, customer.email, "a brand new password"))?.id).toBe(customer.id);
  });

  it("give a guest account its first password", async () => {
    const guest = await newCustomer("reset-guest", undefined);
    const token = await createResetToken(services.db, guest.id, "guest-reset");
    expect(await resetPasswordWithToken(services.db, token, "my first password")).toBe(guest.id);
    expect((await checkPassword(services.db, guest.email, "my first password"))?.id).toBe(guest.id);
  });

  it("expire after an hour", async () => {
    const customer = await newCustomer("reset-expiry");
    const issued = new Date();
    const token = await createResetToken(services.db, customer.id, "password-reset", issued);
    const at = (minutes: number) => new Date(issued.getTime() + minutes * MINUTE);
    expect(await findResetToken(services.db, token, at(59))).not.toBeNull();
    expect(await findResetToken(services.db, token, at(60))).toBeNull();
    expect(await resetPasswordWithToken(services.db, token, "too late password", at(61))).toBeNull();
    expect((await checkPassword(services.db, customer.email, PASSWORD))?.id).toBe(customer.id);
  });

  /** The reset page's loader or action for a link; the root middleware has run for a plain GET of the page. */
  async function resetPage(token: string, init?: RequestInit) {
    const request = new Request(url(`/reset-password?code=${encodeURIComponent(token)}`), init);
    const context = await createRequestContext(services, request);
    const args = { request, params: {}, context } as never;
    return init?.method === "POST" ? settle(() => resetPasswordAction(args)) : resetPasswordLoader(args);
  }

  it("the /reset-password page sets the password and signs in; the link then shows as expired", async () => {
    const customer = await newCustomer("reset-page");
    const token = await createResetToken(services.db, customer.id, "password-reset");
    expect(await resetPage(token)).toEqual({ token });
    const save = (password: string) =>
      resetPage(token, { method: "POST", body: new URLSearchParams({ code: token, password }) }) as Promise<unknown>;

    expect(status(await save("short"))).toBe(400);
    const response = (await save("the reset password")) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/reorder?signin=true");
    const sessionToken = (await sessionOf(cookieOf(response))).get("authSessionId")!;
    expect(await sessionRow(sessionToken)).toMatchObject({ customerId: customer.id, method: "reset" });
    expect((await checkPassword(services.db, customer.email, "the reset password"))?.id).toBe(customer.id);

    expect(await resetPage(token)).toEqual({ token: null });
    const reused = await save("another new password");
    expect(status(reused)).toBe(400);
    expect(JSON.stringify((reused as { data: unknown }).data)).toContain(EXPIRED_RESET_MESSAGE);
    expect((await checkPassword(services.db, customer.email, "the reset password"))?.id).toBe(customer.id);
  });

  // `token=` belongs to auto-login on every page (spec 4.4), so reset links carry `code=`.
  it("the e-mailed reset link opens the reset page (its code is not taken for an auto-login token)", async () => {
    const customer = await newCustomer("reset-link");
    const token = await createResetToken(services.db, customer.id, "password-reset");
    const request = new Request(url(`/reset-password?code=${encodeURIComponent(token)}`));
    const response = await runThroughMiddleware(services, request, async (context) =>
      Response.json(await resetPasswordLoader({ request, params: {}, context } as never)),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ token });
  });

  it("a PIN is never a reset token", async () => {
    const customer = await newCustomer("reset-pin");
    const pin = await createPin(services.db, services.sessions.secrets[0]!, customer.id);
    expect(await resetPasswordWithToken(services.db, pin, "sneaky password")).toBeNull();
  });
});

describe("auto-login links (?token=)", () => {
  async function visit(path: string, cookie?: string) {
    const request = new Request(url(path), { headers: cookie ? { Cookie: cookie } : {} });
    return runThroughMiddleware(services, request, async () => new Response("page"));
  }

  it("sign in and redirect to the same page without the token, keeping the other parameters", async () => {
    const customer = await newCustomer("auto");
    const token = await createAutoLoginToken(services.db, services.sessions.secrets, customer.id);
    const response = await visit(`/reorder?utm_source=mail&token=${encodeURIComponent(token)}&x=1`);
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).not.toContain("token=");
    expect(location).toBe("/reorder?utm_source=mail&x=1");
    expect(response.headers.get("Cache-Control")).toMatch(/private/);
    const sessionToken = (await sessionOf(cookieOf(response))).get("authSessionId")!;
    expect(await sessionRow(sessionToken)).toMatchObject({ customerId: customer.id, method: "auto-login" });
    expect((await renderShell("/reorder", cookieOf(response))).data?.signedIn).toBe(true);
  });

  it("on the home page go through the entry guard to the dashboard", async () => {
    const customer = await newCustomer("auto-home");
    const token = await createAutoLoginToken(services.db, services.sessions.secrets, customer.id);
    const response = await visit(`/?token=${encodeURIComponent(token)}&utm_source=mail`);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/dashboard?utm_source=mail");
  });

  // Spec 2.2: an auto-login on the home page goes to the order history when the last order is within 9 days.
  it("go to the order history when the customer ordered 3 days ago, to the dashboard after 20 days", async () => {
    const order = (customerId: number, daysAgo: number, orderNumber: string, statusCode = "P") =>
      services.db
        .insert(orders)
        .values(
          orderRow(customerId, orderNumber, { statusCode, createdAt: new Date(Date.now() - daysAgo * 86_400_000) }),
        );
    const landing = async (customerId: number) => {
      const token = await createAutoLoginToken(services.db, services.sessions.secrets, customerId);
      return (await visit(`/?token=${encodeURIComponent(token)}`)).headers.get("Location");
    };

    const recent = await newCustomer("guard-recent");
    await order(recent.id, 20, "LL-G20A");
    await order(recent.id, 3, "LL-G03A");
    expect(await landing(recent.id)).toBe("/account/order-history");

    const older = await newCustomer("guard-older");
    await order(older.id, 20, "LL-G20B");
    expect(await landing(older.id)).toBe("/dashboard");

    // A deleted or test order is no order at all.
    const deleted = await newCustomer("guard-deleted");
    await order(deleted.id, 3, "LL-G03C", "-");
    await order(deleted.id, 2, "LL-G02C", "|");
    expect(await landing(deleted.id)).toBe("/dashboard");
  });

  it("first sign out whoever was signed in on this browser", async () => {
    const before = await newCustomer("auto-before");
    const after = await newCustomer("auto-after");
    const cookie = cookieOf(await signIn(before.email));
    const oldToken = (await sessionOf(cookie)).get("authSessionId")!;
    const token = await createAutoLoginToken(services.db, services.sessions.secrets, after.id);
    const response = await visit(`/reorder?token=${encodeURIComponent(token)}`, cookie);
    expect(response.headers.get("Location")).toBe("/reorder");
    expect(await sessionRow(oldToken)).toBeUndefined();
    const newToken = (await sessionOf(cookieOf(response))).get("authSessionId")!;
    expect(newToken).not.toBe(oldToken);
    expect((await sessionRow(newToken))?.customerId).toBe(after.id);
  });

  it("forged, expired or revoked: back to the page with the sign-in dialog and the message, signed out", async () => {
    const customer = await newCustomer("auto-bad");
    const { secrets } = services.sessions;
    const valid = await createAutoLoginToken(services.db, secrets, customer.id);
    const id = valid.slice(0, valid.lastIndexOf("."));
    const forgedSignature = sign(["another-secret-0123456789abcdef0123456789"], id);
    const expired = await createAutoLoginToken(
      services.db,
      secrets,
      customer.id,
      new Date(Date.now() - 31 * 86_400_000),
    );
    const revoked = await createAutoLoginToken(services.db, secrets, customer.id);
    await revokeAutoLoginToken(services.db, secrets, revoked);
    const unknownId = sign(secrets, "no-such-token-id");

    const cases = { forgedSignature, expired, revoked, unknownId, garbage: "garbage", empty: "" };
    for (const [name, token] of Object.entries(cases)) {
      // Signed in as someone first: a bad link still signs them out.
      const cookie = cookieOf(await signIn(customer.email));
      const response = await visit(`/reorder?utm_source=mail&token=${encodeURIComponent(token)}`, cookie);
      expect(response.status, name).toBe(303);
      expect(response.headers.get("Location"), name).toBe("/reorder?utm_source=mail&signin=sign-in");
      const next = cookieOf(response);
      expect((await sessionOf(next)).get("authSessionId"), name).toBeUndefined();
      const { response: page, data } = await renderShell("/reorder?utm_source=mail&signin=sign-in", next);
      expect(page.status, name).toBe(200);
      expect(data?.signedIn, name).toBe(false);
      expect(data?.signInDialog, name).toMatchObject({ slide: "sign-in", notice: EXPIRED_LINK_MESSAGE });
      // The message is read once.
      const again = await renderShell("/reorder?signin=sign-in", cookieOf(page));
      expect(again.data?.signInDialog?.notice, name).toBeNull();
    }
  });
});

describe("rate limits", () => {
  it("refuse the 11th sign-in attempt for one e-mail within 15 minutes, from any address", async () => {
    const customer = await newCustomer("rate");
    const messages: string[] = [];
    for (let i = 1; i <= 11; i++) {
      const response = (await postAuth(
        { intent: "sign-in", email: customer.email, password: `wrong password ${i}` },
        { ip: `198.51.100.${i}` },
      )) as Response;
      expect(withoutEmail(response.headers.get("Location"))).toBe("/?signin=sign-in");
      messages.push(...(await flashedErrors(cookieOf(response))));
    }
    expect(messages).toEqual([...Array(10).fill(SIGN_IN_MESSAGES.invalidCredentials), SIGN_IN_MESSAGES.tooManyTries]);

    // Even the right password waits now (the e-mail's case does not open a new bucket).
    const blocked = (await postAuth(
      { intent: "sign-in", email: customer.email.toUpperCase(), password: PASSWORD },
      { ip: "198.51.100.200" },
    )) as Response;
    expect(await flashedErrors(cookieOf(blocked))).toEqual([SIGN_IN_MESSAGES.tooManyTries]);
    expect((await sessionOf(cookieOf(blocked))).get("authSessionId")).toBeUndefined();

    // Another e-mail is not affected.
    const other = await newCustomer("rate-other");
    const fine = (await postAuth(
      { intent: "sign-in", email: other.email, password: PASSWORD },
      { ip: "198.51.100.201" },
    )) as Response;
    expect(fine.headers.get("Location")).toBe("/reorder?signin=true");
  });

  it("let attempts through again once the 15 minutes have passed", async () => {
    const rules = authRateLimits("sign-in", uniqueEmail("rate-window"), "192.0.2.1");
    const start = new Date();
    for (let i = 0; i < 10; i++) expect(await consumeRateLimit(services.db, rules, start)).toBe(true);
    expect(await consumeRateLimit(services.db, rules, new Date(start.getTime() + 14 * MINUTE))).toBe(false);
    expect(await consumeRateLimit(services.db, rules, new Date(start.getTime() + 15 * MINUTE + 1000))).toBe(true);
  });
});

describe("cart merge on sign-in", () => {
  const toric = seedProducts.find((p) => p.vanityUrl === "acuvue-oasys-for-astigmatism-6-pack")!;
  const solution = seedProducts.find(
    (p) => p.productType === "solution" && !p.isHidden && !p.discontinuedInCatalog && p.stock === "plenty",
  )!;

  async function upcs(productId: number, n: number) {
    const rows = await services.db.select({ upc: skus.upc }).from(skus).where(eq(skus.productId, productId)).limit(n);
    return rows.map((row) => row.upc);
  }
  const lens = (eye: "right" | "left", upc: string): NewLineItem => ({
    whichEye: eye,
    productId: toric.productId,
    upc,
    quantity: 1,
    parameters: { power: "-1.00" },
  });
  /** A browser's cookie holding an anonymous cart. */
  async function cookieWithCart(cartId: string) {
    const { session } = await services.sessions.getSession(null);
    session.set("cartId", cartId);
    return (await services.sessions.commitSession(session)).split(";")[0]!;
  }
  const signatures = async (cartId: string) =>
    (await cartView(services.db, cartId, "none")).groups
      .map((group) => group.items.map((item) => `${item.eyeLabel}:${item.upc}:${item.quantity}`).join("+"))
      .sort();

  it("moves the anonymous cart's groups into the customer's cart: none lost, no duplicates", async () => {
    const customer = await newCustomer("merge");
    const [a, b, c] = await upcs(toric.productId, 3);
    const [solutionUpc] = await upcs(solution.productId, 1);

    const owned = await createCart(services.db);
    await services.db.update(carts).set({ customerId: customer.id }).where(eq(carts.id, owned));
    const shared = {
      type: "Lens" as const,
      items: [lens("right", a!), lens("left", b!)],
      autoReorderFrequencyDays: null,
    };
    await addGroup(services.db, owned, shared);

    const anonymous = await createCart(services.db);
    await addGroup(services.db, anonymous, shared);
    await addGroup(services.db, anonymous, { type: "Lens", items: [lens("right", c!)], autoReorderFrequencyDays: 30 });
    await addGroup(services.db, anonymous, {
      type: "Solution",
      items: [{ whichEye: "none", productId: solution.productId, upc: solutionUpc!, quantity: 2, parameters: {} }],
      autoReorderFrequencyDays: null,
    });
    const expected = [...new Set([...(await signatures(owned)), ...(await signatures(anonymous))])].sort();
    expect(expected).toHaveLength(3);

    const response = await signIn(customer.email, PASSWORD, {}, await cookieWithCart(anonymous));
    expect(response.headers.get("Location")).toBe("/reorder?signin=true");
    expect((await sessionOf(cookieOf(response))).get("cartId")).toBe(owned);
    expect(await signatures(owned)).toEqual(expected);
    expect(await services.db.select().from(carts).where(eq(carts.id, anonymous))).toEqual([]);
    expect((await renderShell("/", cookieOf(response))).data?.cartCount).toBe(3);
  });

  it("makes the anonymous cart the customer's when they have none", async () => {
    const customer = await newCustomer("merge-none");
    const [a] = await upcs(toric.productId, 1);
    const anonymous = await createCart(services.db);
    await addGroup(services.db, anonymous, { type: "Lens", items: [lens("left", a!)], autoReorderFrequencyDays: null });
    const response = await signIn(customer.email, PASSWORD, {}, await cookieWithCart(anonymous));
    expect((await sessionOf(cookieOf(response))).get("cartId")).toBe(anonymous);
    const [row] = await services.db.select().from(carts).where(eq(carts.id, anonymous));
    expect(row?.customerId).toBe(customer.id);
  });
});

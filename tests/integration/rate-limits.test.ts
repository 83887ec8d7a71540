import { and, count, eq, lt } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CARD_LOCK_MAX_FAILURES, CARD_MESSAGES } from "~/models/card";
import { SIGN_IN_MESSAGES } from "~/models/sign-in";
import * as apiLogin from "~/routes/api.authentication.login";
import { action as checkoutAction } from "~/routes/checkout";
import { action as authAction } from "~/routes/resources.auth";
import type { PaymentGateway } from "~/services/adapters/payments/payment-gateway";
import type * as AccountsModule from "~/services/accounts/auth/accounts.server";
import { createAuthSession, createCustomer, type Customer } from "~/services/accounts/auth/accounts.server";
import { createCart } from "~/services/cart/cart.server";
import { requestInfoContext, type AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { paymentMethods, rateLimitEvents } from "~/services/db/schema";
import { createTestVault } from "~/services/adapters/payments/test-vault.server";
import { saveCardUnderLock } from "~/services/checkout/card-save.server";
import {
  authRateLimits,
  consumeRateLimit,
  PRUNE_BATCH,
  pruneRateLimitEvents,
  RETENTION_MS,
  type RateLimitRule,
} from "~/services/platform/rate-limit.server";
import { cardForm, isDataWithInit } from "../setup/order-fixtures";
import { createRequestContext, createTestServices, runThroughMiddleware, settle } from "../setup/test-context";
import { createTestDatabase } from "../setup/test-database";

// Rate limits and the card lock under parallel requests (issue 12). On PGlite (one connection) requests run one at a
// time; with TEST_DATABASE_URL they race over a pool of connections, which is where count-then-insert let a burst
// through.

/** Every password check the sign-in paths make (the real check, counted). */
const passwordChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock("~/services/accounts/auth/accounts.server", async (importOriginal) => {
  const original = await importOriginal<typeof AccountsModule>();
  return {
    ...original,
    checkPassword: (...args: Parameters<typeof original.checkPassword>) => {
      passwordChecks.count += 1;
      return original.checkPassword(...args);
    },
  };
});

let database: DatabaseHandle;
let services: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
});
afterAll(async () => {
  await database.close();
});
beforeEach(() => {
  passwordChecks.count = 0;
});

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${counter}@example.com`;
}

async function eventsIn(bucket: string): Promise<number> {
  const [row] = await database.db
    .select({ n: count() })
    .from(rateLimitEvents)
    .where(eq(rateLimitEvents.bucket, bucket));
  return Number(row!.n);
}

/** The payment vault, with every tokenize call counted (a call is a card tested against the issuer). */
function countingVault(inner: PaymentGateway) {
  const calls = { tokenize: 0 };
  const gateway: PaymentGateway = {
    ...inner,
    tokenize: (card) => {
      calls.tokenize += 1;
      return inner.tokenize(card);
    },
    charge: (...args) => inner.charge(...args),
    findCharge: (key) => inner.findCharge(key),
    refund: (...args) => inner.refund(...args),
  };
  return { gateway, calls };
}

const MINUTE = 60_000;

describe("consumeRateLimit", () => {
  it("counts only what it lets through, in every bucket, and refuses all buckets together", async () => {
    const email = { bucket: `test:email:${uniqueEmail("rules")}`, limit: 2, windowSeconds: 60 };
    const ip = { bucket: `test:ip:${uniqueEmail("rules")}`, limit: 3, windowSeconds: 60 };
    const start = new Date();
    expect(await consumeRateLimit(services.db, [email, ip], start)).toBe(true);
    expect(await consumeRateLimit(services.db, [email, ip], start)).toBe(true);
    expect(await consumeRateLimit(services.db, [email, ip], start)).toBe(false);
    // The refused attempt counted in neither bucket, so the address still has one attempt for another e-mail.
    expect(await eventsIn(email.bucket)).toBe(2);
    expect(await eventsIn(ip.bucket)).toBe(2);
    const other = { ...email, bucket: `${email.bucket}-other` };
    expect(await consumeRateLimit(services.db, [other, ip], start)).toBe(true);
    expect(await consumeRateLimit(services.db, [other, ip], start)).toBe(false);
    // Once the window has passed, attempts go through again.
    expect(await consumeRateLimit(services.db, [email, ip], new Date(start.getTime() + MINUTE + 1000))).toBe(true);
  });

  it("allows a call that names no rules", async () => {
    expect(await consumeRateLimit(services.db, [])).toBe(true);
  });

  it("prunes at most once a minute per process, never on every call", async () => {
    const rule = { bucket: `test:kept:${uniqueEmail("kept")}`, limit: 5, windowSeconds: 60 };
    // The first call of the process may prune; the next ones within the minute do not.
    expect(await consumeRateLimit(services.db, [rule])).toBe(true);
    const stale = `test:stale:${uniqueEmail("stale")}`;
    await services.db
      .insert(rateLimitEvents)
      .values({ bucket: stale, occurredAt: new Date(Date.now() - 2 * RETENTION_MS) });
    // An attempt past its window but within the retention is kept too.
    expect(await consumeRateLimit(services.db, [rule], new Date(Date.now() - 120 * MINUTE))).toBe(true);
    expect(await consumeRateLimit(services.db, [rule])).toBe(true);
    expect(await eventsIn(stale)).toBe(1);
    expect(await eventsIn(rule.bucket)).toBe(3);
  });
});

describe("consumeRateLimit under a burst", () => {
  it("lets exactly the limit through when 40 attempts arrive at once", async () => {
    const rules = authRateLimits("sign-in", uniqueEmail("burst"), "192.0.2.10");
    const answers = await Promise.all(Array.from({ length: 40 }, () => consumeRateLimit(services.db, rules)));
    expect(answers.filter(Boolean)).toHaveLength(10);
    // Only what was let through is counted, in every bucket.
    expect(await eventsIn(rules[0]!.bucket)).toBe(10);
    expect(await eventsIn(rules[1]!.bucket)).toBe(10);
  });

  it("holds every limit when parallel calls name the same buckets in opposite orders (no deadlock)", async () => {
    const a: RateLimitRule = { bucket: `test:a:${uniqueEmail("order")}`, limit: 10, windowSeconds: 60 };
    const b: RateLimitRule = { bucket: `test:b:${uniqueEmail("order")}`, limit: 15, windowSeconds: 60 };
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => consumeRateLimit(services.db, i % 2 ? [a, b] : [b, a])),
    );
    expect(answers.filter(Boolean)).toHaveLength(10);
    expect(await eventsIn(a.bucket)).toBe(10);
    expect(await eventsIn(b.bucket)).toBe(10);
  });
});

describe("pruning old attempts", () => {
  it("deletes attempts older than the retention in batches, oldest ids first, and nothing younger", async () => {
    const bucket = `test:prune:${uniqueEmail("prune")}`;
    const now = new Date();
    const old = new Date(now.getTime() - RETENTION_MS - MINUTE);
    const young = new Date(now.getTime() - RETENTION_MS + 10 * MINUTE);
    // Ids grow with time, so the oldest attempts hold the lowest ids (here below every other row's).
    const oldCount = PRUNE_BATCH + 100;
    await services.db
      .insert(rateLimitEvents)
      .values(Array.from({ length: oldCount }, (_, i) => ({ id: -1_000_000 + i, bucket, occurredAt: old })));
    await services.db.insert(rateLimitEvents).values({ id: -1, bucket, occurredAt: young });
    const oldLeft = async () => {
      const [row] = await services.db
        .select({ n: count() })
        .from(rateLimitEvents)
        .where(and(eq(rateLimitEvents.bucket, bucket), lt(rateLimitEvents.occurredAt, young)));
      return Number(row!.n);
    };

    expect(await pruneRateLimitEvents(services.db, now)).toBe(PRUNE_BATCH);
    expect(await oldLeft()).toBe(100);
    // (Other tests' old attempts may go in the same batch.)
    expect(await pruneRateLimitEvents(services.db, now)).toBeGreaterThanOrEqual(100);
    expect(await oldLeft()).toBe(0);
    expect(await pruneRateLimitEvents(services.db, now)).toBe(0);
    // The attempt within the retention, and every other test's, are still there.
    expect(await eventsIn(bucket)).toBe(1);
  });
});

describe("the sign-in paths under a burst of wrong passwords", () => {
  it("the sign-in dialog checks exactly 10 of 40 parallel wrong passwords; the rest are 'too many tries'", async () => {
    const email = uniqueEmail("dialog-burst");
    await createCustomer(services.db, { email, password: "right password 1", firstName: "Ann", lastName: "Lee" });
    const post = async () => {
      const request = new Request("http://store.test/resources/auth", {
        method: "POST",
        body: new URLSearchParams({
          returnTo: "/",
          name__confirm: "",
          intent: "sign-in",
          email,
          password: "wrong guess 1",
        }),
      });
      const context = await createRequestContext(services, request);
      const response = (await settle(() => authAction({ request, params: {}, context } as never))) as Response;
      const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
      const { session } = await services.sessions.getSession(cookie);
      const result = session.get("signInResult") as { error?: Record<string, string[] | null> } | null;
      return result?.error?.[""] ?? [];
    };
    const answers = await Promise.all(Array.from({ length: 40 }, post));
    expect(passwordChecks.count).toBe(10);
    const messages = answers.map((errors) => errors.join(" "));
    expect(messages.filter((message) => message === SIGN_IN_MESSAGES.invalidCredentials)).toHaveLength(10);
    expect(messages.filter((message) => message === SIGN_IN_MESSAGES.tooManyTries)).toHaveLength(30);
  });

  it("the API login checks exactly 10 of 40 parallel wrong passwords; the rest get 429", async () => {
    const email = uniqueEmail("api-burst");
    await createCustomer(services.db, { email, password: "right password 1", firstName: "Ann", lastName: "Lee" });
    const post = async () => {
      const request = new Request("http://store.test/api/authentication/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: email, password: "wrong guess 1" }),
      });
      return runThroughMiddleware(services, request, async (context) => {
        context.set(requestInfoContext, { requestId: "test", nonce: "", clientIp: "192.0.2.20" });
        return (await apiLogin.action({ request, params: {}, context } as never)) as Response;
      });
    };
    const responses = await Promise.all(Array.from({ length: 40 }, post));
    expect(passwordChecks.count).toBe(10);
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
  });
});

/** The card the checkout form posts by default (the test vault saves it), as the vault takes it. */
function cardFormCard() {
  const form = cardForm();
  return {
    number: form.cardNumber.replace(/\s/g, ""),
    nameOnCard: form.nameOnCard,
    expirationMonth: Number(form.expirationMonth),
    expirationYear: Number(form.expirationYear),
    cvv: form.cvv,
    billingAddress: {
      address1: form.billingAddress1,
      city: form.billingCity,
      state: form.billingState,
      postalCode: form.billingPostalCode,
    },
  };
}

/** A signed-in browser's cookie for a fresh customer with a cart (what the checkout action needs). */
async function signedInBuyer(): Promise<{ customer: Customer; cookie: string }> {
  const customer = await createCustomer(services.db, { email: uniqueEmail("card"), firstName: "Ann", lastName: "Lee" });
  const cartId = await createCart(services.db, customer.id);
  const token = await createAuthSession(services.db, customer.id, "guest", false);
  const { session } = await services.sessions.getSession(null);
  session.set("authSessionId", token);
  session.set("cartId", cartId);
  return { customer, cookie: (await services.sessions.commitSession(session)).split(";")[0]! };
}

/** Posts the checkout's save-card form; gives back the form-level errors and the cookies set. */
async function saveCardAtCheckout(
  withServices: AppServices,
  cookie: string,
  overrides: Record<string, string> = {},
): Promise<{ status: number; errors: string[]; setCookies: string[] }> {
  const request = new Request("http://store.test/checkout", {
    method: "POST",
    body: new URLSearchParams({ intent: "save-card", ...cardForm(overrides) }).toString(),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
  let result: unknown;
  const response = await runThroughMiddleware(withServices, request, async (context) => {
    result = await settle(() => checkoutAction({ request, params: {}, context } as never) as never);
    if (result instanceof Response) return result;
    if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
    return Response.json(result);
  });
  const errors = isDataWithInit(result)
    ? (((result.data as { result: { error?: Record<string, string[]> } }).result.error ?? {})[""] ?? [])
    : [];
  return { status: response.status, errors, setCookies: response.headers.getSetCookie() };
}

describe("saving a card under the lock", () => {
  const declined = { ...cardFormCard(), number: "4000000000000002" };

  it("counts failures, not saved cards; the 10th failure engages the lock and says so with the cookie", async () => {
    const { customer } = await signedInBuyer();
    const vault = countingVault(createTestVault({ db: database.db }));
    const deps = { ...services, payments: vault.gateway };
    const save = (card: typeof declined | null) =>
      saveCardUnderLock(deps, { customerId: customer.id, cookieHeader: null, card });
    for (let i = 1; i < CARD_LOCK_MAX_FAILURES - 1; i++) {
      expect(await save(declined)).toEqual({ ok: false, formError: CARD_MESSAGES.declined, setCookie: null });
    }
    // A form that failed its own checks counts too, without reaching the vault.
    expect(await save(null)).toEqual({ ok: false, formError: null, setCookie: null });
    // A saved card takes its attempt back.
    expect(await save(cardFormCard())).toMatchObject({ ok: true, card: { lastFour: "4242" } });
    expect(await eventsIn(`card-save:customer:${customer.id}`)).toBe(CARD_LOCK_MAX_FAILURES - 1);
    const engaging = await save(declined);
    expect(engaging).toMatchObject({ ok: false, formError: CARD_MESSAGES.tooManyAttempts });
    expect(!engaging.ok && engaging.setCookie).toMatch(/^cardLock=1; Max-Age=1800;/);
    const callsBefore = vault.calls.tokenize;
    expect(await save(cardFormCard())).toMatchObject({ ok: false, formError: CARD_MESSAGES.tooManyAttempts });
    expect(vault.calls.tokenize).toBe(callsBefore);
    // 30 minutes later the lock is gone.
    const later = new Date(Date.now() + 30 * MINUTE + 1000);
    expect(
      await saveCardUnderLock(deps, { customerId: customer.id, cookieHeader: null, card: cardFormCard(), now: later }),
    ).toMatchObject({ ok: true });
  });

  it("refuses at once while the lock cookie is present, without counting or calling the vault", async () => {
    const { customer } = await signedInBuyer();
    const vault = countingVault(createTestVault({ db: database.db }));
    const outcome = await saveCardUnderLock(
      { ...services, payments: vault.gateway },
      { customerId: customer.id, cookieHeader: "cardLock=1", card: cardFormCard() },
    );
    expect(outcome).toEqual({ ok: false, formError: CARD_MESSAGES.tooManyAttempts, setCookie: null });
    expect(vault.calls.tokenize).toBe(0);
    expect(await eventsIn(`card-save:customer:${customer.id}`)).toBe(0);
  });

  it("keeps an attempt counted when the vault fails without an answer", async () => {
    const { customer } = await signedInBuyer();
    const broken: PaymentGateway = {
      ...createTestVault({ db: database.db }),
      tokenize: () => Promise.reject(new Error("vault unreachable")),
      charge: () => Promise.reject(new Error("vault unreachable")),
      findCharge: () => Promise.reject(new Error("vault unreachable")),
      refund: () => Promise.reject(new Error("vault unreachable")),
    };
    await expect(
      saveCardUnderLock(
        { ...services, payments: broken },
        { customerId: customer.id, cookieHeader: null, card: cardFormCard() },
      ),
    ).rejects.toThrow(/unreachable/);
    expect(await eventsIn(`card-save:customer:${customer.id}`)).toBe(1);
  });

  it("lets at most 10 failing attempts reach the vault when good and declined cards race", async () => {
    const { customer } = await signedInBuyer();
    const inner = createTestVault({ db: database.db });
    const results: boolean[] = [];
    const gateway: PaymentGateway = {
      ...inner,
      tokenize: async (card) => {
        const result = await inner.tokenize(card);
        results.push(result.ok);
        return result;
      },
      charge: (...args) => inner.charge(...args),
      findCharge: (key) => inner.findCharge(key),
      refund: (...args) => inner.refund(...args),
    };
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        saveCardUnderLock(
          { ...services, payments: gateway },
          { customerId: customer.id, cookieHeader: null, card: i % 3 === 0 ? cardFormCard() : declined },
        ),
      ),
    );
    const failedAtVault = results.filter((ok) => !ok).length;
    expect(failedAtVault).toBeLessThanOrEqual(CARD_LOCK_MAX_FAILURES);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(results.filter(Boolean).length);
    expect(await eventsIn(`card-save:customer:${customer.id}`)).toBe(failedAtVault);
  });
});

describe("the card lock under a burst of declined cards", () => {
  it("lets exactly 10 of 30 parallel declined card saves reach the vault", async () => {
    const { customer, cookie } = await signedInBuyer();
    const vault = countingVault(services.payments);
    const counted = { ...services, payments: vault.gateway };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => saveCardAtCheckout(counted, cookie, { cardNumber: "4000000000000002" })),
    );
    expect(vault.calls.tokenize).toBe(CARD_LOCK_MAX_FAILURES);
    expect(answers.every((answer) => answer.status === 400)).toBe(true);
    const messages = answers.map((answer) => answer.errors.join(" "));
    expect(messages.filter((message) => message === CARD_MESSAGES.tooManyAttempts).length).toBeGreaterThanOrEqual(20);
    expect(messages.every((m) => m === CARD_MESSAGES.tooManyAttempts || m === CARD_MESSAGES.declined)).toBe(true);
    // The answers that refused say so with the lock cookie, so the browser stays locked too.
    const refused = answers.filter((answer) => answer.errors[0] === CARD_MESSAGES.tooManyAttempts);
    expect(refused.every((answer) => answer.setCookies.some((c) => c.startsWith("cardLock=1")))).toBe(true);
    // The database holds the lock: a good card is refused now, and nothing was saved.
    const after = await saveCardAtCheckout(counted, cookie);
    expect(after.errors).toEqual([CARD_MESSAGES.tooManyAttempts]);
    expect(vault.calls.tokenize).toBe(CARD_LOCK_MAX_FAILURES);
    const saved = await services.db.select().from(paymentMethods).where(eq(paymentMethods.customerId, customer.id));
    expect(saved).toEqual([]);
    expect(await eventsIn(`card-save:customer:${customer.id}`)).toBe(CARD_LOCK_MAX_FAILURES);
  });
});

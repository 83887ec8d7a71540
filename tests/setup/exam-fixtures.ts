import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createAuthSession, createCustomer, type Customer } from "~/services/accounts/auth/accounts.server";
import * as examPayment from "~/routes/exam.payment";
import * as examStart from "~/routes/exam.start";
import { listPaymentMethods, saveCard } from "~/services/checkout/payment-methods.server";
import { journeyOf } from "~/services/funnel/funnel.server";
import { upsertPatient } from "~/services/funnel/group-steps.server";
import type { Database } from "~/services/db/client.server";
import { addresses, examVouchers, simulatedExams } from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { isDataWithInit } from "./order-fixtures";
import { runThroughMiddleware, settle } from "./test-context";

/**
 * What the online exam's tests (exam-journey, recapture) share: a browser with a cookie jar (the session and the
 * toast cookie) sending requests through the root middleware into a route's loader or action, with a desktop
 * Chrome User-Agent unless told otherwise, and small builders for patients, vouchers and addresses.
 */

export const CHROME_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
export const TEXT_BROWSER_UA = "w3m/0.5.3";

type Handler = (args: never) => unknown;

export interface SendOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  form?: Record<string, string> | FormData;
  json?: unknown;
  params?: Record<string, string>;
  /** Sends the API session token as a bearer token instead of the cookie. */
  bearer?: boolean;
  /** Other services for this one request (a failing provider). */
  as?: AppServices;
  /** More request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
}

export class ExamBrowser {
  readonly cookies = new Map<string, string>();
  userAgent: string | null = CHROME_UA;
  customer: Customer | null = null;
  authToken: string | null = null;

  constructor(readonly services: AppServices) {}

  /** A browser signed in as `customer`, or as a new customer. */
  static async signedIn(services: AppServices, customer?: Customer): Promise<ExamBrowser> {
    const browser = new ExamBrowser(services);
    const who =
      customer ??
      (await createCustomer(services.db, {
        email: `exam.${randomUUID().slice(0, 12)}@example.com`,
        password: "correct horse battery",
        firstName: "Ann",
        lastName: "Lee",
      }));
    const token = await createAuthSession(services.db, who.id, "password", false);
    const { session } = await services.sessions.getSession(null);
    session.set("authSessionId", token);
    browser.remember([await services.sessions.commitSession(session)]);
    browser.customer = who;
    browser.authToken = token;
    return browser;
  }

  get customerId(): number {
    if (!this.customer) throw new Error("signed out");
    return this.customer.id;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private remember(setCookies: string[]) {
    for (const header of setCookies) {
      const [pair, ...attributes] = header.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1);
      const expired = attributes.some((attribute) => {
        const [key, raw = ""] = attribute.trim().split("=");
        const lower = key!.toLowerCase();
        return (lower === "max-age" && Number(raw) <= 0) || (lower === "expires" && new Date(raw).getTime() <= 0);
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** A request into `route` (loader or action) through the root middleware; its Response and what the route gave. */
  async send(route: Handler, path: string, options: SendOptions = {}) {
    const headers = new Headers(options.headers);
    if (this.userAgent) headers.set("User-Agent", this.userAgent);
    if (options.bearer) headers.set("Authorization", `Bearer ${this.authToken}`);
    else if (this.cookies.size > 0) headers.set("Cookie", this.cookieHeader);
    let body: BodyInit | undefined;
    if (options.form instanceof FormData) body = options.form;
    else if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers.set("Content-Type", "application/x-www-form-urlencoded");
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers.set("Content-Type", "application/json");
    }
    const method = options.method ?? (body === undefined ? "GET" : "POST");
    const request = new Request(`http://store.test${path}`, { method, headers, body });
    let result: unknown;
    const response = await runThroughMiddleware(options.as ?? this.services, request, async (context) => {
      result = await settle(() => route({ request, params: options.params ?? {}, context } as never) as never);
      if (result instanceof Response) return result;
      if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
      return Response.json(result ?? null);
    });
    if (!options.bearer) this.remember(response.headers.getSetCookie());
    return { response, result };
  }

  /** A loader's view (it must answer 200). */
  async view<T = Record<string, unknown>>(route: Handler, path: string, options: SendOptions = {}): Promise<T> {
    const { response } = await this.send(route, path, options);
    if (response.status !== 200) {
      throw new Error(`${path}: ${response.status} ${response.headers.get("Location") ?? (await response.text())}`);
    }
    return (await response.json()) as T;
  }

  async session() {
    return (await this.services.sessions.getSession(this.cookieHeader || null)).session;
  }

  async journey() {
    return journeyOf(await this.session());
  }

  /** The toast waiting in its cookie for the next page, if any. */
  async toast() {
    return this.services.sessions.readToast(this.cookieHeader || null);
  }
}

export async function addPatient(db: Database, customerId: number, firstName: string, lastName: string) {
  return db.transaction((tx) => upsertPatient(tx, customerId, firstName, lastName));
}

/** A voucher the store recorded (no exam at the provider behind it), as a row, for the choice and list tests. */
export async function insertVoucher(
  db: Database,
  fields: Partial<typeof examVouchers.$inferInsert> & { customerId: number },
) {
  const [row] = await db
    .insert(examVouchers)
    .values({
      token: `tok${randomUUID().replaceAll("-", "")}`,
      patientFirstName: "Ann",
      patientLastName: "Lee",
      priceCents: 2000,
      originalPriceCents: 2000,
      ...fields,
    })
    .returning();
  return row!;
}

export async function voucherRow(db: Database, token: string) {
  const [row] = await db.select().from(examVouchers).where(eq(examVouchers.token, token));
  return row ?? null;
}

/** The shopper took the simulated exam: Taken, with (or without) potential evidence, at `examDate`. */
export async function markTaken(db: Database, token: string, potentialEvidence = true, examDate = new Date()) {
  await db
    .update(simulatedExams)
    .set({ status: "Taken", statusDate: examDate, potentialEvidence, examDate, updatedAt: examDate })
    .where(eq(simulatedExams.token, token));
}

/** The customer's primary address in `state`. */
export async function primaryAddressIn(db: Database, customerId: number, state: string) {
  await db.insert(addresses).values({
    customerId,
    firstName: "Ann",
    lastName: "Lee",
    address1: "1 Main St",
    city: "Somewhere",
    state,
    postalCode: "99501",
    isPrimary: true,
    verificationStatus: "Verified",
  });
}

/** The customer's saved card for exam fees: the first one in the wallet, else a new test Visa (or `number`). */
export async function examCard(services: AppServices, customerId: number, number = "4242424242424242") {
  const [card] = await listPaymentMethods(services.db, customerId);
  if (card && number === "4242424242424242") return card.id;
  const saved = await saveCard(services, customerId, {
    number,
    nameOnCard: "Ann Lee",
    expirationMonth: "12",
    expirationYear: String(new Date().getFullYear() + 3),
    cvv: "123",
    billingAddress: { address1: "12 Main St", city: "Boise", state: "ID", postalCode: "83702" },
  });
  if (!saved.ok) throw new Error(`card not saved: ${saved.reason}`);
  return saved.card.id;
}

/**
 * The pay form (decision 55) for the exam the pay step's URL names, as the page posts it: with the fee it showed
 * (decision 64), the standard $20 unless told.
 */
export function examPayForm(
  paymentPath: string,
  paymentMethodId: number,
  idempotencyKey: string = randomUUID(),
  shownPriceCents = 2000,
) {
  const url = new URL(paymentPath, "http://store.test");
  const form: Record<string, string> = {
    intent: "pay",
    idempotencyKey,
    paymentMethodId: String(paymentMethodId),
    shownPriceCents: String(shownPriceCents),
  };
  const fields = { order: "orderNumber", patient: "patientId", right: "rightUpc", left: "leftUpc" } as const;
  for (const [param, field] of Object.entries(fields)) {
    const value = url.searchParams.get(param);
    if (value) form[field] = value;
  }
  return form;
}

/**
 * A start form posted on /exam/start, then its exam paid on the pay step with the customer's card: the pay step's
 * answer (a 303 to the provider's exam when it started). Throws when the start form did not lead to the pay step.
 */
export async function startPaidExam(browser: ExamBrowser, form: Record<string, string>) {
  const chosen = await browser.send(examStart.action, "/exam/start", { form });
  const paymentPath = chosen.response.headers.get("Location");
  if (chosen.response.status !== 303 || !paymentPath?.startsWith("/exam/payment?")) {
    throw new Error(`the start form did not lead to the pay step: ${chosen.response.status} ${paymentPath ?? ""}`);
  }
  const cardId = await examCard(browser.services, browser.customerId);
  return browser.send(examPayment.action, paymentPath, { form: examPayForm(paymentPath, cardId) });
}

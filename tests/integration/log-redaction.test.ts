import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";
import { loader as cartLoader } from "~/routes/cart";
import * as prescriptionRequestPage from "~/routes/prescription-request";
import { loader as resetPasswordLoader } from "~/routes/reset-password";
import { action as authAction } from "~/routes/resources.auth";
import type { EmailKind, EmailMessage, EmailSender } from "~/services/adapters/email/email-sender";
import { createOutboxEmailSender, listOutbox } from "~/services/adapters/email/outbox.server";
import { sendWelcomeEmail } from "~/services/accounts/auth/account-emails.server";
import { createCustomer } from "~/services/accounts/auth/accounts.server";
import { notFound } from "~/services/content/content-pages.server";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { addresses, orderGroups, orders } from "~/services/db/schema";
import { logger } from "~/services/platform/logger.server";
import type * as LoggerModule from "~/services/platform/logger.server";
import { issueUniqueCoupon } from "~/services/cart/promotions.server";
import { insertTestDoctor, orderRow } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, runThroughMiddleware, settle } from "../setup/test-context";

// Issue 12: the logs hold no secret and no personal data. A run like a shopper's — a PIN sign-in and a reset link
// by e-mail (delivered by SMTP, whose server first refuses naming the recipient), the reset page opened, a welcome
// e-mail's auto-login link arriving as the Referer of a 404 whose query carries the e-mail address and a code, a
// coupon link, a failed insert with a name, street and phone, and unhandled errors on URLs with codes — writes
// through the app's own logger into a buffer, which is then searched for every value the run used.

const captured = vi.hoisted(() => ({ lines: [] as string[] }));
vi.mock("~/services/platform/logger.server", async (importOriginal) => {
  const actual = await importOriginal<typeof LoggerModule>();
  const destination = new Writable({
    write(chunk, _encoding, done) {
      captured.lines.push(String(chunk));
      done();
    },
  });
  return { ...actual, logger: actual.createLogger({ level: "debug", destination }) };
});

let database: DatabaseHandle;
let services: AppServices;
let email: EmailSender;
/** What the customer's mail server accepted: the only place the codes are read from. */
const inbox: EmailMessage[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  let refusedOnce = false;
  email = createOutboxEmailSender(database.db, {
    logger,
    smtp: {
      async send(message) {
        if (!refusedOnce) {
          refusedOnce = true;
          throw new Error(`550 5.1.1 <${message.to}>: Recipient address rejected: User unknown`);
        }
        inbox.push(message);
      },
    },
  });
  services = { ...createTestServices(database), email };
});
afterAll(async () => {
  await database.close();
});

const url = (path: string) => `http://store.test${path}`;
const browser = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0" };

async function postAuth(fields: Record<string, string>) {
  const request = new Request(url("/resources/auth"), {
    method: "POST",
    headers: browser,
    body: new URLSearchParams({ returnTo: "/", name__confirm: "", ...fields }),
  });
  const context = await createRequestContext(services, request);
  return settle(() => authAction({ request, params: {}, context } as never));
}

async function get(path: string, loader: (args: never) => unknown) {
  const request = new Request(url(path), { headers: browser });
  return runThroughMiddleware(services, request, async (context) => {
    const result = await settle(() => loader({ request, params: {}, context } as never) as never);
    return result instanceof Response ? result : Response.json(result);
  });
}

/** Delivers everything due, including retries (their backoff passed), and waits for background runs. */
async function deliverAll() {
  await email.idle();
  await email.deliver(new Date(Date.now() + 10 * 60_000));
}

function received(kind: EmailKind): EmailMessage {
  const message = inbox.findLast((candidate) => candidate.kind === kind);
  expect(message, `the customer received a ${kind} e-mail`).toBeDefined();
  return message!;
}

describe("the logs of a shopper's run", () => {
  it("hold none of the codes, tokens and personal data the run used", async () => {
    const address = "zelda.quixote@example.com";
    const used = [address, encodeURIComponent(address), "Quixote"];
    const customer = await createCustomer(database.db, {
      email: address,
      password: "correct horse battery",
      firstName: "Zelda",
      lastName: "Quixote",
    });

    // 1. Forgot password: a PIN and a reset link by e-mail; then sign in with the PIN.
    await postAuth({ intent: "forgot", email: address });
    await deliverAll();
    const pin = /^\d{6}$/m.exec(received("pin").text)![0];
    used.push(pin);
    const signedIn = await postAuth({ intent: "pin-login", email: address, pin });
    expect(signedIn).toBeInstanceOf(Response);
    expect((signedIn as Response).headers.get("Location")).toBeTruthy();

    // 2. The reset link, opened, and an unhandled error on its URL (its message quoting the URL, as routers do).
    const resetCode = decodeURIComponent(/reset-password\?code=(\S+)/.exec(received("password-reset").text)![1]!);
    used.push(resetCode, encodeURIComponent(resetCode));
    const resetPath = `/reset-password?code=${encodeURIComponent(resetCode)}`;
    expect((await get(resetPath, resetPasswordLoader)).status).toBe(200);
    handleError(new Error(`No route matches URL "${resetPath}"`), { request: new Request(url(resetPath)) });

    // 3. The welcome e-mail's auto-login link as the Referer of a 404 whose query holds the address and the code.
    await sendWelcomeEmail(services, customer);
    await deliverAll();
    const autoLogin = /[?&]token=([^\s&]+)/.exec(received("welcome").text)![1]!;
    used.push(autoLogin, decodeURIComponent(autoLogin));
    const missing = new Request(url(`/no-such-page?email=${encodeURIComponent(address)}&code=${resetCode}`), {
      headers: { Referer: url(`/dashboard?token=${autoLogin}`) },
    });
    await settle(() => notFound(services, missing));

    // 4. A coupon link with a unique code, and an error on a URL carrying it (and the PIN).
    const coupon = (await issueUniqueCoupon(database.db, "THANKS15", new Date()))!.couponCode;
    used.push(coupon);
    await get(`/cart?uecode=${coupon}`, cartLoader);
    handleError(new Error("boom"), { request: new Request(url(`/cart?uecode=${coupon}&pin=${pin}`)) });

    // 5. A failed insert with personal data (a check constraint refuses the row), logged as an unhandled error.
    const street = "742 Evergreen Terrace";
    const phone = "2085559876";
    used.push(street, phone);
    const failure = await database.db
      .insert(addresses)
      .values({
        customerId: customer.id,
        firstName: "Zelda",
        lastName: "Quixote",
        address1: street,
        city: "Springfield",
        state: "ID",
        postalCode: "83702",
        phone,
        verificationStatus: "Bogus",
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    handleError(failure, { request: new Request(url(`/account/addresses/new?token=${autoLogin}`)) });
    await email.idle();

    // The run did log: the refusal, the e-mails, the 404, the failed statement and where it failed.
    const log = captured.lines.join("");
    expect(log).toContain("e-mail not sent");
    expect(log).toContain("e-mail sent");
    expect(log).toContain("404 not found");
    expect(log).toContain('Failed query: insert into \\"addresses\\"');
    expect(log).toContain("addresses_verification_check");
    expect(log).toContain("/reset-password?code=[redacted]");
    expect(log).toContain("uecode=[redacted]");
    // ... and none of what it used.
    for (const value of used) expect(log, `the log holds "${value}"`).not.toContain(value);

    // Delivered, so the outbox no longer holds them either.
    const stored = JSON.stringify(await listOutbox(database.db, { to: address, limit: 10 }));
    for (const secret of [pin, resetCode, encodeURIComponent(resetCode), autoLogin]) {
      expect(stored).not.toContain(secret);
    }
  });
});

describe("a prescription request's reference", () => {
  it("stays out of the logs: the request line, an error on its page, the e-mail that links to it", async () => {
    const customer = await createCustomer(database.db, {
      email: "rx.requester@example.com",
      firstName: "Ann",
      lastName: "Lee",
    });
    const [order] = await database.db
      .insert(orders)
      .values(orderRow(customer.id, `PRLOG${Date.now()}`))
      .returning();
    await database.db
      .insert(orderGroups)
      .values({ orderId: order!.id, position: 0, type: "Lens", patient: { firstName: "Ann", lastName: "Lee" } });
    const doctorId = await insertTestDoctor(database.db);

    // The guest form: order number and e-mail, the patient and a directory doctor; the answer names the request.
    const request = new Request(url("/prescription-request"), {
      method: "POST",
      headers: { ...browser, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        orderNumber: order!.orderNumber,
        email: customer.email,
        patientFirstName: "Ann",
        patientLastName: "Lee",
        doctorId: String(doctorId),
      }),
    });
    const sent = await runThroughMiddleware(services, request, async (context) => {
      const result = await settle(() => prescriptionRequestPage.action({ request, params: {}, context } as never));
      return result as Response;
    });
    expect(sent.status).toBe(303);
    const location = sent.headers.get("Location")!;
    const reference = /[?&]request=([A-Za-z0-9_-]+)/.exec(location)![1]!;

    // The confirmation page opened (and its request line, as the server writes it), an error there, the e-mail.
    expect((await get(location, prescriptionRequestPage.loader)).status).toBe(200);
    logger.info({ method: "GET", url: location, status: 200, referrer: url(location) }, "request");
    handleError(new Error(`Unexpected failure on "${location}"`), { request: new Request(url(location)) });
    await deliverAll();
    expect(received("prescription-request").text).toContain(reference);

    const log = captured.lines.join("");
    expect(log).toContain("/prescription-request?request=[redacted]");
    expect(log, "the log holds the request's reference").not.toContain(reference);
  });
});

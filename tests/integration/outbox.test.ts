import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as mailboxMessageLoader } from "~/routes/dev.mailbox.$id";
import type { EmailMessage, EmailSender } from "~/services/adapters/email/email-sender";
import {
  DELIVERY_LEASE_MS,
  MAX_DELIVERY_ATTEMPTS,
  retryDelayMs,
  scrubExpiredSecrets,
} from "~/services/adapters/email/outbox-delivery.server";
import { SECRET_REMOVED } from "~/services/adapters/email/outbox-secrets";
import { createOutboxEmailSender, type OutboxMessage } from "~/services/adapters/email/outbox.server";
import type { SmtpTransport } from "~/services/adapters/email/smtp.server";
import { emailTemplates } from "~/services/adapters/email/templates";
import { CHARGE_DECLINED_TEST_NUMBER } from "~/services/adapters/payments/test-vault.server";
import { sendResetLink, sendSignInPin, sendWelcomeEmail } from "~/services/accounts/auth/account-emails.server";
import { createCustomer } from "~/services/accounts/auth/accounts.server";
import { PIN_VALID_MINUTES, RESET_LINK_VALID_MINUTES } from "~/models/auth-limits";
import { addGroup, createCart } from "~/services/cart/cart.server";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { carts, emailOutbox, lineItemGroups, orders, skus } from "~/services/db/schema";
import { runOutboxJobs, startJobs } from "~/server/jobs.server";
import { logger } from "~/services/platform/logger.server";
import { saveCard } from "~/services/checkout/payment-methods.server";
import { placeOrder, type PlaceOrderInput } from "~/services/checkout/place-order.server";
import { insertTestDoctor, TEST_ADDRESS, TORIC, toricSkuPair, VISA } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, settle } from "../setup/test-context";

// The transactional outbox (issue 12, "Nothing lost, nothing leaked"): an order and its confirmation commit
// together; SMTP delivery runs off the request path (claimed with FOR UPDATE SKIP LOCKED, retried with backoff,
// once per message even with two deliverers); stored bodies lose their PINs and sign-in links after delivery, or
// when they expire. Runs on PGlite, and on Postgres with TEST_DATABASE_URL (where the deliverers really race).

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
// Every delivery run takes whatever is due in the whole table: each test starts with nothing due.
beforeEach(async () => {
  await database.db
    .update(emailOutbox)
    .set({ nextAttemptAt: null })
    .where(and(isNull(emailOutbox.sentAt), sql`${emailOutbox.nextAttemptAt} is not null`));
});

let counter = 0;
const uniqueEmail = (label: string) => `outbox.${label}.${++counter}@example.com`;

async function mailTo(to: string): Promise<OutboxMessage[]> {
  return database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(asc(emailOutbox.id));
}

// ---------------------------------------------------------------------------------------------------------
// Placing an order

/** A signed-up shopper with a saved card and a cart ready for checkout (a lens group for both eyes, an address). */
async function readyShopper(cardNumber = VISA) {
  const customer = await createCustomer(database.db, {
    email: uniqueEmail("buyer"),
    firstName: "Ann",
    lastName: "Lee",
  });
  const saved = await saveCard({ db: database.db, payments: services.payments }, customer.id, {
    number: cardNumber,
    nameOnCard: "Ann Lee",
    expirationMonth: 12,
    expirationYear: new Date().getFullYear() + 3,
    cvv: "123",
    billingAddress: { address1: "12 Main St", city: "Boise", state: "ID", postalCode: "83702" },
  });
  if (!saved.ok) throw new Error(`card not saved: ${saved.reason}`);
  const [right, left] = await toricSkuPair(database.db, counter % 20, 50);
  const cartId = await createCart(database.db, customer.id);
  const groupId = await addGroup(database.db, cartId, {
    type: "Lens",
    autoReorderFrequencyDays: null,
    items: [
      { whichEye: "right", productId: TORIC.productId, upc: right, quantity: 1, parameters: { power: "-1.00" } },
      { whichEye: "left", productId: TORIC.productId, upc: left, quantity: 1, parameters: { power: "-1.25" } },
    ],
  });
  await database.db
    .update(lineItemGroups)
    .set({ patient: { firstName: "Ann", lastName: "Lee" }, doctorId })
    .where(eq(lineItemGroups.id, groupId));
  await database.db.update(carts).set({ shippingAddress: TEST_ADDRESS }).where(eq(carts.id, cartId));
  const input: PlaceOrderInput = {
    cartId,
    customer,
    idempotencyKey: randomUUID(),
    paymentMethodId: saved.card.id,
    shopper: { customerId: customer.id, priceBook: "none" },
  };
  return { customer, input, right };
}

async function stockOf(upc: string): Promise<number> {
  const [row] = await database.db.select({ stock: skus.stockQuantity }).from(skus).where(eq(skus.upc, upc));
  return row!.stock;
}

/** The services with an e-mail sender whose methods are replaced (the rest is the real outbox). */
function withEmail(overrides: Partial<EmailSender>): AppServices {
  return { ...services, email: { ...services.email, ...overrides } };
}

describe("the order confirmation (transactional outbox)", () => {
  it("is written with the order: one order, one e-mail, in the outbox before any delivery", async () => {
    const { customer, input } = await readyShopper();
    const result = await placeOrder(services, input);
    expect(result).toMatchObject({ ok: true, created: true });
    const orderNumber = result.ok ? result.orderNumber : "";
    const [mail, ...more] = await mailTo(customer.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: "order-confirmation", sentAt: null, secretExpiresAt: null });
    expect(mail!.subject).toContain(orderNumber);
    expect(mail!.textBody).toContain("12 Main St");
  });

  it("is written only with a paid order: a declined charge leaves no e-mail, a failed write leaves the order unconfirmed", async () => {
    const declined = await readyShopper(CHARGE_DECLINED_TEST_NUMBER);
    expect(await placeOrder(services, declined.input)).toMatchObject({ ok: false, reason: "declined" });
    expect(await mailTo(declined.customer.email)).toEqual([]);

    const { customer, input, right } = await readyShopper();
    const failing = withEmail({
      send: async () => {
        throw new Error("outbox write failed");
      },
    });
    await expect(placeOrder(failing, input)).rejects.toThrow("outbox write failed");
    // The card was charged; the confirmation (groups, e-mail, paid) rolled back together: the order is still pending,
    // holding its stock, and nobody's order yet.
    const [pending] = await database.db.select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
    expect(pending).toMatchObject({ paymentState: "pending", chargeId: "pending" });
    expect(await stockOf(right)).toBe(50 - 1);
    expect(await mailTo(customer.email)).toEqual([]);
    // Placing again with the same key, with the outbox working, confirms that order with the same charge and e-mails it.
    expect(await placeOrder(services, input)).toMatchObject({ ok: true, orderNumber: pending!.orderNumber });
    const [paid] = await database.db.select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
    expect(paid).toMatchObject({ paymentState: "paid", pendingPlan: null });
    expect(paid!.chargeId).toMatch(/^ch_test_/);
    expect(await stockOf(right)).toBe(50 - 1);
    expect((await mailTo(customer.email)).map((mail) => mail.kind)).toEqual(["order-confirmation"]);
  });

  it("survives a crash right after the commit: placing again with the same key finds one order and one e-mail", async () => {
    const { customer, input } = await readyShopper();
    // The step after the commit point throws, as if the process died there (before any e-mail went out).
    const crashing = withEmail({
      deliverSoon: () => {
        throw new Error("killed after the commit");
      },
    });
    await expect(placeOrder(crashing, input)).rejects.toThrow("killed after the commit");

    // The shopper presses 'Place order' again: the same form, the same idempotency key.
    const again = await placeOrder(services, input);
    expect(again).toMatchObject({ ok: true, created: false });
    const placed = await database.db.select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
    expect(placed).toHaveLength(1);
    expect(again.ok && again.orderNumber).toBe(placed[0]!.orderNumber);
    const mails = await mailTo(customer.email);
    expect(mails.map((mail) => mail.kind)).toEqual(["order-confirmation"]);
    expect(mails[0]!.subject).toContain(placed[0]!.orderNumber);
  });

  it("with SMTP, goes out in the background after the commit, without holding up placeOrder", async () => {
    const { customer, input } = await readyShopper();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const delivered: string[] = [];
    const email = createOutboxEmailSender(database.db, {
      logger,
      smtp: {
        async send(message) {
          await gate;
          delivered.push(message.to);
        },
      },
    });
    // placeOrder returns while the mail server has not answered yet.
    expect(await placeOrder({ ...services, email }, input)).toMatchObject({ ok: true, created: true });
    expect(delivered).toEqual([]);
    release();
    await email.idle();
    expect(delivered).toEqual([customer.email]);
    const [mail] = await mailTo(customer.email);
    expect(mail).toMatchObject({ attempts: 1, error: null, nextAttemptAt: null });
    expect(mail!.sentAt).toBeInstanceOf(Date);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Delivery by SMTP

/** A fake SMTP server: records what it is given; `fail` says which attempts it refuses. */
function fakeSmtp(options: { fail?: (message: EmailMessage) => boolean; delayMs?: number } = {}) {
  const sent: EmailMessage[] = [];
  const transport: SmtpTransport = {
    async send(message) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (options.fail?.(message)) throw new Error("421 4.3.2 Service not available, closing channel");
      sent.push(message);
    },
  };
  return { transport, sent };
}

const simpleMessage = (to: string, subject = "Hello"): EmailMessage => ({
  kind: "order-confirmation",
  to,
  subject,
  text: `Text for ${to}`,
  html: `<p>HTML for ${to}</p>`,
});

/** Writes a message without the automatic background run (as a caller with its own handle), so tests drive delivery. */
async function queue(sender: EmailSender, message: EmailMessage) {
  await sender.send(message, { db: database.db });
  const [row] = await database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, message.to))
    .orderBy(sql`${emailOutbox.id} desc`)
    .limit(1);
  return row!;
}

async function row(id: number): Promise<OutboxMessage> {
  const [found] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return found!;
}

describe("SMTP delivery", () => {
  it("sends what is due, records sent_at, removes the PIN from the stored body at once, and sends it only once", async () => {
    const smtp = fakeSmtp();
    const sender = createOutboxEmailSender(database.db, { logger, smtp: smtp.transport });
    const to = uniqueEmail("pin");
    const queued = await queue(sender, {
      ...(await emailTemplates.pin({ to, firstName: "Ann", pin: "904213", minutesValid: PIN_VALID_MINUTES })),
      secretExpiresAt: new Date(Date.now() + PIN_VALID_MINUTES * 60_000),
    });
    const now = new Date();
    expect(queued).toMatchObject({ attempts: 0, sentAt: null, scrubbedAt: null });
    expect(queued.nextAttemptAt).toBeInstanceOf(Date);
    expect(queued.textBody).toContain("904213");

    expect(await sender.deliver(now)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    // The customer got the code ...
    expect(smtp.sent.map((message) => message.to)).toEqual([to]);
    expect(smtp.sent[0]!.text).toContain("904213");
    // ... and the outbox no longer holds it.
    const delivered = await row(queued.id);
    expect(delivered).toMatchObject({ attempts: 1, error: null, nextAttemptAt: null, secretExpiresAt: null });
    expect(delivered.sentAt).toBeInstanceOf(Date);
    expect(delivered.scrubbedAt).toBeInstanceOf(Date);
    expect(delivered.textBody).not.toContain("904213");
    expect(delivered.htmlBody).not.toContain("904213");
    expect(delivered.textBody).toContain(SECRET_REMOVED);

    // Idempotent: a second run (or another process) finds nothing to send.
    expect(await sender.deliver(new Date(now.getTime() + 60 * 60_000))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.sent).toHaveLength(1);
  });

  it("retries a refused message with backoff, then records the delivery", async () => {
    let refusals = 2;
    const smtp = fakeSmtp({ fail: () => refusals-- > 0 });
    const sender = createOutboxEmailSender(database.db, { logger, smtp: smtp.transport });
    const queued = await queue(sender, simpleMessage(uniqueEmail("retry")));
    const t0 = new Date();

    expect(await sender.deliver(t0)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    let current = await row(queued.id);
    expect(current).toMatchObject({
      attempts: 1,
      sentAt: null,
      error: "421 4.3.2 Service not available, closing channel",
    });
    expect(current.nextAttemptAt!.getTime()).toBe(t0.getTime() + retryDelayMs(1));
    expect(current.textBody).toBe(queued.textBody);

    // Not due before its backoff has passed.
    expect(await sender.deliver(new Date(t0.getTime() + retryDelayMs(1) - 1000))).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    const t1 = new Date(t0.getTime() + retryDelayMs(1));
    expect(await sender.deliver(t1)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    current = await row(queued.id);
    expect(current.attempts).toBe(2);
    expect(current.nextAttemptAt!.getTime()).toBe(t1.getTime() + retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    expect(await sender.deliver(current.nextAttemptAt!)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    current = await row(queued.id);
    expect(current).toMatchObject({ attempts: 3, error: null, nextAttemptAt: null });
    expect(current.sentAt).toBeInstanceOf(Date);
    expect(smtp.sent).toHaveLength(1);
  });

  it(`gives up after ${MAX_DELIVERY_ATTEMPTS} attempts, keeping the error`, async () => {
    const smtp = fakeSmtp({ fail: () => true });
    const sender = createOutboxEmailSender(database.db, { logger, smtp: smtp.transport });
    const queued = await queue(sender, simpleMessage(uniqueEmail("give-up")));
    await database.db
      .update(emailOutbox)
      .set({ attempts: MAX_DELIVERY_ATTEMPTS - 1 })
      .where(eq(emailOutbox.id, queued.id));
    expect(await sender.deliver(new Date())).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await row(queued.id)).toMatchObject({
      attempts: MAX_DELIVERY_ATTEMPTS,
      sentAt: null,
      nextAttemptAt: null,
      error: "421 4.3.2 Service not available, closing channel",
    });
  });

  it("takes over a message whose deliverer died mid-send, once its claim has lapsed", async () => {
    const hanging: SmtpTransport = { send: () => new Promise<void>(() => {}) };
    const dying = createOutboxEmailSender(database.db, { logger, smtp: hanging });
    const smtp = fakeSmtp();
    const survivor = createOutboxEmailSender(database.db, { logger, smtp: smtp.transport });
    const queued = await queue(dying, simpleMessage(uniqueEmail("lease")));
    const t0 = new Date();
    // The first deliverer claims the message and never comes back.
    void dying.deliver(t0);
    await expect.poll(async () => (await row(queued.id)).attempts).toBe(1);

    expect(await survivor.deliver(new Date(t0.getTime() + DELIVERY_LEASE_MS - 1000))).toMatchObject({ sent: 0 });
    expect(await survivor.deliver(new Date(t0.getTime() + DELIVERY_LEASE_MS))).toMatchObject({ sent: 1 });
    expect(smtp.sent.map((message) => message.to)).toEqual([queued.toAddress]);
    expect(await row(queued.id)).toMatchObject({ attempts: 2, error: null });
  });

  it("sends each message once when two deliverers run at the same time (row locks, SKIP LOCKED)", async () => {
    const first = fakeSmtp({ delayMs: 5 });
    const second = fakeSmtp({ delayMs: 5 });
    const a = createOutboxEmailSender(database.db, { logger, smtp: first.transport });
    const b = createOutboxEmailSender(database.db, { logger, smtp: second.transport });
    const recipients = Array.from({ length: 35 }, () => uniqueEmail("race"));
    for (const to of recipients) await queue(a, simpleMessage(to));

    const now = new Date();
    const [fromA, fromB] = await Promise.all([a.deliver(now), b.deliver(now)]);
    const sent = [...first.sent, ...second.sent].map((message) => message.to);
    expect([...sent].sort()).toEqual([...recipients].sort());
    expect(fromA.sent + fromB.sent).toBe(recipients.length);
    const rows = await database.db.select().from(emailOutbox).where(like(emailOutbox.toAddress, "outbox.race.%"));
    expect(rows).toHaveLength(recipients.length);
    for (const stored of rows) expect(stored).toMatchObject({ attempts: 1, error: null, nextAttemptAt: null });
  });

  it("is run by the job queue's schedule (with the reorder jobs off), which stops cleanly", async () => {
    const smtp = fakeSmtp();
    const sender = createOutboxEmailSender(database.db, { logger, smtp: smtp.transport });
    const queued = await queue(sender, simpleMessage(uniqueEmail("timer")));
    const jobs = await startJobs(
      { ...services, email: sender },
      {
        work: true,
        timing: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
      },
    );
    try {
      await expect.poll(async () => (await row(queued.id)).sentAt, { timeout: 10_000 }).toBeInstanceOf(Date);
    } finally {
      await jobs.stop();
    }
    expect(smtp.sent.map((message) => message.to)).toEqual([queued.toAddress]);
  });

  it("stops trying to deliver a code that expired before it could be sent, and removes it", async () => {
    const smtp = fakeSmtp({ fail: () => true });
    const sender = createOutboxEmailSender(database.db, { logger, smtp: smtp.transport });
    const queued = await queue(sender, {
      ...(await emailTemplates.pin({ to: uniqueEmail("late-pin"), firstName: "Ann", pin: "551204", minutesValid: 15 })),
      secretExpiresAt: new Date(Date.now() + 15 * 60_000),
    });
    const t0 = new Date();
    expect(await sender.deliver(t0)).toMatchObject({ retrying: 1 });
    const later = new Date(t0.getTime() + 16 * 60_000);
    expect(await runOutboxJobs({ db: database.db, email: sender }, later)).toMatchObject({ sent: 0, scrubbed: 1 });
    const closed = await row(queued.id);
    expect(closed).toMatchObject({ sentAt: null, nextAttemptAt: null, secretExpiresAt: null });
    expect(closed.error).toMatch(/expired/);
    expect(closed.textBody).not.toContain("551204");
    expect(await sender.deliver(new Date(later.getTime() + 24 * 60 * 60_000))).toMatchObject({ sent: 0 });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Without SMTP: the embedded mailbox, and secrets that expire

async function mailboxMessage(id: number) {
  const request = new Request(`http://store.test/dev/mailbox/${id}`);
  const context = await createRequestContext(services, request);
  const result = (await settle(() =>
    mailboxMessageLoader({ request, params: { id: String(id) }, context } as never),
  )) as Awaited<ReturnType<typeof mailboxMessageLoader>>;
  return result.message;
}

describe("secrets in the stored e-mails (no SMTP: the outbox is the delivery)", () => {
  it("keeps a reset link in the dev mailbox while it works, and removes it when it expires", async () => {
    const customer = await createCustomer(database.db, { email: uniqueEmail("reset"), firstName: "Ann" });
    const before = Date.now();
    await sendResetLink(services, customer, "password-reset");
    const [mail] = await mailTo(customer.email);
    expect(mail).toMatchObject({ kind: "password-reset", nextAttemptAt: null, sentAt: null });
    const expires = mail!.secretExpiresAt!.getTime();
    expect(expires).toBeGreaterThanOrEqual(before + RESET_LINK_VALID_MINUTES * 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + RESET_LINK_VALID_MINUTES * 60_000);
    const link = /http:\/\/store\.test\/reset-password\?code=\S+/.exec(mail!.textBody)![0];

    // Still valid: the dev mailbox shows the link (and says until when).
    expect(await scrubExpiredSecrets(database.db, new Date(expires - 1000))).toBe(0);
    const shown = await mailboxMessage(mail!.id);
    expect(shown.text).toContain(link);
    expect(shown.scrubbedAt).toBeNull();
    expect(shown.secretExpiresAt).not.toBeNull();

    // Expired: the job removes it; the rest of the message stays readable.
    expect(await runOutboxJobs(services, new Date(expires))).toMatchObject({ scrubbed: 1, sent: 0 });
    const scrubbed = await mailboxMessage(mail!.id);
    expect(scrubbed.text).not.toContain("code=");
    expect(scrubbed.html).not.toContain("code=");
    expect(scrubbed.text).toContain(SECRET_REMOVED);
    expect(scrubbed.text).toContain("We got a request to reset your Lenslane password");
    expect(scrubbed.scrubbedAt).not.toBeNull();
    expect(scrubbed.status).toBe("stored");
  });

  it("dates every secret by its token's lifetime: the PIN in 15 minutes, the welcome link in 30 days", async () => {
    const customer = await createCustomer(database.db, { email: uniqueEmail("dated"), firstName: "Ann" });
    const before = Date.now();
    await sendSignInPin(services, customer);
    await sendWelcomeEmail(services, customer);
    const after = Date.now();
    const [pin, welcome] = await mailTo(customer.email);
    const within = (date: Date | null, ms: number) => {
      expect(date!.getTime()).toBeGreaterThanOrEqual(before + ms);
      expect(date!.getTime()).toBeLessThanOrEqual(after + ms);
    };
    within(pin!.secretExpiresAt, PIN_VALID_MINUTES * 60_000);
    within(welcome!.secretExpiresAt, 30 * 24 * 60 * 60_000);
    const code = /^\d{6}$/m.exec(pin!.textBody)![0];

    await scrubExpiredSecrets(database.db, new Date(after + PIN_VALID_MINUTES * 60_000));
    const [pinAfter, welcomeAfter] = await mailTo(customer.email);
    expect(pinAfter!.textBody).not.toContain(code);
    expect(pinAfter!.htmlBody).not.toContain(code);
    // The welcome link still works for 30 days: still shown.
    expect(welcomeAfter!.textBody).toContain("/dashboard?token=");
    expect(welcomeAfter!.scrubbedAt).toBeNull();
  });

  it("scrubs in batches until every expired message is done", async () => {
    const expired = new Date(Date.now() - 60_000);
    const count = 450;
    await database.db.insert(emailOutbox).values(
      Array.from({ length: count }, (_, index) => ({
        kind: "welcome",
        toAddress: `outbox.batch.${index}@example.com`,
        subject: "Welcome",
        textBody: `Sign in: http://store.test/dashboard?token=batch-token-${index}`,
        htmlBody: `<a href="http://store.test/dashboard?token=batch-token-${index}">Sign in</a>`,
        secretExpiresAt: expired,
      })),
    );
    expect(await scrubExpiredSecrets(database.db)).toBe(count);
    const left = await database.db.select().from(emailOutbox).where(like(emailOutbox.textBody, "%batch-token-%"));
    expect(left).toEqual([]);
    expect(await scrubExpiredSecrets(database.db)).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as mailboxMessageLoader } from "~/routes/dev.mailbox.$id";
import { loader as emailTemplateLoader } from "~/routes/dev.emails.$template";
import { loader as emailTemplatesLoader } from "~/routes/dev.emails";
import { loader as mailboxLoader } from "~/routes/dev.mailbox";
import type { EmailMessage } from "~/services/adapters/email/email-sender";
import { createEmailSender } from "~/server/adapters.server";
import { createOutboxEmailSender, findOutboxMessage, listOutbox } from "~/services/adapters/email/outbox.server";
import { createSmtpTransport } from "~/services/adapters/email/smtp.server";
import { emailTemplates } from "~/services/adapters/email/templates";
import type { AppServices } from "~/services/platform/context.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { logger } from "~/services/platform/logger.server";
import { createTestDatabase } from "../setup/test-database";
import { createRequestContext, createTestServices, settle, TEST_SESSION_SECRET } from "../setup/test-context";

let database: DatabaseHandle;
let development: AppServices;
let production: AppServices;
beforeAll(async () => {
  database = await createTestDatabase();
  development = createTestServices(database);
  production = createTestServices(database, { APP_ENV: "production", SESSION_SECRET: TEST_SESSION_SECRET });
});
afterAll(async () => {
  await database.close();
});

const message = (to: string, subject = "Hello"): EmailMessage => ({
  kind: "welcome",
  to,
  subject,
  text: `Text for ${to}`,
  html: `<p>HTML for ${to}</p>`,
});

async function call<T>(services: AppServices, loader: (args: never) => T, path: string, params = {}) {
  const request = new Request(`http://store.test${path}`);
  const context = await createRequestContext(services, request);
  return settle(async () => loader({ request, params, context } as never));
}
const status = (result: unknown) =>
  result instanceof Response ? result.status : ((result as { init?: ResponseInit | null }).init?.status ?? 200);

describe("outbox e-mail sender", () => {
  it("is what the services use when no SMTP_URL is set, and stores every message", async () => {
    await development.email.send(
      await emailTemplates.pin({ to: "pin@example.com", firstName: "Pat", pin: "123456", minutesValid: 10 }),
    );
    const [row] = await listOutbox(database.db, { to: "pin@example.com", limit: 5 });
    expect(row).toMatchObject({
      kind: "pin",
      toAddress: "pin@example.com",
      subject: "Your Lenslane sign-in code",
      sentAt: null,
      error: null,
      // Without SMTP the outbox is the delivery: nothing is due.
      nextAttemptAt: null,
      attempts: 0,
    });
    expect(row!.textBody).toContain("123456");
    expect(row!.htmlBody).toContain("123456");
    expect(await findOutboxMessage(database.db, row!.id)).toEqual(row);
    expect(await findOutboxMessage(database.db, 999_999_999)).toBeUndefined();
    expect(await findOutboxMessage(database.db, -1)).toBeUndefined();
  });

  it("lists newest first, filters by recipient ignoring case, and honours the limit", async () => {
    const sender = createOutboxEmailSender(database.db, { logger });
    await sender.send(message("list@example.com", "first"));
    await sender.send(message("other@example.com", "other"));
    await sender.send(message("List@Example.com", "second"));
    const mine = await listOutbox(database.db, { to: "LIST@example.com", limit: 10 });
    expect(mine.map((row) => row.subject)).toEqual(["second", "first"]);
    const latest = await listOutbox(database.db, { limit: 2 });
    expect(latest.map((row) => row.subject)).toEqual(["second", "other"]);
  });

  it("with SMTP, returns once the message is stored and sends it in the background, recording sentAt", async () => {
    const delivered: EmailMessage[] = [];
    let release!: () => void;
    const mailServerAnswers = new Promise<void>((resolve) => (release = resolve));
    const sender = createOutboxEmailSender(database.db, {
      logger,
      smtp: {
        async send(m) {
          await mailServerAnswers;
          delivered.push(m);
        },
      },
    });
    // send() does not wait for the mail server.
    await sender.send(message("sent@example.com"));
    const [queued] = await listOutbox(database.db, { to: "sent@example.com", limit: 1 });
    expect(queued).toMatchObject({ sentAt: null });
    expect(queued!.nextAttemptAt).toBeInstanceOf(Date);
    release();
    await sender.idle();
    expect(delivered.map((m) => m.to)).toEqual(["sent@example.com"]);
    const [row] = await listOutbox(database.db, { to: "sent@example.com", limit: 1 });
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.error).toBeNull();
    expect(row!.nextAttemptAt).toBeNull();
  });

  it("records an SMTP failure instead of throwing, keeps the message, and schedules a retry", async () => {
    const sender = createOutboxEmailSender(database.db, {
      logger,
      smtp: {
        send: async () => {
          throw new Error("connect ECONNREFUSED 127.0.0.1:2525");
        },
      },
    });
    await expect(sender.send(message("down@example.com"))).resolves.toBeUndefined();
    await sender.idle();
    const [row] = await listOutbox(database.db, { to: "down@example.com", limit: 1 });
    expect(row).toMatchObject({
      sentAt: null,
      attempts: 1,
      error: "connect ECONNREFUSED 127.0.0.1:2525",
      textBody: "Text for down@example.com",
    });
    expect(row!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
  });
});

describe("SMTP client", () => {
  it("hands nodemailer the message with the configured sender (in-memory transport)", async () => {
    const captured: Record<string, unknown>[] = [];
    const transport = createSmtpTransport("smtp://unused.invalid:25", "Lenslane <help@lenslane.example>", {
      transport: {
        name: "memory",
        version: "1",
        send(mail, done) {
          captured.push({ ...mail.data });
          done(null, { messageId: "<test@lenslane>" });
        },
      },
    });
    await transport.send(message("memory@example.com", "Via memory"));
    expect(captured).toEqual([
      expect.objectContaining({
        from: "Lenslane <help@lenslane.example>",
        to: "memory@example.com",
        subject: "Via memory",
        text: "Text for memory@example.com",
        html: "<p>HTML for memory@example.com</p>",
      }),
    ]);
  });

  it("renders a real MIME message with nodemailer's JSON transport", async () => {
    const transport = createSmtpTransport("smtp://unused.invalid:25", "help@lenslane.example", {
      transport: { jsonTransport: true },
    });
    await expect(transport.send(message("json@example.com"))).resolves.toBeUndefined();
  });

  it("sends through createEmailSender with SMTP_URL set, and records a refused connection", async () => {
    // Port 1 on localhost refuses at once: no outside network is involved.
    const sender = createEmailSender(
      { smtpUrl: "smtp://127.0.0.1:1", mailFrom: "Lenslane <help@lenslane.example>" },
      database.db,
      logger,
    );
    await expect(sender.send(message("refused@example.com"))).resolves.toBeUndefined();
    await sender.idle();
    const [row] = await listOutbox(database.db, { to: "refused@example.com", limit: 1 });
    expect(row!.sentAt).toBeNull();
    expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe("dev mailbox routes", () => {
  it("lists messages newest first and filters by ?to=", async () => {
    await development.email.send(message("page@example.com", "page one"));
    await development.email.send(message("page@example.com", "page two"));
    const all = (await call(development, mailboxLoader, "/dev/mailbox")) as Awaited<ReturnType<typeof mailboxLoader>>;
    expect(all.messages.length).toBeGreaterThanOrEqual(2);
    expect(all.messages[0]).toMatchObject({
      to: "page@example.com",
      subject: "page two",
      kind: "welcome",
      status: "stored",
    });
    const filtered = (await call(development, mailboxLoader, "/dev/mailbox?to=page%40example.com")) as Awaited<
      ReturnType<typeof mailboxLoader>
    >;
    expect(filtered.to).toBe("page@example.com");
    expect(filtered.messages.map((m) => m.subject)).toEqual(["page two", "page one"]);

    const one = (await call(development, mailboxMessageLoader, `/dev/mailbox/${filtered.messages[0]!.id}`, {
      id: String(filtered.messages[0]!.id),
    })) as Awaited<ReturnType<typeof mailboxMessageLoader>>;
    expect(one.message).toMatchObject({
      subject: "page two",
      to: "page@example.com",
      text: "Text for page@example.com",
    });
    expect(one.message.html).toBe("<p>HTML for page@example.com</p>");
  });

  it("answers 404 for an unknown or malformed message id", async () => {
    expect(status(await call(development, mailboxMessageLoader, "/dev/mailbox/999999", { id: "999999" }))).toBe(404);
    expect(status(await call(development, mailboxMessageLoader, "/dev/mailbox/abc", { id: "abc" }))).toBe(404);
  });

  it("answers 404 in production", async () => {
    const [row] = await listOutbox(database.db, { limit: 1 });
    expect(status(await call(production, mailboxLoader, "/dev/mailbox"))).toBe(404);
    expect(
      status(await call(production, mailboxMessageLoader, `/dev/mailbox/${row!.id}`, { id: String(row!.id) })),
    ).toBe(404);
  });
});

describe("dev e-mail template routes", () => {
  it("list the templates and preview one with its sample data: HTML and text", async () => {
    const list = (await call(development, emailTemplatesLoader, "/dev/emails")) as Awaited<
      ReturnType<typeof emailTemplatesLoader>
    >;
    expect(list.templates.map((template) => template.id)).toContain("order-confirmation");
    const one = (await call(development, emailTemplateLoader, "/dev/emails/order-shipped", {
      template: "order-shipped",
    })) as Awaited<ReturnType<typeof emailTemplateLoader>>;
    expect(one).toMatchObject({ kind: "order-shipped", subject: "Your Lenslane order LL12345678 has shipped" });
    expect(one.html).toMatch(/^<!DOCTYPE html/);
    expect(one.text).toContain("Track your package: https://tools.usps.com/");
  });

  it("answer 404 for an unknown template, and in production", async () => {
    expect(status(await call(development, emailTemplateLoader, "/dev/emails/nope", { template: "nope" }))).toBe(404);
    expect(status(await call(production, emailTemplatesLoader, "/dev/emails"))).toBe(404);
    expect(status(await call(production, emailTemplateLoader, "/dev/emails/pin", { template: "pin" }))).toBe(404);
  });
});

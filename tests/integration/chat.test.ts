import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CHAT_HISTORY_MINUTES, CHAT_MESSAGE_HIDE_MINUTES, CHAT_SEND_LIMITS, type ChatThreadView } from "~/models/chat";
import * as chatPage from "~/routes/chat";
import * as devChat from "~/routes/dev.chat";
import * as chatResource from "~/routes/resources.chat";
import { createAuthSession, createCustomer } from "~/services/accounts/auth/accounts.server";
import { guestKeyHash } from "~/services/adapters/chat/database-provider.server";
import { threadView } from "~/services/chat/chat.server";
import type { DatabaseHandle } from "~/services/db/client.server";
import { chatConversations, chatMessages, emailOutbox, rateLimitEvents } from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { isDataWithInit } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware, settle } from "../setup/test-context";

// Live chat (decision 37) through the chat page's loader and action, the launcher's JSON and the support desk:
// guests own their thread by a key in their session, customers by their account; nobody reads another's thread.

let database: DatabaseHandle;
let services: AppServices;
let customerCookie: string;
let otherCustomerCookie: string;

/** The session cookie a response set (name=value), or the one the request had. */
function cookieFrom(response: Response, previous = ""): string {
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("session="));
  return session ? session.split(";")[0]! : previous;
}

async function call(
  handler: (args: never) => unknown,
  path: string,
  options: { form?: Record<string, string>; cookie?: string; params?: Record<string, string>; as?: AppServices } = {},
): Promise<Response> {
  const headers: Record<string, string> = options.cookie ? { Cookie: options.cookie } : {};
  if (options.form) headers["Content-Type"] = "application/x-www-form-urlencoded";
  const request = new Request(`http://store.test${path}`, {
    method: options.form ? "POST" : "GET",
    headers,
    body: options.form ? new URLSearchParams(options.form).toString() : undefined,
  });
  return runThroughMiddleware(options.as ?? services, request, async (context) => {
    const result = await settle(() => handler({ request, params: options.params ?? {}, context } as never) as never);
    if (result instanceof Response) return result;
    if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
    return Response.json(result);
  });
}

const send = (form: Record<string, string>, cookie?: string) => call(chatPage.action, "/chat", { form, cookie });
const pageThread = async (cookie?: string) =>
  ((await (await call(chatPage.loader, "/chat", { cookie })).json()) as { thread: ChatThreadView }).thread;
const launcherThread = async (cookie?: string) =>
  (await (await call(chatResource.loader, "/resources/chat", { cookie })).json()) as ChatThreadView;
const answer = (id: number, form: Record<string, string>) =>
  call(devChat.action, `/dev/chat/${id}`, { form, params: { conversationId: String(id) } });

const GUEST = { name: "Gail Guest", email: "gail@example.com" };

/** A guest's first message; the guest's cookie. */
async function guestWrites(message = "Do you carry Acuvue Oasys?", contact = GUEST): Promise<string> {
  const response = await send({ message, ...contact });
  expect(response.status).toBe(303);
  expect(response.headers.get("Location")).toBe("/chat#chat-latest");
  return cookieFrom(response);
}

async function conversationsOf(where: { email?: string }) {
  return database.db
    .select()
    .from(chatConversations)
    .where(where.email ? eq(chatConversations.contactEmail, where.email) : undefined);
}

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  const signedIn = async (email: string, firstName: string) => {
    const customer = await createCustomer(database.db, { email, firstName, lastName: "Lee" });
    const { session } = await services.sessions.getSession(null);
    session.set("authSessionId", await createAuthSession(database.db, customer.id, "password", false));
    return (await services.sessions.commitSession(session)).split(";")[0]!;
  };
  customerCookie = await signedIn("ann.chat@example.com", "Ann");
  otherCustomerCookie = await signedIn("ben.chat@example.com", "Ben");
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  // Each test starts under the rate limits.
  await database.db.delete(rateLimitEvents);
});

describe("a guest's conversation", () => {
  it("needs a name and an e-mail to start; nothing is saved until they are valid", async () => {
    const response = await send({ message: "Hello", name: "", email: "not-an-address" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error).toMatchObject({ name: ["Enter your name."], email: ["Enter a valid e-mail address."] });
    expect(await conversationsOf({ email: "not-an-address" })).toHaveLength(0);
    expect((await pageThread()).needsContact).toBe(true);
  });

  it("is stored with the guest's key hashed, shown to that guest only, and e-mailed to support", async () => {
    const cookie = await guestWrites("Do you carry <b>Acuvue</b> Oasys?");
    const [conversation] = await conversationsOf({ email: GUEST.email });
    expect(conversation).toMatchObject({ customerId: null, contactName: "Gail Guest", status: "open" });
    expect(conversation!.guestKeyHash).toMatch(/^[0-9a-f]{64}$/);
    const { session } = await services.sessions.getSession(cookie);
    expect(guestKeyHash(session.get("chatKey")!)).toBe(conversation!.guestKeyHash);

    const thread = await pageThread(cookie);
    expect(thread).toMatchObject({ status: "open", needsContact: false, hiddenCount: 0 });
    expect(thread.messages.map((m) => [m.author, m.authorLabel, m.text])).toEqual([
      ["shopper", "You", "Do you carry <b>Acuvue</b> Oasys?"],
    ]);
    expect((await launcherThread(cookie)).messages).toHaveLength(1);

    // Another guest, a customer, and a visitor without a session see none of it.
    const other = await guestWrites("Another guest here", { name: "Olga Other", email: "olga@example.com" });
    expect((await pageThread(other)).messages.map((m) => m.text)).toEqual(["Another guest here"]);
    expect((await pageThread(customerCookie)).messages).toEqual([]);
    expect((await pageThread()).messages).toEqual([]);

    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "chat-message"), eq(emailOutbox.toAddress, "support@lenslane.example")));
    expect(mail!.subject).toBe(`Chat ${conversation!.id}: new message from Gail Guest`);
    expect(mail!.textBody).toContain(`http://store.test/dev/chat/${conversation!.id}`);
    expect(mail!.htmlBody).toContain("&lt;b&gt;Acuvue&lt;/b&gt;");
    expect(mail!.htmlBody).not.toContain("<b>Acuvue");
  });

  it("takes the next message without contact, in the same conversation, and back to the launcher's page", async () => {
    const cookie = await guestWrites("First", { name: "Sam Second", email: "sam@example.com" });
    const response = await send({ message: "Second", returnTo: "/contact-us" }, cookie);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/contact-us");
    const conversations = await conversationsOf({ email: "sam@example.com" });
    expect(conversations).toHaveLength(1);
    expect((await pageThread(cookie)).messages.map((m) => m.text)).toEqual(["First", "Second"]);
  });

  it("refuses bad input with a message and saves nothing", async () => {
    const cookie = await guestWrites("Hi", { name: "Val Idate", email: "val@example.com" });
    const tooLong = await send({ message: "x".repeat(1001) }, cookie);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({
      result: { error: { message: ["Messages can be at most 1000 characters."] } },
    });
    expect((await send({ message: "Hi", returnTo: "//evil.example/" }, cookie)).status).toBe(400);
    expect((await send({ message: "  " }, cookie)).status).toBe(400);
    const spam = await send({ message: "Buy now", name__confirm: "bot" }, cookie);
    expect(spam.status).toBe(400);
    expect((await pageThread(cookie)).messages.map((m) => m.text)).toEqual(["Hi"]);
  });

  it("is rate-limited per owner", async () => {
    const cookie = await guestWrites("1", { name: "Rita Rapid", email: "rita@example.com" });
    for (let n = 2; n <= CHAT_SEND_LIMITS.owner.limit; n += 1) {
      expect((await send({ message: String(n) }, cookie)).status).toBe(303);
    }
    const refused = await send({ message: "one too many" }, cookie);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      result: { error: { "": ["You're sending messages too fast. Please wait a few minutes and try again."] } },
    });
    expect((await pageThread(cookie)).messages).toHaveLength(CHAT_SEND_LIMITS.owner.limit);
  });
});

describe("a customer's conversation", () => {
  it("uses the account's name and e-mail, and only that customer reads it", async () => {
    const response = await send({ message: "Where is my order?" }, customerCookie);
    expect(response.status).toBe(303);
    const [conversation] = await conversationsOf({ email: "ann.chat@example.com" });
    expect(conversation).toMatchObject({ contactName: "Ann Lee", guestKeyHash: null });
    expect(conversation!.customerId).not.toBeNull();
    expect((await pageThread(customerCookie)).messages.map((m) => m.text)).toEqual(["Where is my order?"]);
    expect((await pageThread(otherCustomerCookie)).messages).toEqual([]);
    expect((await launcherThread(otherCustomerCookie)).needsContact).toBe(false);
  });
});

describe("the support desk (/dev/chat)", () => {
  it("answers (e-mailing the shopper a link back), then closes; the next message starts a new conversation", async () => {
    const cookie = await guestWrites("Can I return an opened box?", { name: "Rae Reply", email: "rae@example.com" });
    const [conversation] = await conversationsOf({ email: "rae@example.com" });
    const id = conversation!.id;

    const list = (await (await call(devChat.loader, "/dev/chat")).json()) as Awaited<ReturnType<typeof devChat.loader>>;
    expect(list.conversations.find((row) => row.id === id)).toMatchObject({ waiting: true, owner: "guest" });

    expect((await answer(id, { message: "  " })).status).toBe(400);
    const answered = await answer(id, { message: "Yes, within 30 days.\nWe pay the shipping." });
    expect(answered.status).toBe(303);
    expect(answered.headers.get("Location")).toBe(`/dev/chat/${id}`);
    const thread = await pageThread(cookie);
    expect(thread.messages.map((m) => [m.author, m.authorLabel, m.text])).toEqual([
      ["shopper", "You", "Can I return an opened box?"],
      ["agent", "Lenslane support", "Yes, within 30 days.\nWe pay the shipping."],
    ]);
    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "chat-reply"), eq(emailOutbox.toAddress, "rae@example.com")));
    expect(mail!.subject).toBe("Lenslane support answered your chat message");
    expect(mail!.textBody).toContain("Yes, within 30 days.");
    expect(mail!.textBody).toContain("http://store.test/chat");

    expect((await answer(id, { intent: "close" })).status).toBe(303);
    expect((await pageThread(cookie)).status).toBe("closed");
    expect((await answer(id, { message: "Too late" })).status).toBe(400);

    // A closed conversation: the guest writes again without giving contact; a new conversation, same contact.
    expect((await pageThread(cookie)).needsContact).toBe(false);
    expect((await send({ message: "One more question" }, cookie)).status).toBe(303);
    const conversations = await conversationsOf({ email: "rae@example.com" });
    expect(conversations.map((row) => row.status).sort()).toEqual(["closed", "open"]);
    expect((await pageThread(cookie)).messages.map((m) => m.text)).toEqual(["One more question"]);
  });

  it("is not found for an unknown conversation, and not served in production", async () => {
    const missing = await call(devChat.loader, "/dev/chat/999999", { params: { conversationId: "999999" } });
    expect(missing.status).toBe(404);
    expect((await call(devChat.loader, "/dev/chat/abc", { params: { conversationId: "abc" } })).status).toBe(404);
    const production = createTestServices(database, { APP_ENV: "production" });
    expect((await call(devChat.loader, "/dev/chat", { as: production })).status).toBe(404);
    expect((await answer(999999, { message: "hi" })).status).toBe(404);
  });
});

describe("the history and hide windows (spec 3 §9)", () => {
  it("a quiet conversation becomes history; the launcher hides messages older than 1440 minutes", async () => {
    const owner = { kind: "guest" as const, guestKey: "window-test-key" };
    const start = new Date("2025-11-03T17:00:00Z");
    const minutesLater = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const contact = { name: "Wendy Window", email: "wendy@example.com" };
    expect(await services.chat.sendShopperMessage(owner, { text: "Old" }, start)).toEqual({
      ok: false,
      reason: "contact-required",
    });
    expect((await services.chat.sendShopperMessage(owner, { text: "Old", contact }, start)).ok).toBe(true);
    await services.chat.sendShopperMessage(owner, { text: "New" }, minutesLater(CHAT_MESSAGE_HIDE_MINUTES + 10));

    const now = minutesLater(CHAT_MESSAGE_HIDE_MINUTES + 20);
    const current = await services.chat.currentThread(owner, now);
    expect(
      threadView(current, owner, "history", now, services.chat.availability(now)).messages.map((m) => m.text),
    ).toEqual(["Old", "New"]);
    expect(threadView(current, owner, "launcher", now, services.chat.availability(now))).toMatchObject({
      hiddenCount: 1,
      messages: [{ text: "New" }],
    });

    const later = minutesLater(CHAT_MESSAGE_HIDE_MINUTES + 10 + CHAT_HISTORY_MINUTES);
    expect(await services.chat.currentThread(owner, later)).toBeNull();
    const [{ n }] = (await database.db
      .select({ n: count() })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatMessages.conversationId, chatConversations.id))
      .where(eq(chatConversations.contactEmail, "wendy@example.com"))) as [{ n: number }];
    expect(n).toBe(2);
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROACTIVE_CHAT_COOKIE } from "~/models/proactive-chat";
import * as root from "~/root";
import * as chatPage from "~/routes/chat";
import * as chatResource from "~/routes/resources.chat";
import * as proactive from "~/routes/resources.proactive-chat";
import type { DatabaseHandle } from "~/services/db/client.server";
import { chatConversations } from "~/services/db/schema";
import type { AppServices } from "~/services/platform/context.server";
import { isDataWithInit } from "../setup/order-fixtures";
import { testContentDir } from "../setup/test-content";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware, settle } from "../setup/test-context";

// Live chat's proactive window on phones and the provider split (decision 63), through the root loader, the
// window's resource route and the chat page's action, against PGlite.

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";

let database: DatabaseHandle;
let services: AppServices;
/** The chat feature off in the content. */
let chatOff: AppServices;
/** The new provider's toggle off in the content. */
let newProviderOff: AppServices;

/** A copy of the test content whose site-wide page features are changed. */
function contentWith(site: Record<string, boolean>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lenslane-chat-content-"));
  fs.cpSync(testContentDir(), dir, { recursive: true });
  const file = path.join(dir, "features.json");
  const features = JSON.parse(fs.readFileSync(file, "utf8")) as { pages: { site: Record<string, boolean> } };
  Object.assign(features.pages.site, site);
  fs.writeFileSync(file, JSON.stringify(features));
  process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices(database);
  chatOff = createTestServices(database, { CONTENT_DIR: contentWith({ liveChat: false }) });
  newProviderOff = createTestServices(database, { CONTENT_DIR: contentWith({ liveChatNewProvider: false }) });
});
afterAll(async () => {
  await database.close();
});

async function call(
  handler: (args: never) => unknown,
  pathname: string,
  options: { form?: Record<string, string>; cookie?: string; userAgent?: string; as?: AppServices } = {},
): Promise<Response> {
  const headers: Record<string, string> = { "User-Agent": options.userAgent ?? DESKTOP };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.form) headers["Content-Type"] = "application/x-www-form-urlencoded";
  const request = new Request(`http://store.test${pathname}`, {
    method: options.form ? "POST" : "GET",
    headers,
    body: options.form ? new URLSearchParams(options.form).toString() : undefined,
  });
  return runThroughMiddleware(options.as ?? services, request, async (context) => {
    const result = await settle(() => handler({ request, params: {}, context } as never) as never);
    if (result instanceof Response) return result;
    if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
    return Response.json(result);
  });
}

const shell = async (options: Parameters<typeof call>[2] = {}) => {
  const response = await call(root.loader, "/", options);
  return {
    response,
    liveChat: ((await response.json()) as { liveChat: { on: boolean; proactive: boolean } }).liveChat,
  };
};

/** name=value of a cookie the response set. */
const setCookie = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(";")[0];

describe("the proactive chat window", () => {
  it("is offered to phones with the chat feature on, and their page is not shared", async () => {
    const phone = await shell({ userAgent: PHONE });
    expect(phone.liveChat).toEqual({ on: true, proactive: true });
    expect(phone.response.headers.get("Cache-Control")).toContain("private");
    expect((await shell({ userAgent: DESKTOP })).liveChat).toEqual({ on: true, proactive: false });
    expect((await shell({ userAgent: PHONE, as: chatOff })).liveChat).toEqual({ on: false, proactive: false });
  });

  it("is dismissed by a plain form: remembered in a cookie, 303 back to the page, and never offered again", async () => {
    const response = await call(proactive.action, "/resources/proactive-chat", {
      form: { intent: "dismiss", returnTo: "/lenses?brand=acuvue" },
      userAgent: PHONE,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/lenses?brand=acuvue");
    const cookie = setCookie(response, PROACTIVE_CHAT_COOKIE);
    expect(cookie).toBe(`${PROACTIVE_CHAT_COOKIE}=dismissed`);
    expect(response.headers.getSetCookie().find((value) => value.startsWith(PROACTIVE_CHAT_COOKIE))).toMatch(
      /HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/,
    );
    expect((await shell({ userAgent: PHONE, cookie })).liveChat.proactive).toBe(false);
  });

  it("sends 'Chat with us' to the chat page, and remembers a window the browser showed", async () => {
    const chat = await call(proactive.action, "/resources/proactive-chat", { form: { intent: "chat", returnTo: "/" } });
    expect(chat.status).toBe(303);
    expect(chat.headers.get("Location")).toBe("/chat");
    expect(setCookie(chat, PROACTIVE_CHAT_COOKIE)).toBe(`${PROACTIVE_CHAT_COOKIE}=chat`);
    const shown = await call(proactive.action, "/resources/proactive-chat", { form: { intent: "shown" } });
    expect(shown.status).toBe(200);
    const cookie = setCookie(shown, PROACTIVE_CHAT_COOKIE);
    expect(cookie).toBe(`${PROACTIVE_CHAT_COOKIE}=shown`);
    expect((await shell({ userAgent: PHONE, cookie })).liveChat.proactive).toBe(false);
  });

  it("refuses a return path to another site, an unknown intent and a GET, with a 4xx and no cookie", async () => {
    for (const returnTo of ["//evil.example/", "https://evil.example/", "/\\evil.example"]) {
      const response = await call(proactive.action, "/resources/proactive-chat", {
        form: { intent: "dismiss", returnTo },
      });
      expect(response.status).toBe(400);
      expect(setCookie(response, PROACTIVE_CHAT_COOKIE)).toBeUndefined();
    }
    const unknown = await call(proactive.action, "/resources/proactive-chat", { form: { intent: "open" } });
    expect(unknown.status).toBe(400);
    expect((await call(proactive.loader, "/resources/proactive-chat")).status).toBe(405);
  });
});

describe("the live chat provider split", () => {
  const GUEST = { name: "Gail Guest", email: "gail@example.com" };
  let guestNumber = 0;

  /** A new guest's first message; the conversation's provider and the guest's session cookie. */
  async function guestStarts(query: string, as: AppServices = services) {
    const email = `split-${++guestNumber}@example.com`;
    const response = await call(chatPage.action, `/chat${query}`, {
      form: { message: "Which lenses are best for dry eyes?", ...GUEST, email },
      as,
    });
    expect(response.status).toBe(303);
    const [row] = await database.db.select().from(chatConversations).where(eq(chatConversations.contactEmail, email));
    return { provider: row!.provider, cookie: setCookie(response, "session")! };
  }

  it("gives the old provider by default and the new one on path A with both toggles on", async () => {
    expect((await guestStarts("")).provider).toBe("database");
    expect((await guestStarts("?experiment=live-chat-provider:default")).provider).toBe("database");
    expect((await guestStarts("?experiment=live-chat-provider:A")).provider).toBe("sunshine");
  });

  it("keeps the old provider on path A when either chat toggle is off", async () => {
    expect((await guestStarts("?experiment=live-chat-provider:A", newProviderOff)).provider).toBe("database");
    expect((await guestStarts("?experiment=live-chat-provider:A", chatOff)).provider).toBe("database");
  });

  it("keeps a conversation with the provider it started on", async () => {
    const { cookie } = await guestStarts("?experiment=live-chat-provider:A");
    // No variation asked for on the next requests: the thread is still read from, and written to, the new provider.
    const thread = (await (await call(chatResource.loader, "/resources/chat", { cookie })).json()) as {
      messages: Array<{ text: string }>;
    };
    expect(thread.messages.map((message) => message.text)).toEqual(["Which lenses are best for dry eyes?"]);
    const again = await call(chatPage.action, "/chat", { form: { message: "And for astigmatism?" }, cookie });
    expect(again.status).toBe(303);
    const after = (await (await call(chatResource.loader, "/resources/chat", { cookie })).json()) as {
      messages: Array<{ text: string }>;
    };
    expect(after.messages.map((message) => message.text)).toEqual([
      "Which lenses are best for dry eyes?",
      "And for astigmatism?",
    ]);
  });
});

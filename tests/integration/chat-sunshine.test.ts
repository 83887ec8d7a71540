import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_WORDS } from "~/models/chat";
import * as chatPage from "~/routes/chat";
import * as chatResource from "~/routes/resources.chat";
import type { DatabaseHandle } from "~/services/db/client.server";
import type { AppServices } from "~/services/platform/context.server";
import { isDataWithInit } from "../setup/order-fixtures";
import { createTestDatabase } from "../setup/test-database";
import { createTestServices, runThroughMiddleware, settle } from "../setup/test-context";
import { createSunshineMock } from "../mocks/sunshine";

// The new chat provider configured (decision 63): with SUNSHINE_* set, visitors on the split's path A chat through
// the Sunshine Conversations client (an msw Sunshine here); the old provider's visitors stay in the database. A
// provider that fails is logged and the shopper told to try again: a 503 with the form's message, never a 500.

const SUNSHINE = { apiBase: "https://sunshine.test", appId: "app_lenslane", keyId: "app_key", secret: "s3cret" };
const mock = createSunshineMock(SUNSHINE);
const server = setupServer(...mock.handlers);

let database: DatabaseHandle;
let services: AppServices;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "bypass" });
  database = await createTestDatabase();
  services = createTestServices(database, {
    SUNSHINE_APP_ID: SUNSHINE.appId,
    SUNSHINE_KEY_ID: SUNSHINE.keyId,
    SUNSHINE_SECRET: SUNSHINE.secret,
    SUNSHINE_API_BASE: SUNSHINE.apiBase,
  });
});
afterAll(async () => {
  server.close();
  await database.close();
});

async function call(handler: (args: never) => unknown, path: string, form?: Record<string, string>, cookie?: string) {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  if (form) headers["Content-Type"] = "application/x-www-form-urlencoded";
  const request = new Request(`http://store.test${path}`, {
    method: form ? "POST" : "GET",
    headers,
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return runThroughMiddleware(services, request, async (context) => {
    const result = await settle(() => handler({ request, params: {}, context } as never) as never);
    if (result instanceof Response) return result;
    if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
    return Response.json(result);
  });
}

const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("session="))
    ?.split(";")[0];

describe("the new chat provider's client, chosen by configuration", () => {
  it("is the new provider when its key is set", () => {
    expect(services.chatNewProvider.name).toBe("sunshine");
    expect(services.chat.name).toBe("database");
  });

  it("carries a path-A guest's conversation on Sunshine, and shows the agent's answer", async () => {
    const sent = await call(chatPage.action, "/chat?experiment=live-chat-provider:A", {
      message: "Can I use my FSA card?",
      name: "Sam Shopper",
      email: "sam@example.com",
    });
    expect(sent.status).toBe(303);
    expect(mock.conversations.size).toBe(1);
    const [conversation] = [...mock.conversations.values()];
    mock.agentAnswers(conversation!.id, "Yes, FSA and HSA cards both work.");
    const thread = (await (
      await call(chatResource.loader, "/resources/chat", undefined, sessionCookie(sent))
    ).json()) as {
      messages: Array<{ author: string; text: string }>;
    };
    expect(thread.messages.map((message) => [message.author, message.text])).toEqual([
      ["shopper", "Can I use my FSA card?"],
      ["agent", "Yes, FSA and HSA cards both work."],
    ]);
  });

  it("answers a provider outage with a 503 and the form's message, and still shows the chat page", async () => {
    mock.failNext(503);
    const sent = await call(chatPage.action, "/chat?experiment=live-chat-provider:A", {
      message: "Hello?",
      name: "Olga Outage",
      email: "olga@example.com",
    });
    expect(sent.status).toBe(503);
    expect(JSON.stringify(await sent.json())).toContain(CHAT_WORDS.unavailable);
    // A guest with a conversation on Sunshine, whose thread cannot be read for a moment: the page still answers.
    const started = await call(chatPage.action, "/chat?experiment=live-chat-provider:A", {
      message: "Is the outage over?",
      name: "Olga Outage",
      email: "olga@example.com",
    });
    expect(started.status).toBe(303);
    mock.failNext(500);
    const asked = mock.log.length;
    const page = await call(chatPage.loader, "/chat", undefined, sessionCookie(started));
    expect(page.status).toBe(200);
    expect(mock.log.length).toBeGreaterThan(asked);
  });
});

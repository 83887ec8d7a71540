import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSunshineMock } from "../../../../tests/mocks/sunshine";
import type { ChatOwner } from "./chat-provider";
import { createSunshineChatClient, SunshineError, sunshineExternalId } from "./sunshine-client.server";

// The new chat provider's client (decision 63) against an msw Sunshine Conversations.

const OPTIONS = { apiBase: "https://sunshine.test", appId: "app_lenslane", keyId: "app_key", secret: "s3cret" };
const mock = createSunshineMock(OPTIONS);
const server = setupServer(...mock.handlers);
const client = createSunshineChatClient({ ...OPTIONS, staffedHours: "always" });

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const guest: ChatOwner = { kind: "guest", guestKey: "guest-key-one" };
const customer: ChatOwner = { kind: "customer", customerId: 42, name: "Cara Customer", email: "cara@example.com" };

describe("the Sunshine Conversations chat client", () => {
  it("names shoppers by an external id that is never a guest's key", () => {
    expect(sunshineExternalId(customer)).toBe("lenslane-customer-42");
    expect(sunshineExternalId(guest)).toMatch(/^lenslane-guest-[0-9a-f]{64}$/);
    expect(sunshineExternalId(guest)).not.toContain("guest-key-one");
  });

  it("asks a new guest for a contact, then starts a conversation and continues it", async () => {
    expect(await client.currentThread(guest)).toBeNull();
    expect(await client.sendShopperMessage(guest, { text: "Hello?" })).toEqual({
      ok: false,
      reason: "contact-required",
    });
    const first = await client.sendShopperMessage(guest, {
      text: "Do you carry Biofinity?",
      contact: { name: "Gail Guest", email: "gail@example.com" },
    });
    expect(first).toMatchObject({ ok: true, startedConversation: true });
    expect(mock.users.get(sunshineExternalId(guest))?.profile).toEqual({
      givenName: "Gail Guest",
      email: "gail@example.com",
    });
    const second = await client.sendShopperMessage(guest, { text: "Toric too?" });
    expect(second).toMatchObject({ ok: true, startedConversation: false });
    expect(mock.conversations.size).toBe(1);
  });

  it("reads the thread with the agents' answers, the contact and the messages oldest first", async () => {
    const [conversation] = [...mock.conversations.values()];
    mock.agentAnswers(conversation!.id, "Yes, both.");
    const thread = await client.currentThread(guest);
    expect(thread).toMatchObject({ status: "open", contact: { name: "Gail Guest", email: "gail@example.com" } });
    expect(thread!.messages.map((message) => [message.author, message.text])).toEqual([
      ["shopper", "Do you carry Biofinity?"],
      ["shopper", "Toric too?"],
      ["agent", "Yes, both."],
    ]);
  });

  it("takes a customer's contact from the account, and keeps each owner's thread apart", async () => {
    const sent = await client.sendShopperMessage(customer, { text: "Where is my order?" });
    expect(sent).toMatchObject({ ok: true, startedConversation: true });
    expect(mock.users.get("lenslane-customer-42")?.profile.email).toBe("cara@example.com");
    const thread = await client.currentThread(customer);
    expect(thread!.messages.map((message) => message.text)).toEqual(["Where is my order?"]);
  });

  it("starts a new conversation once the last one is history (20160 minutes)", async () => {
    const later = new Date(Date.now() + 20161 * 60_000);
    expect(await client.currentThread(customer, later)).toBeNull();
    const sent = await client.sendShopperMessage(customer, { text: "Me again" }, later);
    expect(sent).toMatchObject({ ok: true, startedConversation: true });
  });

  it("answers availability from the staffed hours (Sunshine has no presence call)", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    expect(client.availability(now)).toEqual({ agentAvailable: true, nextAgentAt: now });
    const hours = createSunshineChatClient({ ...OPTIONS, staffedHours: "business-hours" });
    expect(hours.availability(now).agentAvailable).toBe(false);
  });

  it("throws a SunshineError when the provider fails or refuses the key", async () => {
    mock.failNext(503);
    await expect(client.currentThread(guest)).rejects.toBeInstanceOf(SunshineError);
    const wrongKey = createSunshineChatClient({ ...OPTIONS, secret: "wrong", staffedHours: "always" });
    await expect(wrongKey.currentThread(guest)).rejects.toMatchObject({ status: 401 });
  });
});

import { DateTime } from "luxon";
import { CHAT_HISTORY_MINUTES, chatAvailability, type ChatStaffedHours } from "~/models/chat";
import type { ChatContact, ChatMessageRecord, ChatOwner, ChatProvider, ChatThread } from "./chat-provider";
import { guestKeyHash } from "./database-provider.server";

/**
 * The new chat provider's client (decision 63): Zendesk Sunshine Conversations, API v2, with an app's API key (basic
 * auth, key id and secret). The store plays the shopper's side: the shopper is a Sunshine user known by an external
 * id (the customer's id, or the hash of a guest's key: never the key), the conversation a "personal" one, the
 * shopper's message a message authored by that user; agents answer from Zendesk (the provider notifies both sides).
 * Sunshine has no agent-presence call, so availability is the configured staffed hours, as for the embedded chat.
 *
 * - `POST /v2/apps/{app}/users` (409: the user is there already), `GET /v2/apps/{app}/users/{externalId}`
 * - `GET /v2/apps/{app}/conversations?filter[userExternalId]=…`, `POST /v2/apps/{app}/conversations`
 * - `GET|POST /v2/apps/{app}/conversations/{id}/messages`
 */

export const SUNSHINE_PROVIDER_NAME = "sunshine";

export interface SunshineClientOptions {
  appId: string;
  keyId: string;
  secret: string;
  /** https://api.smooch.io (or a region's, or a Zendesk subdomain's /sc). */
  apiBase: string;
  staffedHours: ChatStaffedHours;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface SunshineConversation {
  id: string;
  lastUpdatedAt?: string;
}

interface SunshineMessage {
  id: string;
  received: string;
  author: { type: "user" | "business"; userExternalId?: string };
  content: { type: string; text?: string };
}

interface SunshineUser {
  externalId?: string;
  profile?: { givenName?: string; surname?: string; email?: string };
}

/** The provider answered with an error (or not at all): the chat page turns it into its own message. */
export class SunshineError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "SunshineError";
  }
}

/** The owner's Sunshine external id: stable, and never a guest's cookie key. */
export function sunshineExternalId(owner: ChatOwner): string {
  return owner.kind === "customer"
    ? `lenslane-customer-${owner.customerId}`
    : `lenslane-guest-${guestKeyHash(owner.guestKey)}`;
}

/** Sunshine's ids are strings; the store's thread numbers them from a stable hash, as the page keys them. */
function numericId(id: string): number {
  let hash = 0;
  for (const char of id) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return Math.abs(hash);
}

export function createSunshineChatClient(options: SunshineClientOptions): ChatProvider {
  // Looked up on each call, so a fetch replaced after start-up (msw in tests) is the one used.
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const app = `${options.apiBase.replace(/\/+$/, "")}/v2/apps/${encodeURIComponent(options.appId)}`;
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.secret}`).toString("base64")}`;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function call<T>(
    path: string,
    init: { method?: string; body?: unknown } = {},
  ): Promise<{ status: number; body: T | null }> {
    const response = await doFetch(`${app}${path}`, {
      method: init.method ?? "GET",
      headers: {
        Authorization: authorization,
        Accept: "application/json",
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = response.headers.get("Content-Type")?.includes("json") ? ((await response.json()) as T) : null;
    return { status: response.status, body };
  }

  function fail(what: string, status: number): never {
    throw new SunshineError(status, `Sunshine Conversations ${what}: HTTP ${status}`);
  }

  async function findUser(externalId: string): Promise<SunshineUser | null> {
    const { status, body } = await call<{ user: SunshineUser }>(`/users/${encodeURIComponent(externalId)}`);
    if (status === 404) return null;
    if (status !== 200 || !body) fail("user", status);
    return body.user;
  }

  async function createUser(externalId: string, contact: ChatContact): Promise<void> {
    const { status } = await call(`/users`, {
      method: "POST",
      body: { externalId, profile: { givenName: contact.name, email: contact.email } },
    });
    // 409: made by an earlier request (two tabs at once); the user is there either way.
    if (status !== 201 && status !== 200 && status !== 409) fail("create user", status);
  }

  /** The owner's latest conversation still within the history window (spec 3 §9), or null. */
  async function currentConversation(externalId: string, now: Date): Promise<SunshineConversation | null> {
    const query = new URLSearchParams({ "filter[userExternalId]": externalId });
    const { status, body } = await call<{ conversations: SunshineConversation[] }>(`/conversations?${query}`);
    if (status === 404) return null;
    if (status !== 200 || !body) fail("conversations", status);
    const since = DateTime.fromJSDate(now).minus({ minutes: CHAT_HISTORY_MINUTES }).toMillis();
    const recent = body.conversations
      .map((conversation) => ({ conversation, at: Date.parse(conversation.lastUpdatedAt ?? "") }))
      .filter(({ at }) => Number.isFinite(at) && at > since)
      .sort((a, b) => b.at - a.at);
    return recent[0]?.conversation ?? null;
  }

  async function readThread(conversation: SunshineConversation, user: SunshineUser | null): Promise<ChatThread> {
    const { status, body } = await call<{ messages: SunshineMessage[] }>(
      `/conversations/${encodeURIComponent(conversation.id)}/messages`,
    );
    if (status !== 200 || !body) fail("messages", status);
    const messages: ChatMessageRecord[] = body.messages
      .filter((message) => message.content.type === "text" && typeof message.content.text === "string")
      .map((message) => ({
        id: numericId(message.id),
        author: message.author.type === "user" ? "shopper" : "agent",
        text: message.content.text!,
        sentAt: new Date(message.received),
      }));
    const last = messages.at(-1)?.sentAt ?? new Date(conversation.lastUpdatedAt ?? Date.now());
    return {
      conversationId: numericId(conversation.id),
      // A personal conversation stays open: Zendesk's agents solve tickets, not the conversation.
      status: "open",
      contact: {
        name: [user?.profile?.givenName, user?.profile?.surname].filter(Boolean).join(" "),
        email: user?.profile?.email ?? "",
      },
      lastMessageAt: last,
      messages,
    };
  }

  return {
    name: SUNSHINE_PROVIDER_NAME,

    availability: (now = new Date()) => {
      const { agentAvailable, nextAgentAt } = chatAvailability(DateTime.fromJSDate(now), options.staffedHours);
      return { agentAvailable, nextAgentAt: nextAgentAt.toJSDate() };
    },

    async currentThread(owner, now = new Date()) {
      const externalId = sunshineExternalId(owner);
      const conversation = await currentConversation(externalId, now);
      return conversation ? readThread(conversation, await findUser(externalId)) : null;
    },

    async sendShopperMessage(owner, input, now = new Date()) {
      const externalId = sunshineExternalId(owner);
      let user = await findUser(externalId);
      if (!user) {
        const contact = owner.kind === "customer" ? { name: owner.name, email: owner.email } : (input.contact ?? null);
        if (!contact) return { ok: false, reason: "contact-required" };
        await createUser(externalId, contact);
        user = { externalId, profile: { givenName: contact.name, email: contact.email } };
      }
      let conversation = await currentConversation(externalId, now);
      const startedConversation = conversation === null;
      if (!conversation) {
        const created = await call<{ conversation: SunshineConversation }>(`/conversations`, {
          method: "POST",
          body: { type: "personal", participants: [{ userExternalId: externalId, subscribeSDKClient: false }] },
        });
        if (created.status !== 201 || !created.body) fail("create conversation", created.status);
        conversation = created.body.conversation;
      }
      const sent = await call(`/conversations/${encodeURIComponent(conversation.id)}/messages`, {
        method: "POST",
        body: { author: { type: "user", userExternalId: externalId }, content: { type: "text", text: input.text } },
      });
      if (sent.status !== 201) fail("send message", sent.status);
      return { ok: true, thread: await readThread(conversation, user), startedConversation };
    },
  };
}

import { randomBytes } from "node:crypto";
import { DateTime } from "luxon";
import {
  CHAT_SEND_LIMITS,
  chatAvailabilityView,
  chatMessageView,
  historyMessages,
  launcherMessages,
  type ChatThreadView,
} from "~/models/chat";
import type { ChatAvailability, ChatContact, ChatOwner, ChatThread } from "../adapters/chat/chat-provider";
import { guestKeyHash } from "../adapters/chat/database-provider.server";
import type { AppServices, Visitor } from "../platform/context.server";
import { consumeRateLimit } from "../platform/rate-limit.server";
import { chatProviderFor, type ChatChoiceServices } from "./chat-provider-choice.server";

/**
 * Live chat for the shopper (decision 37): who owns the thread (the signed-in customer, or a guest's key kept in the
 * session cookie), the thread as the chat page and the launcher show it, and sending, rate-limited.
 */

/** The visitor as a chat owner; a guest without a key gets one only when `create` (sending a message). */
export function chatOwner(visitor: Visitor, options: { create: boolean }): ChatOwner | null {
  const { customer, session } = visitor;
  if (customer) {
    const name = `${customer.firstName} ${customer.lastName}`.trim() || customer.email;
    return { kind: "customer", customerId: customer.id, name, email: customer.email };
  }
  let guestKey = session.get("chatKey");
  if (!guestKey && options.create) {
    guestKey = randomBytes(32).toString("base64url");
    session.set("chatKey", guestKey);
  }
  return guestKey ? { kind: "guest", guestKey } : null;
}

/** The thread for the chat page (`history`: the history window) or the launcher (`launcher`: the hide window). */
export async function chatThreadView(
  services: ChatChoiceServices,
  visitor: Visitor,
  view: "history" | "launcher",
  now = new Date(),
): Promise<ChatThreadView> {
  const owner = chatOwner(visitor, { create: false });
  // The provider split (decision 63): the visitor's provider, or the one the conversation started on.
  const { provider } = await chatProviderFor(services, visitor);
  let thread: ChatThread | null = null;
  try {
    thread = owner ? await provider.currentThread(owner, now) : null;
  } catch (error) {
    // A hosted provider that fails (spec 3 §8: logged) leaves the page up, with the form to write again.
    services.logger.warn({ err: error, provider: provider.name }, "chat thread unavailable");
  }
  return threadView(thread, owner, view, now, provider.availability(now));
}

export function threadView(
  thread: ChatThread | null,
  owner: ChatOwner | null,
  view: "history" | "launcher",
  now: Date,
  availability: ChatAvailability,
): ChatThreadView {
  const moment = DateTime.fromJSDate(now);
  const all = (thread?.messages ?? []).map((message) => ({ ...message, sentAt: DateTime.fromJSDate(message.sentAt) }));
  const inHistory = historyMessages(all, moment);
  const { shown, hidden } = view === "launcher" ? launcherMessages(inHistory, moment) : { shown: inHistory, hidden: 0 };
  return {
    availability: chatAvailabilityView({
      agentAvailable: availability.agentAvailable,
      nextAgentAt: DateTime.fromJSDate(availability.nextAgentAt),
    }),
    status: thread?.status ?? null,
    messages: shown.map(chatMessageView),
    hiddenCount: hidden,
    needsContact: owner?.kind !== "customer" && thread === null,
  };
}

export type SendChatResult = "sent" | "too-fast" | "contact-required" | "unavailable";

/** Sends the shopper's message (at most CHAT_SEND_LIMITS per owner and per address). */
export async function sendChatMessage(
  services: ChatChoiceServices & Pick<AppServices, "db" | "logger">,
  visitor: Visitor,
  clientIp: string,
  input: { text: string; contact: ChatContact | null },
  now = new Date(),
): Promise<SendChatResult> {
  const owner = chatOwner(visitor, { create: true })!;
  const ownerBucket =
    owner.kind === "customer" ? `customer:${owner.customerId}` : `guest:${guestKeyHash(owner.guestKey)}`;
  const allowed = await consumeRateLimit(
    services.db,
    [
      { bucket: `chat:${ownerBucket}`, ...CHAT_SEND_LIMITS.owner },
      { bucket: `chat:ip:${clientIp}`, ...CHAT_SEND_LIMITS.ip },
    ],
    now,
  );
  if (!allowed) return "too-fast";
  const { slot, provider } = await chatProviderFor(services, visitor);
  let outcome: Awaited<ReturnType<typeof provider.sendShopperMessage>>;
  try {
    outcome = await provider.sendShopperMessage(owner, input, now);
  } catch (error) {
    // The provider failed (an outage, a refused key): logged, and the shopper is told to try again (a 503).
    services.logger.warn({ err: error, provider: provider.name }, "chat message not sent");
    return "unavailable";
  }
  if (!outcome.ok) return "contact-required";
  // The conversation stays with the provider it started on, whatever the split says later.
  visitor.session.set("chatProvider", slot);
  return "sent";
}

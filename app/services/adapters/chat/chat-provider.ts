import type { ChatAuthor, ConversationStatus } from "~/models/chat";

/**
 * The live chat provider (issue 17; spec 3 §4 'Live chat'). The store hands it the shopper (a signed-in customer, or
 * a guest known by a key from the guest's session) and the shopper's messages; the provider keeps the conversation,
 * says whether an agent is there (support hours), and notifies the other side. The embedded default
 * (database-provider.server.ts) keeps the conversation in the store's database and plays the support desk on
 * /dev/chat (database-support.server.ts). The provider split's new provider (decision 63) implements it too:
 * Sunshine Conversations' client (sunshine-client.server.ts), or its embedded default, the same database store under
 * the provider name "sunshine".
 */

export type ChatOwner =
  | { kind: "customer"; customerId: number; name: string; email: string }
  /** `guestKey`: the random key in the guest's session cookie (only its hash is stored). */
  | { kind: "guest"; guestKey: string };

export interface ChatContact {
  name: string;
  email: string;
}

export interface ChatMessageRecord {
  id: number;
  author: ChatAuthor;
  text: string;
  sentAt: Date;
}

export interface ChatThread {
  conversationId: number;
  status: ConversationStatus;
  contact: ChatContact;
  lastMessageAt: Date;
  /** Oldest first. */
  messages: ChatMessageRecord[];
}

export interface ChatAvailability {
  agentAvailable: boolean;
  /** When an agent is next there: `now` while available. */
  nextAgentAt: Date;
}

export type SendOutcome =
  | { ok: true; thread: ChatThread; startedConversation: boolean }
  /** A guest's first message needs a name and an e-mail address for the reply's notification. */
  | { ok: false; reason: "contact-required" };

export interface ChatProvider {
  readonly name: string;
  availability(now?: Date): ChatAvailability;
  /**
   * The owner's current conversation: the latest one active within the history window (open or closed), or null.
   * Never anyone else's.
   */
  currentThread(owner: ChatOwner, now?: Date): Promise<ChatThread | null>;
  /**
   * Adds the shopper's message to the current open conversation, or starts one (after a closed one, or none) and
   * notifies support. `contact` is used when a guest starts a conversation without an earlier one to take it from.
   */
  sendShopperMessage(
    owner: ChatOwner,
    input: { text: string; contact?: ChatContact | null },
    now?: Date,
  ): Promise<SendOutcome>;
}

import { createHash } from "node:crypto";
import { and, asc, desc, eq, gt, type SQL } from "drizzle-orm";
import { DateTime } from "luxon";
import {
  CHAT_HISTORY_MINUTES,
  chatAvailability,
  type ChatAuthor,
  type ChatStaffedHours,
  type ConversationStatus,
} from "~/models/chat";
import type { Database, Executor } from "~/services/db/client.server";
import { chatConversations, chatMessages } from "~/services/db/schema";
import type { EmailSender } from "../email/email-sender";
import { chatMessageEmail } from "../email/chat-templates";
import type { ChatOwner, ChatProvider, ChatThread } from "./chat-provider";

/**
 * The embedded chat provider (decision 37): it really works on one machine. A conversation and its messages are
 * rows of `chat_conversations` and `chat_messages`; support answers on /dev/chat (database-support.server.ts). Every
 * shopper message is e-mailed to the support address in the same transaction (the outbox), with a link to the
 * conversation on the support page. Agents are there in the store's business hours (business-hours.ts).
 */

export interface DatabaseChatOptions {
  db: Database;
  email: EmailSender;
  /** The site's own URL, for the links in e-mails. */
  siteUrl: string;
  supportEmail: string;
  /** When agents answer (config CHAT_STAFFED_HOURS). */
  staffedHours: ChatStaffedHours;
  /**
   * The provider's name, kept on each conversation (decision 63): "database" (the default) or the name of a hosted
   * provider this store plays on one machine ("sunshine"). Each provider reads only its own conversations.
   */
  providerName?: string;
}

export const SUPPORT_PAGE_PATH = "/dev/chat";

/** The guest key's hash: a copy of the database names no cookie. */
export function guestKeyHash(guestKey: string): string {
  return createHash("sha256").update(`chat-guest:${guestKey}`).digest("hex");
}

export function ownerCondition(owner: ChatOwner): SQL {
  return owner.kind === "customer"
    ? eq(chatConversations.customerId, owner.customerId)
    : eq(chatConversations.guestKeyHash, guestKeyHash(owner.guestKey));
}

type ConversationRow = typeof chatConversations.$inferSelect;

/** The latest conversation of the owner that is not history yet (spec 3 §9: history 20160 minutes). */
async function currentConversation(
  db: Executor,
  owner: ChatOwner,
  provider: string,
  now: Date,
): Promise<ConversationRow | null> {
  const since = DateTime.fromJSDate(now).minus({ minutes: CHAT_HISTORY_MINUTES }).toJSDate();
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(
      and(ownerCondition(owner), eq(chatConversations.provider, provider), gt(chatConversations.lastMessageAt, since)),
    )
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .limit(1);
  return row ?? null;
}

/** A conversation with its messages, oldest first. */
export async function readThread(db: Executor, conversation: ConversationRow): Promise<ChatThread> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversation.id))
    .orderBy(asc(chatMessages.id));
  return {
    conversationId: conversation.id,
    status: conversation.status as ConversationStatus,
    contact: { name: conversation.contactName, email: conversation.contactEmail },
    lastMessageAt: conversation.lastMessageAt,
    messages: rows.map((row) => ({
      id: row.id,
      author: row.author as ChatAuthor,
      text: row.body,
      sentAt: row.createdAt,
    })),
  };
}

/** Adds a message and moves the conversation's clock; the conversation row as it is now. */
export async function addMessage(
  tx: Executor,
  conversationId: number,
  author: ChatAuthor,
  text: string,
  now: Date,
): Promise<ConversationRow> {
  await tx.insert(chatMessages).values({ conversationId, author, body: text, createdAt: now });
  const [row] = await tx
    .update(chatConversations)
    .set({ lastMessageAt: now })
    .where(eq(chatConversations.id, conversationId))
    .returning();
  return row!;
}

export function createDatabaseChatProvider(options: DatabaseChatOptions): ChatProvider {
  const { db, email, siteUrl, supportEmail, staffedHours } = options;
  const provider = options.providerName ?? "database";
  return {
    name: provider,

    availability: (now = new Date()) => {
      const { agentAvailable, nextAgentAt } = chatAvailability(DateTime.fromJSDate(now), staffedHours);
      return { agentAvailable, nextAgentAt: nextAgentAt.toJSDate() };
    },

    async currentThread(owner, now = new Date()) {
      const conversation = await currentConversation(db, owner, provider, now);
      return conversation ? readThread(db, conversation) : null;
    },

    async sendShopperMessage(owner, input, now = new Date()) {
      const outcome = await db.transaction(async (tx) => {
        const current = await currentConversation(tx, owner, provider, now);
        let conversation = current?.status === "open" ? current : null;
        const startedConversation = conversation === null;
        if (!conversation) {
          // A new conversation after a closed one keeps the guest's contact; a customer's is the account's.
          const contact =
            owner.kind === "customer"
              ? { name: owner.name, email: owner.email }
              : current
                ? { name: current.contactName, email: current.contactEmail }
                : (input.contact ?? null);
          if (!contact) return null;
          const [created] = await tx
            .insert(chatConversations)
            .values({
              customerId: owner.kind === "customer" ? owner.customerId : null,
              guestKeyHash: owner.kind === "guest" ? guestKeyHash(owner.guestKey) : null,
              contactName: contact.name,
              contactEmail: contact.email,
              provider,
              lastMessageAt: now,
              createdAt: now,
            })
            .returning();
          conversation = created!;
        }
        const row = await addMessage(tx, conversation.id, "shopper", input.text, now);
        await email.send(
          await chatMessageEmail({
            to: supportEmail,
            conversationId: row.id,
            contactName: row.contactName,
            contactEmail: row.contactEmail,
            message: input.text,
            supportLink: `${siteUrl}${SUPPORT_PAGE_PATH}/${row.id}`,
          }),
          { db: tx },
        );
        return { thread: await readThread(tx, row), startedConversation };
      });
      if (!outcome) return { ok: false, reason: "contact-required" };
      email.deliverSoon();
      return { ok: true, ...outcome };
    },
  };
}

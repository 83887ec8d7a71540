import { and, desc, eq, sql } from "drizzle-orm";
import { CHAT_PATH, type ChatAuthor, type ConversationStatus } from "~/models/chat";
import type { Database } from "~/services/db/client.server";
import { chatConversations, chatMessages } from "~/services/db/schema";
import type { EmailSender } from "../email/email-sender";
import { chatReplyEmail } from "../email/chat-templates";
import type { ChatThread } from "./chat-provider";
import { addMessage, readThread } from "./database-provider.server";

/**
 * The embedded chat provider's support desk (decision 37), played on /dev/chat outside production: the list of
 * conversations, one conversation, an agent's answer (e-mailed to the shopper with a link back to the thread, in the
 * same transaction) and closing. A hosted chat service has its own agent console instead.
 */

export interface ConversationSummary {
  id: number;
  contactName: string;
  contactEmail: string;
  owner: "customer" | "guest";
  /** The provider the conversation belongs to (decision 63): "database" (old) or "sunshine" (new, embedded). */
  provider: string;
  status: ConversationStatus;
  lastMessageAt: Date;
  /** Who wrote last: "shopper" means the shopper waits for an answer. */
  lastAuthor: ChatAuthor | null;
  messageCount: number;
}

/** Newest activity first; open conversations waiting for an answer are what support reads first. */
export async function listConversations(
  db: Database,
  options: { status?: ConversationStatus; limit: number },
): Promise<ConversationSummary[]> {
  const lastAuthor = sql<ChatAuthor | null>`(select ${chatMessages.author} from ${chatMessages}
    where ${chatMessages.conversationId} = ${chatConversations.id} order by ${chatMessages.id} desc limit 1)`;
  const messageCount = sql<number>`(select count(*)::int from ${chatMessages}
    where ${chatMessages.conversationId} = ${chatConversations.id})`;
  const rows = await db
    .select({
      id: chatConversations.id,
      contactName: chatConversations.contactName,
      contactEmail: chatConversations.contactEmail,
      customerId: chatConversations.customerId,
      provider: chatConversations.provider,
      status: chatConversations.status,
      lastMessageAt: chatConversations.lastMessageAt,
      lastAuthor,
      messageCount,
    })
    .from(chatConversations)
    .where(options.status ? eq(chatConversations.status, options.status) : undefined)
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .limit(options.limit);
  return rows.map(({ customerId, ...row }) => ({
    ...row,
    owner: customerId === null ? "guest" : "customer",
    status: row.status as ConversationStatus,
    messageCount: Number(row.messageCount),
  }));
}

export async function findConversation(db: Database, id: number): Promise<ChatThread | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id)).limit(1);
  return row ? readThread(db, row) : null;
}

export type AnswerOutcome = "answered" | "not-found" | "closed";

/** The agent's answer, and its e-mail to the shopper (committed together). */
export async function answerConversation(
  deps: { db: Database; email: EmailSender; siteUrl: string },
  id: number,
  text: string,
  now = new Date(),
): Promise<AnswerOutcome> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [conversation] = await tx
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, id))
      .for("update")
      .limit(1);
    if (!conversation) return "not-found" as const;
    if (conversation.status !== "open") return "closed" as const;
    await addMessage(tx, id, "agent", text, now);
    await deps.email.send(
      await chatReplyEmail({
        to: conversation.contactEmail,
        name: conversation.contactName,
        reply: text,
        threadLink: `${deps.siteUrl}${CHAT_PATH}`,
      }),
      { db: tx },
    );
    return "answered" as const;
  });
  if (outcome === "answered") deps.email.deliverSoon();
  return outcome;
}

/** Closes an open conversation; false when there is no such open conversation. */
export async function closeConversation(db: Database, id: number, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(chatConversations)
    .set({ status: "closed", closedAt: now })
    .where(and(eq(chatConversations.id, id), eq(chatConversations.status, "open")))
    .returning({ id: chatConversations.id });
  return rows.length > 0;
}

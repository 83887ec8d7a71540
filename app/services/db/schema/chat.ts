import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { customers } from "./accounts";

/**
 * Live chat's embedded provider (decision 37): a shopper's conversation with support and its messages. The owner is
 * a signed-in customer, or a guest known by the hash of a random key kept in the guest's session cookie (with the
 * name and e-mail the guest gave for the reply's notification). A real chat provider keeps these on its side.
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the guest's session key; null for a customer's conversation. */
    guestKeyHash: text("guest_key_hash"),
    /** Who to greet and notify: the guest's own, or the customer's at the time of writing. */
    contactName: text("contact_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    status: text("status").notNull().default("open"),
    /**
     * Which chat provider the conversation belongs to (decision 63): "database" (the old, embedded one) or "sunshine"
     * (the new provider's embedded default). A conversation stays with the provider it started on.
     */
    provider: text("provider").notNull().default("database"),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("chat_conversations_owner", sql`(${table.customerId} is null) <> (${table.guestKeyHash} is null)`),
    check("chat_conversations_status", sql`${table.status} in ('open', 'closed')`),
    index("chat_conversations_customer_idx").on(table.customerId, table.lastMessageAt),
    index("chat_conversations_guest_idx").on(table.guestKeyHash, table.lastMessageAt),
    index("chat_conversations_recent_idx").on(table.lastMessageAt),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    author: text("author").notNull(),
    /** Plain text, normalised and length-limited (app/models/chat.ts); escaped wherever it is shown. */
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("chat_messages_author", sql`${table.author} in ('shopper', 'agent')`),
    index("chat_messages_conversation_idx").on(table.conversationId, table.id),
  ],
);

import type { DateTime } from "luxon";
import { z } from "zod";
import { emailSchema } from "./account";
import { formatBusinessMoment, nextBusinessMoment } from "./business-hours";
import {
  CHAT_HISTORY_MINUTES,
  CHAT_MESSAGE_HIDE_MINUTES,
  CHAT_MESSAGE_MAX,
  CHAT_NAME_MAX,
  CHAT_WORDS,
  type ChatAuthor,
  type ChatAvailabilityView,
  type ChatMessageView,
} from "./chat-words";
import { safeReturnPathSchema } from "./return-path";

export * from "./chat-words";

/**
 * Live chat (spec 1 §2.5, §2.7, §2.8; spec 3 §2 'Chat launcher', §4 'Live chat', §9): the shopper's thread with the
 * store's support, its windows and its words. The embedded provider keeps the conversation in the database
 * (decision 37); the launcher on home and content pages opens the same thread in a panel with JavaScript and is a
 * link to the chat page without it.
 */

/** Plain text as it is stored: one kind of line break, no trailing spaces on lines, at most two blank lines in a row. */
export function normalizeChatText(raw: string): string {
  return raw
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const messageSchema = z
  .string({ error: CHAT_WORDS.messageRequired })
  .transform(normalizeChatText)
  .pipe(
    z
      .string()
      .min(1, { error: CHAT_WORDS.messageRequired })
      .max(CHAT_MESSAGE_MAX, { error: CHAT_WORDS.messageTooLong }),
  );

const nameSchema = z
  .string({ error: CHAT_WORDS.nameRequired })
  .trim()
  .min(1, { error: CHAT_WORDS.nameRequired })
  .max(CHAT_NAME_MAX, { error: CHAT_WORDS.nameTooLong });

/**
 * The shopper's message. A guest without a current conversation also gives a name and an e-mail address, for the
 * reply's notification; a signed-in customer's come from the account. `returnTo`: where the launcher's panel was.
 */
export function chatMessageSchema(needsContact: boolean) {
  return z.object({
    message: messageSchema,
    name: needsContact ? nameSchema : z.string().optional(),
    email: needsContact ? emailSchema : z.string().optional(),
    returnTo: safeReturnPathSchema.optional(),
  });
}

/** The support page's answer. */
export const agentReplySchema = z.object({ message: messageSchema });

/**
 * When the embedded chat's agents answer: "always" (the footer's promise, 'Real people with real answers in real time,
 * 24/7'; the default) or "business-hours" (the store's hours, business-hours.ts; outside them the chat still takes
 * messages and says when we answer). CHAT_STAFFED_HOURS chooses (decision 37).
 */
export const CHAT_STAFFED_HOURS = ["always", "business-hours"] as const;
export type ChatStaffedHours = (typeof CHAT_STAFFED_HOURS)[number];

/** Whether an agent is there at `now`, and when one next is (`now` while one is). */
export function chatAvailability(
  now: DateTime,
  staffed: ChatStaffedHours,
): { agentAvailable: boolean; nextAgentAt: DateTime } {
  const next = staffed === "always" ? now : nextBusinessMoment(now);
  return { agentAvailable: next.toMillis() === now.toMillis(), nextAgentAt: next };
}

/** What the shopper reads about who is there. */
export function chatAvailabilityView(availability: {
  agentAvailable: boolean;
  nextAgentAt: DateTime;
}): ChatAvailabilityView {
  return {
    agentAvailable: availability.agentAvailable,
    notice: availability.agentAvailable
      ? CHAT_WORDS.online
      : CHAT_WORDS.offline(formatBusinessMoment(availability.nextAgentAt)),
  };
}

const minutesBefore = (now: DateTime, minutes: number) => now.minus({ minutes }).toMillis();

/** Whether a conversation last active at `lastMessageAt` is still the shopper's current one (not history yet). */
export function isCurrentConversation(lastMessageAt: DateTime, now: DateTime): boolean {
  return lastMessageAt.toMillis() > minutesBefore(now, CHAT_HISTORY_MINUTES);
}

/** The messages the chat page shows: those within the history window. */
export function historyMessages<M extends { sentAt: DateTime }>(messages: readonly M[], now: DateTime): M[] {
  const since = minutesBefore(now, CHAT_HISTORY_MINUTES);
  return messages.filter((message) => message.sentAt.toMillis() > since);
}

/** The messages the launcher shows: those within the hide window; `hidden` counts the older ones. */
export function launcherMessages<M extends { sentAt: DateTime }>(
  messages: readonly M[],
  now: DateTime,
): { shown: M[]; hidden: number } {
  const since = minutesBefore(now, CHAT_MESSAGE_HIDE_MINUTES);
  const shown = messages.filter((message) => message.sentAt.toMillis() > since);
  return { shown, hidden: messages.length - shown.length };
}

export function chatMessageView(message: {
  id: number;
  author: ChatAuthor;
  text: string;
  sentAt: DateTime;
}): ChatMessageView {
  return {
    id: message.id,
    author: message.author,
    authorLabel: message.author === "agent" ? CHAT_WORDS.agentName : CHAT_WORDS.you,
    text: message.text,
    sentAt: message.sentAt.toUTC().toISO()!,
    sentAtLabel: formatBusinessMoment(message.sentAt),
  };
}

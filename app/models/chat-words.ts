/**
 * Live chat's words, paths and constants (spec 3 §9), and the thread's view types: no zod or luxon, so the shell's
 * launcher can use them (decision 26). The rules and schemas are in chat.ts (decision 37).
 */

/** The chat page: the footer's 'Chat with us', the hamburger's Chat and the launcher without JavaScript lead here. */
export const CHAT_PATH = "/chat";
/** The launcher's panel reads the thread here (JSON), and polls it while open. */
export const CHAT_THREAD_RESOURCE = "/resources/chat";

/** Spec 3 §9: on mobile, the proactive chat window appears after this delay on a route change. */
export const MOBILE_PROACTIVE_CHAT_DELAY_MS = 40_000;
/** Spec 3 §9: messages older than this are hidden from the launcher (the chat page still shows them). */
export const CHAT_MESSAGE_HIDE_MINUTES = 1440;
/** Spec 3 §9: a conversation quiet for longer than this is history: the shopper's next message starts a new one. */
export const CHAT_HISTORY_MINUTES = 20160;

/** Where "mobile" ends (the shell's small breakpoint, 576 px). */
export const CHAT_MOBILE_MEDIA_QUERY = "(max-width: 575.98px)";
/** How often the open panel asks for new messages. */
export const CHAT_POLL_INTERVAL_MS = 5_000;

export const CHAT_MESSAGE_MAX = 1000;
/** As long as a full name on an account (account.ts FULL_NAME_MAX). */
export const CHAT_NAME_MAX = 35;

/** Sending: per conversation owner (a person typing) and per address (a script making new guests). */
export const CHAT_SEND_LIMITS = {
  owner: { limit: 10, windowSeconds: 10 * 60 },
  ip: { limit: 30, windowSeconds: 60 * 60 },
} as const;

export type ChatAuthor = "shopper" | "agent";
export type ConversationStatus = "open" | "closed";

export const CHAT_WORDS = {
  title: "Chat with us",
  agentName: "Lenslane support",
  you: "You",
  intro: "Write to our support team here. We answer in this conversation and e-mail you when we do.",
  online: "We're online. Real people answer here, usually within minutes.",
  offline: (answersFrom: string) =>
    `We're away right now. Leave a message and we'll answer from ${answersFrom}; we'll e-mail you when we do.`,
  closed: "This conversation was closed. Write below to start a new one.",
  empty: "No messages yet.",
  earlierOnChatPage: "Earlier messages are on the chat page.",
  sent: "Message sent.",
  tooFast: "You're sending messages too fast. Please wait a few minutes and try again.",
  unavailable: "We couldn't send your message just now. Please try again in a few minutes, or call us.",
  messageRequired: "Write a message.",
  messageTooLong: `Messages can be at most ${CHAT_MESSAGE_MAX} characters.`,
  nameRequired: "Enter your name.",
  nameTooLong: `Your name can be at most ${CHAT_NAME_MAX} characters.`,
  launcher: "Chat",
  openFullPage: "Open the chat page",
  close: "Close chat",
  send: "Send",
  loading: "Loading the conversation…",
} as const;

export interface ChatAvailabilityView {
  agentAvailable: boolean;
  /** What the shopper reads about who is there. */
  notice: string;
}

/** What a message looks like to the page (serialisable). */
export interface ChatMessageView {
  id: number;
  author: ChatAuthor;
  authorLabel: string;
  text: string;
  /** ISO timestamp. */
  sentAt: string;
  /** "Wed, Nov 25, 3:00 PM MT". */
  sentAtLabel: string;
}

/** The thread as the chat page and the launcher's panel read it. */
export interface ChatThreadView {
  availability: ChatAvailabilityView;
  /** Null: no current conversation. */
  status: ConversationStatus | null;
  messages: ChatMessageView[];
  /** Messages in the thread the view leaves out (the launcher's hide window). */
  hiddenCount: number;
  /** A guest's next message must carry a name and an e-mail address. */
  needsContact: boolean;
}

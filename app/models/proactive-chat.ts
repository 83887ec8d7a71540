/**
 * The proactive chat window on phones (spec 3 §4 'Live chat', §9; spec 1 §4.3; decision 63): a small window inviting
 * the shopper to chat appears MOBILE_PROACTIVE_CHAT_DELAY_MS after a page loads or a route changes, on a phone, on a
 * page that offers live chat while the chat feature is on, once per visitor. No zod or luxon here: the shell's
 * launcher reads these words and paths (decision 26); the form's schema is in proactive-chat-form.ts.
 */
import { isMobileUserAgent } from "./device";

export { MOBILE_PROACTIVE_CHAT_DELAY_MS } from "./chat-words";

/** The dismiss, "Chat with us" and "shown" posts go here (a resource route that answers 303, or 204 for "shown"). */
export const PROACTIVE_CHAT_RESOURCE = "/resources/proactive-chat";
/** The small cookie that remembers the window was shown or dismissed: it never comes back. */
export const PROACTIVE_CHAT_COOKIE = "chatInvite";
/** As long as a browser keeps a cookie (Chromium caps Max-Age at 400 days). */
export const PROACTIVE_CHAT_COOKIE_SECONDS = 400 * 24 * 60 * 60;

/** What the shopper did with the window: each means it is not offered again. */
export const PROACTIVE_CHAT_OUTCOMES = ["shown", "dismissed", "chat"] as const;
export type ProactiveChatOutcome = (typeof PROACTIVE_CHAT_OUTCOMES)[number];

export function isProactiveChatOutcome(value: unknown): value is ProactiveChatOutcome {
  return typeof value === "string" && (PROACTIVE_CHAT_OUTCOMES as readonly string[]).includes(value);
}

export const PROACTIVE_CHAT_WORDS = {
  title: "Questions about your lenses?",
  body: "Real people with real answers in real time. We're here to help.",
  chat: "Chat with us",
  dismiss: "No thanks",
  dismissLabel: "Close the chat invitation",
} as const;

/**
 * Whether this page offers the window: a phone (its User-Agent), the chat feature on, and a visitor whose browser has
 * not shown or dismissed it yet. Whether the page itself offers live chat (handle.liveChat) the shell decides.
 */
export function proactiveChatOffered(input: {
  userAgent: string | null | undefined;
  liveChatOn: boolean;
  /** What the cookie remembers (undefined: nothing yet). */
  remembered: string | undefined;
}): boolean {
  return input.liveChatOn && isMobileUserAgent(input.userAgent) && !isProactiveChatOutcome(input.remembered);
}

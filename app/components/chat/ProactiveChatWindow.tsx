import type { MouseEvent } from "react";
import { MOBILE_PROACTIVE_CHAT_DELAY_MS, PROACTIVE_CHAT_RESOURCE, PROACTIVE_CHAT_WORDS } from "~/models/proactive-chat";

/**
 * The proactive chat window on phones (decision 63): a small invitation beside the chat launcher. Its two buttons
 * post a plain form (no JavaScript needed): "Chat with us" goes to the chat page, "No thanks" back to this page, and
 * either way the window never comes back. `delayed`: rendered by the server, CSS keeps it hidden (out of sight and of
 * the accessibility tree) until 40 s have passed; a text browser, without CSS, reads it in place after the page.
 * With JavaScript the launcher shows it after the delay itself and handles the buttons without leaving the page.
 */
export function ProactiveChatWindow({
  returnTo,
  delayed,
  onChat,
  onDismiss,
}: {
  returnTo: string;
  delayed: boolean;
  onChat?: (event: MouseEvent<HTMLButtonElement>) => void;
  onDismiss?: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  return (
    <section
      className={delayed ? "proactive-chat proactive-chat-delayed" : "proactive-chat"}
      style={delayed ? { animationDelay: `${MOBILE_PROACTIVE_CHAT_DELAY_MS}ms` } : undefined}
      aria-labelledby="proactive-chat-title"
      data-testid="proactive-chat"
    >
      <h2 id="proactive-chat-title">{PROACTIVE_CHAT_WORDS.title}</h2>
      <p>{PROACTIVE_CHAT_WORDS.body}</p>
      <form method="post" action={PROACTIVE_CHAT_RESOURCE} className="proactive-chat-actions">
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" name="intent" value="chat" className="chat-launcher-button" onClick={onChat}>
          {PROACTIVE_CHAT_WORDS.chat}
        </button>
        <button
          type="submit"
          name="intent"
          value="dismiss"
          className="proactive-chat-dismiss"
          aria-label={PROACTIVE_CHAT_WORDS.dismissLabel}
          onClick={onDismiss}
        >
          {PROACTIVE_CHAT_WORDS.dismiss}
        </button>
      </form>
    </section>
  );
}

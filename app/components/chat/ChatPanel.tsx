import type { SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useRef } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { CloseIcon } from "~/components/ui/CloseIcon";
import { CHAT_PATH, CHAT_POLL_INTERVAL_MS, CHAT_THREAD_RESOURCE, CHAT_WORDS, type ChatThreadView } from "~/models/chat";
import { ChatMessages } from "./ChatThread";
import { ChatSendForm } from "./ChatSendForm";

/**
 * The launcher's panel (decision 37): the thread's messages of the hide window, read from /resources/chat and polled
 * while the panel is open, and the send form (a fetcher posting to the chat page's action, which sends the browser
 * back to this page).
 */
export function ChatPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const location = useLocation();
  const thread = useFetcher<ChatThreadView>({ key: "chat-thread" });
  const send = useFetcher<{ result: SubmissionResult<string[]> }>({ key: "chat-send" });
  const { load } = thread;
  const refresh = useCallback(() => void load(CHAT_THREAD_RESOURCE), [load]);

  // Read the thread on opening, then every few seconds while the page is visible.
  useEffect(() => {
    refresh();
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") refresh();
    }, CHAT_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  // After a message is sent, read the thread at once.
  const sendState = useRef(send.state);
  useEffect(() => {
    if (sendState.current !== "idle" && send.state === "idle") refresh();
    sendState.current = send.state;
  }, [send.state, refresh]);

  const view = thread.data && "messages" in thread.data ? thread.data : null;
  return (
    <section className="chat-panel" id={id} aria-labelledby={`${id}-title`} data-testid="chat-panel">
      <header className="chat-panel-header">
        <h2 id={`${id}-title`}>{CHAT_WORDS.title}</h2>
        <button type="button" className="icon-button" onClick={onClose}>
          <CloseIcon />
          <span className="visually-hidden">{CHAT_WORDS.close}</span>
        </button>
      </header>
      {view ? (
        <>
          <p className="chat-availability" data-testid="chat-availability">
            {view.availability.notice}
          </p>
          {view.hiddenCount > 0 ? (
            <p className="chat-earlier">
              <Link to={CHAT_PATH}>{CHAT_WORDS.earlierOnChatPage}</Link>
            </p>
          ) : null}
          <ChatMessages messages={view.messages} />
          {view.status === "closed" ? <p className="notice">{CHAT_WORDS.closed}</p> : null}
          <ChatSendForm
            key={`${view.messages.length}-${view.needsContact}`}
            id={`${id}-form`}
            needsContact={view.needsContact}
            lastResult={send.data?.result}
            returnTo={`${location.pathname}${location.search}`}
            as={send.Form}
          />
        </>
      ) : (
        <p>{CHAT_WORDS.loading}</p>
      )}
      <p className="chat-panel-page-link">
        <Link to={CHAT_PATH}>{CHAT_WORDS.openFullPage}</Link>
      </p>
    </section>
  );
}

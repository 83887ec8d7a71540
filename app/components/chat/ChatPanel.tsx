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
 * back to this page). Opened by the shopper it takes focus; after a message is sent, focus goes on to the fresh
 * form's message field (the sent form is replaced by an empty one), never lost to the page.
 */
export function ChatPanel({ id, onClose, focusOnOpen }: { id: string; onClose: () => void; focusOnOpen: boolean }) {
  const panel = useRef<HTMLElement>(null);
  const refocusAfterSend = useRef(false);
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

  // Focus into the panel when the shopper opened it (its heading names it to a screen reader).
  useEffect(() => {
    if (focusOnOpen) panel.current?.focus();
  }, [focusOnOpen]);

  const view = thread.data && "messages" in thread.data ? thread.data : null;
  // A new, empty form once the shopper's own message is in the thread (support's answers leave a draft alone).
  const formKey = view
    ? `${view.messages.filter((message) => message.author === "shopper").length}-${view.needsContact}`
    : "";

  // The sent form was replaced, and its Send button with it: focus goes on to the new form's message field, unless
  // the shopper has already moved it elsewhere.
  useEffect(() => {
    if (!refocusAfterSend.current) return;
    refocusAfterSend.current = false;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    panel.current?.querySelector<HTMLTextAreaElement>("textarea")?.focus();
  }, [formKey]);

  return (
    <section
      ref={panel}
      className="chat-panel"
      id={id}
      aria-labelledby={`${id}-title`}
      data-testid="chat-panel"
      tabIndex={-1}
      onSubmit={() => {
        refocusAfterSend.current = true;
      }}
    >
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
            key={formKey}
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

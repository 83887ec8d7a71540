import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link, useLocation } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { CHAT_MOBILE_MEDIA_QUERY, CHAT_PATH, CHAT_WORDS, MOBILE_PROACTIVE_CHAT_DELAY_MS } from "~/models/chat-words";

/** The panel is its own chunk, with its form, Conform and the schema: pages ship it only when it opens (decision 26). */
const ChatPanel = lazy(() => import("./ChatPanel").then((module) => ({ default: module.ChatPanel })));

/** Once per browser session the proactive window opens by itself (spec 3 §4, mobile only). */
const PROACTIVE_SHOWN_KEY = "chatProactiveShown";

/**
 * The live chat launcher (spec 3 §2, on home and dynamic content pages; decision 37). Without JavaScript it is a
 * link to the chat page. With it, a button opens the same thread in a panel (ChatPanel.tsx), a disclosure: the panel
 * follows its button in the document (CSS shows it above), so Tab goes from the button into it; opening moves focus
 * into it, Escape or its Close puts focus back on the button. On a phone the panel opens by itself after 40 s on a
 * page (spec 3 §9), once per browser session, without taking focus.
 */
export function ChatLauncher() {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <p className="chat-launcher">
        <Link to={CHAT_PATH} className="chat-launcher-button" data-testid="chat-launcher">
          {CHAT_WORDS.launcher}
        </Link>
      </p>
    );
  }
  return <ChatLauncherButton />;
}

function ChatLauncherButton() {
  const [open, setOpen] = useState(false);
  // Whether the shopper opened it (focus goes in) or it opened by itself (focus stays where the shopper is).
  const [openedByShopper, setOpenedByShopper] = useState(false);
  const panelId = useId();
  const location = useLocation();
  const button = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape" || !open) return;
    event.preventDefault();
    close();
  };

  // Mobile proactive chat: after the delay on a route change, once per session.
  useEffect(() => {
    if (open || !window.matchMedia(CHAT_MOBILE_MEDIA_QUERY).matches) return;
    if (window.sessionStorage.getItem(PROACTIVE_SHOWN_KEY)) return;
    const timer = setTimeout(() => {
      window.sessionStorage.setItem(PROACTIVE_SHOWN_KEY, "true");
      setOpenedByShopper(false);
      setOpen(true);
    }, MOBILE_PROACTIVE_CHAT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location.pathname, open]);

  return (
    // Escape anywhere in the launcher (the button or the open panel) closes the panel.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- listens for keys its controls receive
    <div className="chat-launcher" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="chat-launcher-button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          setOpenedByShopper(true);
          setOpen((value) => !value);
        }}
        data-testid="chat-launcher"
      >
        {CHAT_WORDS.launcher}
      </button>
      {open ? (
        <Suspense fallback={<p className="chat-panel">{CHAT_WORDS.loading}</p>}>
          <ChatPanel id={panelId} onClose={close} focusOnOpen={openedByShopper} />
        </Suspense>
      ) : null}
    </div>
  );
}

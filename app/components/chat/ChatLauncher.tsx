import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { CHAT_PATH, CHAT_WORDS } from "~/models/chat-words";
import { MOBILE_PROACTIVE_CHAT_DELAY_MS, PROACTIVE_CHAT_RESOURCE } from "~/models/proactive-chat";
import { ProactiveChatWindow } from "./ProactiveChatWindow";

/** The panel is its own chunk, with its form, Conform and the schema: pages ship it only when it opens (decision 26). */
const ChatPanel = lazy(() => import("./ChatPanel").then((module) => ({ default: module.ChatPanel })));

/**
 * The live chat launcher (spec 3 §2, on home and dynamic content pages; decision 37). Without JavaScript it is a
 * link to the chat page. With it, a button opens the same thread in a panel (ChatPanel.tsx), a disclosure: the panel
 * follows its button in the document (CSS shows it above), so Tab goes from the button into it; opening moves focus
 * into it, Escape or its Close puts focus back on the button. `proactive`: on a phone, the proactive window invites
 * the shopper 40 s after a page loads or a route changes, once per visitor (decision 63; ProactiveChatWindow.tsx).
 */
export function ChatLauncher({ proactive }: { proactive: boolean }) {
  const hydrated = useHydrated();
  const location = useLocation();
  if (!hydrated) {
    return (
      <div className="chat-launcher">
        <Link to={CHAT_PATH} className="chat-launcher-button" data-testid="chat-launcher">
          {CHAT_WORDS.launcher}
        </Link>
        {proactive ? <ProactiveChatWindow delayed returnTo={`${location.pathname}${location.search}`} /> : null}
      </div>
    );
  }
  return <ChatLauncherButton proactive={proactive} />;
}

function ChatLauncherButton({ proactive }: { proactive: boolean }) {
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

  // The proactive window (phones; decision 63): 40 s after the page loads or the route changes, once per visitor.
  // The server offers it (`proactive`); showing it is remembered at once, so the window stays on screen until the
  // shopper answers it (the root loader, revalidated, no longer offers it) and never comes back.
  const [invite, setInvite] = useState<"waiting" | "shown" | "closed">("waiting");
  const remember = useFetcher({ key: "proactive-chat" });
  const { submit } = remember;
  useEffect(() => {
    if (!proactive || invite !== "waiting" || open) return;
    const timer = setTimeout(() => {
      setInvite("shown");
      void submit({ intent: "shown" }, { method: "post", action: PROACTIVE_CHAT_RESOURCE });
    }, MOBILE_PROACTIVE_CHAT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location.pathname, proactive, invite, open, submit]);

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
      {invite === "shown" && !open ? (
        <ProactiveChatWindow
          delayed={false}
          returnTo={`${location.pathname}${location.search}`}
          onChat={(event) => {
            // Already remembered as shown: open the chat here instead of going to the chat page.
            event.preventDefault();
            setInvite("closed");
            setOpenedByShopper(true);
            setOpen(true);
          }}
          onDismiss={(event) => {
            event.preventDefault();
            setInvite("closed");
            button.current?.focus();
          }}
        />
      ) : null}
      {open ? (
        <Suspense fallback={<p className="chat-panel">{CHAT_WORDS.loading}</p>}>
          <ChatPanel id={panelId} onClose={close} focusOnOpen={openedByShopper} />
        </Suspense>
      ) : null}
    </div>
  );
}

import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from "react";
import { useFetcher, useLocation } from "react-router";
import {
  endPress,
  isLongPress,
  movePress,
  QA_LONG_PRESS_MS,
  QA_MOBILE_QUERY,
  QA_START_POSITION,
  qaStartPosition,
  startPress,
  type Point,
  type Press,
} from "~/models/qa-button";
import { useHydrated } from "~/components/ui/use-hydrated";

/** What the root loader sends for the panel (services/platform/feature-switches.server.ts `qaPanelData`). */
export interface QaPanelView {
  version: string;
  appEnv: string;
  session: string;
  customer: { id: number; email: string } | null;
  cartId: string | null;
  priceBook: string;
  switches: Array<{ key: string; label: string; on: boolean }>;
}

const BUTTON_SIZE = { width: 48, height: 48 };

/**
 * The QA helper button (spec 1 §2.12): a client-only tool for testers on a phone (the root renders it only when
 * the session's flag is on, outside production; it draws nothing before hydration or on a wide screen). The press
 * and drag rules are models/qa-button.ts; this component only wires pointer events to them.
 */
export function QaButton({ panel }: { panel: QaPanelView }) {
  const hydrated = useHydrated();
  const isMobile = useMediaQuery(QA_MOBILE_QUERY);
  const location = useLocation();
  const fetcher = useFetcher();
  // The server renders nothing, so the window it starts in is the browser's.
  const [position, setPosition] = useState<Point>(() =>
    typeof window === "undefined" ? QA_START_POSITION : qaStartPosition(BUTTON_SIZE, windowSize()),
  );
  const [panelOpen, setPanelOpen] = useState(false);
  const [closeShown, setCloseShown] = useState(false);
  const press = useRef<Press | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => clearTimer(timer), []);
  if (!hydrated || !isMobile || fetcher.state !== "idle") return null;

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    press.current = startPress({ x: event.clientX, y: event.clientY }, position, performance.now());
    clearTimer(timer);
    timer.current = setTimeout(() => {
      if (press.current && isLongPress(press.current, performance.now())) setCloseShown(true);
    }, QA_LONG_PRESS_MS);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (!press.current) return;
    const moved = movePress(press.current, { x: event.clientX, y: event.clientY }, BUTTON_SIZE, windowSize());
    press.current = moved.press;
    if (moved.press.dragging) {
      clearTimer(timer);
      setPosition(moved.position);
    }
  };
  const onPointerUp = () => {
    if (!press.current) return;
    const outcome = endPress(press.current, performance.now());
    press.current = null;
    clearTimer(timer);
    if (outcome === "open-panel") setPanelOpen(true);
    if (outcome === "show-close") setCloseShown(true);
  };

  return (
    <div className="qa-tool">
      <button
        type="button"
        className={`qa-button${closeShown ? " qa-button-jiggle" : ""}`}
        style={{ left: position.x, top: position.y }}
        aria-label="QA tools (hold to close)"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          press.current = null;
          clearTimer(timer);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" || event.key === " ") setPanelOpen(true);
        }}
      >
        QA
      </button>
      {closeShown ? (
        <fetcher.Form
          method="post"
          action="/resources/qa"
          className="qa-close"
          style={{ left: position.x + 40, top: position.y - 8 }}
        >
          <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
          <button type="submit" aria-label="Close the QA button">
            ×
          </button>
        </fetcher.Form>
      ) : null}
      {panelOpen ? (
        <dialog open className="qa-panel" aria-labelledby="qa-panel-title">
          <h2 id="qa-panel-title">QA</h2>
          <dl>
            <dt>Build version</dt>
            <dd>
              {panel.version} ({panel.appEnv})
            </dd>
            <dt>Session</dt>
            <dd>{panel.session}</dd>
            <dt>Customer</dt>
            <dd>{panel.customer ? `#${panel.customer.id} ${panel.customer.email}` : "Signed out"}</dd>
            <dt>Cart id</dt>
            <dd>{panel.cartId ?? "No cart"}</dd>
            <dt>Price book</dt>
            <dd>{panel.priceBook}</dd>
          </dl>
          <h3>Feature switches</h3>
          <ul>
            {panel.switches.map((item) => (
              <li key={item.key}>
                {item.label}: <strong>{item.on ? "on" : "off"}</strong>
              </li>
            ))}
          </ul>
          <p>
            <a href="/settings">Change switches</a>
          </p>
          <button type="button" className="button" onClick={() => setPanelOpen(false)}>
            Close panel
          </button>
        </dialog>
      ) : null}
    </div>
  );
}

function windowSize() {
  return { width: window.innerWidth, height: window.innerHeight };
}

function clearTimer(timer: { current: ReturnType<typeof setTimeout> | null }) {
  if (timer.current) clearTimeout(timer.current);
  timer.current = null;
}

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

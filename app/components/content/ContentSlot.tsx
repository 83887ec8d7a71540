import { useEffect, useRef, type RefObject } from "react";
import { Link } from "react-router";
import type { SlotView } from "~/models/content-slots";
import {
  CUSTOMER_DATA_PLATFORM_EVENTS_PATH,
  personalizationEvent,
  type PersonalizationEventName,
  type SlotEventSource,
} from "~/models/personalization-events";

interface ContentSlotProps {
  view: SlotView;
  /** Send ContentShown / ContentInteraction for this slot (signed in, and the feature switch on). */
  events: boolean;
  /** The slot's look: a page panel or a banner. */
  variant: "panel" | "banner";
}

/**
 * A content slot as the server chose it (decision 61): plain HTML in reading order — a heading, its text, a link —
 * so it works without JavaScript and in a text browser. With JavaScript, and when the page says so, it reports when
 * it is first seen and first clicked (spec 3 §4), once each per page.
 */
export function ContentSlot({ view, events, variant }: ContentSlotProps) {
  const ref = useRef<HTMLElement>(null);
  usePersonalizationEvents(ref, view, events);
  const headingId = `slot-${view.slot}-heading`;
  return (
    <section
      ref={ref}
      className={`content-slot content-slot-${variant}`}
      aria-labelledby={headingId}
      data-slot={view.slot}
      data-content-id={view.contentId}
      data-testid={`slot-${view.slot}`}
    >
      <h2 id={headingId}>{view.heading}</h2>
      {view.text ? <p>{view.text}</p> : null}
      {view.cta ? (
        <p>
          <Link to={view.cta.href} className={variant === "panel" ? "button button-primary" : undefined}>
            {view.cta.label}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** Sends an event and forgets it: keepalive lets it outlive a click that leaves the page; failures are ignored. */
function send(name: PersonalizationEventName, source: SlotEventSource) {
  const body = JSON.stringify([personalizationEvent(name, source, new Date())]);
  try {
    void fetch(CUSTOMER_DATA_PLATFORM_EVENTS_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      keepalive: true,
      credentials: "same-origin",
    }).catch(() => undefined);
  } catch {
    // A browser that refuses the request (offline, a blocked call) loses one event, never the page.
  }
}

function usePersonalizationEvents(ref: RefObject<HTMLElement | null>, view: SlotView, on: boolean) {
  const { slot, contentId, experience } = view;
  useEffect(() => {
    const element = ref.current;
    if (!on || !element) return;
    const source = { slot, contentId, experience };
    let shown = false;
    let clicked = false;
    const observer =
      typeof IntersectionObserver === "function"
        ? new IntersectionObserver((entries) => {
            if (shown || !entries.some((entry) => entry.isIntersecting)) return;
            shown = true;
            observer?.disconnect();
            send("ContentShown", source);
          })
        : null;
    observer?.observe(element);
    const onClick = () => {
      if (clicked) return;
      clicked = true;
      send("ContentInteraction", source);
    };
    // Capture: the click is counted even when a link inside the slot navigates away.
    element.addEventListener("click", onClick, { capture: true });
    return () => {
      observer?.disconnect();
      element.removeEventListener("click", onClick, { capture: true });
    };
    // The slot's identity decides a fresh pair of events (another page's slot); a re-render sends nothing again.
  }, [ref, on, slot, contentId, experience]);
}

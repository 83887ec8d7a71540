import { useEffect, useState, type CSSProperties } from "react";
import { Link, useFetcher } from "react-router";
import { CloseIcon } from "~/components/ui/CloseIcon";
import { countdownParts, isCountdownFinished, PROMO_RIBBON_TICK_MS } from "~/models/promo-countdown";
import type { PromoRibbonView } from "~/models/promo-ribbon";

export const PROMO_RIBBON_ACTION = "/resources/promo-ribbon";

/**
 * Spec 2.9. Closing is a POST form: without JavaScript the browser posts and follows the redirect back; with it
 * the ribbon hides at once while the same action sets the cookie.
 */
export function PromoRibbon({ ribbon, returnTo }: { ribbon: PromoRibbonView; returnTo: string }) {
  const fetcher = useFetcher();
  if (fetcher.state !== "idle") return null;
  const style = { backgroundColor: ribbon.backgroundColor, color: ribbon.fontColor };
  // One text in the HTML, so a text browser (or a search engine, or a reader view) prints it once: the desktop
  // text, the whole message. Narrow screens show the mobile text from the attribute through CSS (app.css), which
  // needs no script and no guess at the screen size on the server.
  const text = (
    <>
      <span className="ribbon-label">{ribbon.label}</span>{" "}
      <span
        className="ribbon-text"
        data-mobile-text={ribbon.mobileText === ribbon.desktopText ? undefined : ribbon.mobileText}
      >
        <span className="ribbon-text-desktop">{ribbon.desktopText}</span>
      </span>
    </>
  );
  return (
    <aside className="promo-ribbon" style={style} aria-label="Promotion" data-testid="promo-ribbon">
      <p className="ribbon-body">
        {ribbon.linkUrl ? (
          <Link to={ribbon.linkUrl} style={{ color: ribbon.fontColor }}>
            {text}
          </Link>
        ) : (
          text
        )}
      </p>
      {ribbon.countdown ? (
        <Countdown
          endsAt={ribbon.countdown.endsAt}
          renderedAt={ribbon.countdown.renderedAt}
          style={{ backgroundColor: ribbon.countdownBackgroundColor, color: ribbon.countdownFontColor }}
        />
      ) : null}
      {ribbon.permanent ? null : (
        <fetcher.Form method="post" action={PROMO_RIBBON_ACTION} className="ribbon-close">
          <input type="hidden" name="intent" value="dismiss" />
          <input type="hidden" name="redirectTo" value={returnTo} />
          <button type="submit" style={{ color: ribbon.fontColor }}>
            <CloseIcon />
            <span className="visually-hidden">Close promotion</span>
          </button>
        </fetcher.Form>
      )}
    </aside>
  );
}

function pad(value: number) {
  return String(value).padStart(2, "0");
}

/** The server renders the remaining time; in the browser it ticks every second and stops at zeros. */
function Countdown({ endsAt, renderedAt, style }: { endsAt: number; renderedAt: number; style: CSSProperties }) {
  const [now, setNow] = useState(renderedAt);
  const parts = countdownParts(endsAt, now);
  const finished = isCountdownFinished(parts);
  useEffect(() => {
    if (finished) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, PROMO_RIBBON_TICK_MS);
    return () => clearInterval(timer);
  }, [finished]);
  return (
    <p className="ribbon-countdown" style={style} data-testid="promo-countdown" role="timer" aria-live="off">
      Ends in <span data-part="days">{parts.days}d</span> <span data-part="hours">{pad(parts.hours)}h</span>{" "}
      <span data-part="minutes">{pad(parts.minutes)}m</span> <span data-part="seconds">{pad(parts.seconds)}s</span>
    </p>
  );
}

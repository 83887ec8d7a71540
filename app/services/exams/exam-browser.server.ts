import Bowser from "bowser";
import { redirect } from "react-router";
import { journeyOf, updateJourney } from "../funnel/funnel.server";
import type { StoreSession } from "../platform/session.server";

/**
 * Which browsers can take the online exam (spec 1 §2.2: unsupported browsers go to the unsupported-browser page
 * unless the allowUnsupportedBrowser query parameter or session setting is 'true'). Decided on the server from the
 * User-Agent with bowser (maintained, MIT): the acuity self-check shows letters at a size, which needs a graphical
 * browser of the last few years. Text browsers, very old browsers and unknown agents are sent to the explanation,
 * from which anyone can go on.
 */
const SUPPORTED = {
  chrome: ">=100",
  "chrome headless": ">=100",
  chromium: ">=100",
  edge: ">=100",
  firefox: ">=100",
  safari: ">=15",
  opera: ">=86",
  "samsung internet": ">=17",
} as const;

export const ALLOW_UNSUPPORTED_BROWSER = "allowUnsupportedBrowser";
export const UNSUPPORTED_BROWSER_PATH = "/exam/unsupported-browser";

export function isExamBrowserSupported(userAgent: string | null | undefined): boolean {
  const agent = userAgent?.trim();
  if (!agent) return false;
  return Bowser.getParser(agent).satisfies(SUPPORTED) === true;
}

/**
 * The exam guard: lets a supported browser through, or anyone whose query parameter or session setting
 * `allowUnsupportedBrowser` is 'true' (the parameter is remembered in the session); sends others to the
 * unsupported-browser page, which links back here with the parameter.
 */
export function examBrowserGuard(request: Request, session: StoreSession): void {
  const url = new URL(request.url);
  if (url.searchParams.get(ALLOW_UNSUPPORTED_BROWSER) === "true") {
    if (journeyOf(session).allowUnsupportedBrowser !== true) updateJourney(session, { allowUnsupportedBrowser: true });
    return;
  }
  if (journeyOf(session).allowUnsupportedBrowser === true) return;
  if (isExamBrowserSupported(request.headers.get("user-agent"))) return;
  throw redirect(`${UNSUPPORTED_BROWSER_PATH}?returnTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}

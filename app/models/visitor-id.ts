/**
 * The visitor id: a random id a browser keeps in its own cookie, so a visitor gets the same experiment variation on
 * every visit and show-once notifications are remembered without an account (spec 3: experiments are assigned once
 * per visitor). It is not a secret and grants nothing: forging one only changes one's own assignments.
 */
export const VISITOR_ID_COOKIE = "visitor";
/** Browsers keep a cookie at most 400 days (Chromium caps Max-Age); it is re-sent while the visitor comes back. */
export const VISITOR_ID_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

export function isVisitorId(value: unknown): value is string {
  return typeof value === "string" && VISITOR_ID.test(value);
}

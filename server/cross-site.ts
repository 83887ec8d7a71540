import type { RequestHandler } from "express";

/**
 * Refuses state-changing requests sent from another site (CSRF): the browser says so in Sec-Fetch-Site, or the
 * Origin is not ours. Requests with neither header (old browsers, API clients) go on; cookies are SameSite=Lax
 * besides. It runs before React Router so a refusal is a clear 403, not an error in the logs.
 */
export function refuseCrossSitePosts(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    if (!isCrossSite(req.get("sec-fetch-site"), req.get("origin"), req.get("host"))) return next();
    res
      .status(403)
      .type("text/plain; charset=utf-8")
      .set("Cache-Control", "private, no-store")
      .send("This form was sent from another site, so we did not act on it.");
  };
}

export function isCrossSite(secFetchSite: string | undefined, origin: string | undefined, host: string | undefined) {
  // Browsers that send Sec-Fetch-Site say it best; with a strict referrer policy their Origin can be "null".
  if (secFetchSite === "cross-site") return true;
  if (secFetchSite === "same-origin") return false;
  if (origin === undefined) return false;
  if (origin === "null") return true;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

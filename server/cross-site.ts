import type { RequestHandler } from "express";

/**
 * Refuses state-changing requests sent from another site (CSRF; decision 17). It runs before React Router so a
 * refusal is a clear 403, not an error in the logs.
 */
export function refuseCrossSitePosts(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const headers = { secFetchSite: req.get("sec-fetch-site"), origin: req.get("origin"), referer: req.get("referer") };
    if (!isCrossSite(headers, req.get("host"))) return next();
    res
      .status(403)
      .type("text/plain; charset=utf-8")
      .set("Cache-Control", "private, no-store")
      .send("This form was sent from another site, so we did not act on it.");
  };
}

export interface SourceHeaders {
  secFetchSite?: string | undefined;
  origin?: string | undefined;
  referer?: string | undefined;
}

/**
 * The rule, in order: the browser's Sec-Fetch-Site when it says cross-site or same-origin; else the Origin; else
 * the Referer. A request with none of them (text browsers, privacy settings, API clients) goes on: the SameSite=Lax
 * session cookie already keeps a modern browser's cross-site post signed out.
 */
export function isCrossSite({ secFetchSite, origin, referer }: SourceHeaders, host: string | undefined): boolean {
  if (secFetchSite === "cross-site") return true;
  // A page with a no-referrer policy posts with Origin "null", so this comes before the Origin.
  if (secFetchSite === "same-origin") return false;
  if (origin !== undefined) return origin === "null" || !sameHost(origin, host);
  if (referer !== undefined && referer !== "") return !sameHost(referer, host);
  return false;
}

function sameHost(url: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(url).host === host;
  } catch {
    return false;
  }
}

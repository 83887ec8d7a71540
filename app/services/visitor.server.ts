import { redirect, type MiddlewareFunction } from "react-router";
import { isPriceBook } from "~/models/catalog";
import { isMalformedQuery, PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { servicesContext, visitorContext } from "./context.server";
import { hasPersonalCookies } from "./session.server";

/**
 * Root middleware: reads the cookie session and small cookies into the visitor context, drops a cookie it cannot
 * read (never a 500), clears malformed query strings, and makes sure only anonymous pages that opted in to a
 * public Cache-Control keep it.
 */
export const visitorMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  if (request.method === "GET" && isMalformedQuery(url.search)) {
    throw redirect(url.pathname, { status: 302, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
  }

  const { sessions } = context.get(servicesContext);
  const cookieHeader = request.headers.get("Cookie");
  const { session, malformed } = await sessions.getSession(cookieHeader);
  const personal = hasPersonalCookies(cookieHeader, sessions.cookieName);
  const priceBook = session.get("priceBook");
  context.set(visitorContext, {
    session,
    priceBook: isPriceBook(priceBook) ? priceBook : "none",
    signedIn: false,
    hasSubscriptions: false,
    promoRibbonDismissed: sessions.isPromoRibbonDismissed(cookieHeader),
    hasPersonalCookies: personal,
  });

  const response = await next();
  if (malformed) response.headers.append("Set-Cookie", await sessions.clearCookie());

  const isRead = request.method === "GET" || request.method === "HEAD";
  const optedIn = /\bpublic\b/.test(response.headers.get("Cache-Control") ?? "");
  const shareable = isRead && optedIn && response.status === 200 && !personal && !response.headers.has("Set-Cookie");
  if (!shareable) response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  return response;
};

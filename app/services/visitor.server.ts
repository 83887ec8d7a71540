import { DateTime } from "luxon";
import { redirect, type MiddlewareFunction } from "react-router";
import { isPriceBook } from "~/models/catalog";
import { entryGuardPath } from "~/models/entry-guard";
import { isMalformedQuery, PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { SIGN_IN_PARAM } from "~/models/sign-in";
import { customerForAutoLoginToken, customerForSession } from "./auth/accounts.server";
import { endSignedInSession, startSignedInSession } from "./auth/sign-in.server";
import { applyCouponLink, COUPON_LINK_PARAM } from "./coupon-link.server";
import { servicesContext, visitorContext, type VisitorCustomer } from "./context.server";
import { hasPersonalCookies } from "./session.server";
import { hasSubscriptions } from "./subscriptions.server";

const COOKIE_RENEWAL_MS = 24 * 60 * 60 * 1000;

export const EXPIRED_LINK_MESSAGE = "This sign-in link has expired or is no longer valid. Please sign in.";

/**
 * Root middleware (cross-site posts are refused before it, in server/cross-site.ts): reads the cookie session and small cookies into the visitor
 * context (a revoked or expired sign-in signs the shopper out cleanly; a cookie it cannot read is dropped, never a
 * 500); signs in from an auto-login `token=` link; clears malformed query strings; and makes sure only anonymous
 * pages that opted in to a public Cache-Control keep it.
 */
export const visitorMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  if (request.method === "GET" && isMalformedQuery(url.search)) {
    throw redirect(url.pathname, { status: 302, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
  }

  const services = context.get(servicesContext);
  const { sessions, db } = services;
  const cookieHeader = request.headers.get("Cookie");
  const { session, malformed } = await sessions.getSession(cookieHeader);
  let changed = false;

  // Spec 4.4: a token in the URL first forces a sign-out, then signs in, and leaves the URL before the page renders.
  const autoLoginToken = request.method === "GET" ? url.searchParams.get("token") : null;
  if (autoLoginToken !== null) {
    url.searchParams.delete("token");
    if (session.get("authSessionId")) await endSignedInSession(services, session);
    const customer = await customerForAutoLoginToken(db, sessions.secrets, autoLoginToken);
    let target: string;
    if (customer) {
      await startSignedInSession(services, session, customer, "auto-login", false);
      const path =
        url.pathname === "/"
          ? entryGuardPath({
              hasPreviousPage: isSameOriginReferrer(request, url),
              signedInViaToken: true,
              lastOrderAt: null, // orders arrive with the checkout; until then no order is recent
              now: DateTime.now(),
            })
          : url.pathname;
      target = `${path}${url.search}`;
    } else {
      session.flash("signInNotice", EXPIRED_LINK_MESSAGE);
      url.searchParams.set("signin", "sign-in");
      target = `${url.pathname}${url.search}`;
    }
    throw redirect(target, {
      status: 303,
      headers: { "Set-Cookie": await sessions.commitSession(session), "Cache-Control": PRIVATE_CACHE_CONTROL },
    });
  }

  let customer: VisitorCustomer | null = null;
  let signedInVia: string | null = null;
  // API clients send the session token as a bearer token instead of the cookie.
  const bearer = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(request.headers.get("Authorization") ?? "")?.[1];
  const authSessionId = bearer ?? session.get("authSessionId");
  if (authSessionId) {
    const found = await customerForSession(db, authSessionId);
    if (found) {
      const { id, email, firstName, lastName, passwordHash } = found.customer;
      customer = { id, email, firstName, lastName, hasPassword: passwordHash !== null };
      signedInVia = found.method;
      // Browsers keep a cookie at most 400 days (Chromium caps Max-Age), so a signed-in cookie is re-sent once a
      // day while it is used: "remember me" then lasts as long as its session row (10 years).
      const renewedAt = session.get("cookieRenewedAt") ?? 0;
      if (!bearer && Date.now() - renewedAt > COOKIE_RENEWAL_MS) {
        session.set("cookieRenewedAt", Date.now());
        changed = true;
      }
    } else if (!bearer) {
      await endSignedInSession(services, session);
      changed = true;
    }
  }

  // The sign-in dialog's one-read messages; reading them spends them, so the cookie is written back.
  const signInFlash = {
    notice: session.get("signInNotice") ?? null,
    result: session.get("signInResult") ?? null,
    email: session.get("signInEmail") ?? null,
  };
  if (signInFlash.notice !== null || signInFlash.result !== null || signInFlash.email !== null) changed = true;
  const toast = session.get("toast") ?? null;
  if (toast !== null) changed = true;

  const personal = hasPersonalCookies(cookieHeader, sessions.cookieName);
  const priceBook = session.get("priceBook");
  context.set(visitorContext, {
    session,
    customer,
    signedInVia,
    priceBook: isPriceBook(priceBook) ? priceBook : "none",
    signedIn: customer !== null,
    // The header and footer show 'My subscriptions' only to customers who have one (spec 1 §2.6).
    hasSubscriptions: customer ? await hasSubscriptions(db, customer.id) : false,
    promoRibbonDismissed: sessions.isPromoRibbonDismissed(cookieHeader),
    hasPersonalCookies: personal,
    signInFlash,
    toast,
  });

  // What the session holds once this middleware has read it: a route that changes it (a cart id, a toast) needs
  // no Set-Cookie of its own — the change is noticed and committed below.
  const sessionBefore = JSON.stringify(session.data);

  if (request.method === "GET" && url.searchParams.has(COUPON_LINK_PARAM)) {
    const target = await applyCouponLink(services, context.get(visitorContext), url, request.headers.get("User-Agent"));
    throw redirect(target, {
      status: 303,
      headers: { "Set-Cookie": await sessions.commitSession(session), "Cache-Control": PRIVATE_CACHE_CONTROL },
    });
  }

  const response = await next();
  // A page that sends the shopper on to the sign-in dialog elsewhere (a protected page) passes its messages on.
  const location = response.headers.get("Location") ?? "";
  if (response.status >= 300 && response.status < 400 && location.includes(`${SIGN_IN_PARAM}=`)) {
    if (signInFlash.notice !== null) session.flash("signInNotice", signInFlash.notice);
    if (signInFlash.result !== null) session.flash("signInResult", signInFlash.result);
    if (signInFlash.email !== null) session.flash("signInEmail", signInFlash.email);
  }
  if (malformed) response.headers.append("Set-Cookie", await sessions.clearCookie());
  else if (changed || JSON.stringify(session.data) !== sessionBefore) {
    const committed = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${sessions.cookieName}=`));
    if (!committed || changed) response.headers.append("Set-Cookie", await sessions.commitSession(session));
  }

  const isRead = request.method === "GET" || request.method === "HEAD";
  const optedIn = /\bpublic\b/.test(response.headers.get("Cache-Control") ?? "");
  const shareable = isRead && optedIn && response.status === 200 && !personal && !response.headers.has("Set-Cookie");
  if (!shareable) response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  return response;
};

function isSameOriginReferrer(request: Request, url: URL): boolean {
  const referrer = request.headers.get("Referer");
  if (!referrer) return false;
  try {
    return new URL(referrer).host === url.host;
  } catch {
    return false;
  }
}

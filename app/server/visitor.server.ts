import { isbot } from "isbot";
import { DateTime } from "luxon";
import { PAYPAL_RETURN_PATH } from "~/models/payment-options";
import { data, redirect, type MiddlewareFunction } from "react-router";
import { entryGuardPath } from "~/models/entry-guard";
import { isMalformedQuery, PRIVATE_CACHE_CONTROL } from "~/models/http-cache";
import { isOffSitePath, isReadablePath, sameSitePath } from "~/models/request-input";
import { SIGN_IN_PARAM } from "~/models/sign-in";
import {
  customerForAutoLoginToken,
  customerForSession,
  visitorForSession,
} from "~/services/accounts/auth/accounts.server";
import { endSignedInSession, startSignedInSession } from "~/services/sign-in/sign-in.server";
import { applyCouponLink, COUPON_LINK_PARAM } from "~/services/cart/coupon-link.server";
import {
  servicesContext,
  visitorContext,
  type AppServices,
  type VisitorCustomer,
} from "~/services/platform/context.server";
import {
  hasPersonalCookies,
  newVisitorId,
  takePendingToast,
  type StoreSession,
} from "~/services/platform/session.server";
import { lastOrderAt, lastOrderAtQuery } from "~/services/orders/order-history.server";
import { subscriptionsToSend } from "~/services/subscriptions/subscriptions.server";
import { heldOrderExists } from "~/services/orders/recapture.server";
import { RequestMemo, requestMemoContext } from "~/services/platform/request-memo.server";
import { customerFactSubqueries } from "~/services/growth/visitor-profile.server";
import { profileVisitor } from "./visitor-profile.server";

const COOKIE_RENEWAL_MS = 24 * 60 * 60 * 1000;

/** Where an auto-login link goes through the entry guard (spec 2.2). */
const ENTRY_PATHS = new Set(["/", "/dashboard", "/account"]);

export const EXPIRED_LINK_MESSAGE = "This sign-in link has expired or is no longer valid. Please sign in.";

/**
 * Root middleware (cross-site posts are refused before it, in server/cross-site.ts): reads the cookie session and small cookies into the visitor
 * context (a revoked or expired sign-in signs the shopper out cleanly; a cookie it cannot read is dropped, never a
 * 500); signs in from an auto-login `token=` link; clears malformed query strings; and makes sure only anonymous
 * pages that opted in to a public Cache-Control keep it.
 */
export const visitorMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  // `//host/...` would make every redirect below leave the site: answer with the same path on this site.
  if (isOffSitePath(url.pathname)) {
    throw redirect(sameSitePath(`${url.pathname}${url.search}`), {
      status: 301,
      headers: { "Cache-Control": PRIVATE_CACHE_CONTROL },
    });
  }
  // A path that decodes to a NUL or a bad escape names no page (and must not reach the database).
  if (!isReadablePath(url.pathname)) throw data({ error: "Page not found" }, { status: 404 });
  if (request.method === "GET" && isMalformedQuery(url.search)) {
    // JSON clients get a 400 they can read; people get the page without the query (spec 2.3).
    if (/^\/(api|resources)\//.test(url.pathname)) {
      throw Response.json(
        { error: "The query string could not be read." },
        { status: 400, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
      );
    }
    throw redirect(sameSitePath(url.pathname), { status: 302, headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } });
  }

  const services = context.get(servicesContext);
  const { sessions, db } = services;
  const cookieHeader = request.headers.get("Cookie");
  const { session, malformed } = await sessions.getSession(cookieHeader);
  let changed = false;

  // Spec 4.4: a token in the URL first forces a sign-out, then signs in, and leaves the URL before the page renders.
  // PayPal's return carries its order id as `token` too (decision 53): that path is not an auto-login link.
  const autoLoginToken =
    request.method === "GET" && url.pathname !== PAYPAL_RETURN_PATH ? url.searchParams.get("token") : null;
  if (autoLoginToken !== null) {
    url.searchParams.delete("token");
    const previous = session.get("authSessionId");
    // Whom this browser was signed in as: a link opened where its own account was signed in keeps its password.
    const previousCustomerId = previous ? ((await customerForSession(db, previous))?.customer.id ?? null) : null;
    if (previous) await endSignedInSession(services, session);
    const customer = await customerForAutoLoginToken(db, sessions.secrets, autoLoginToken);
    let target: string;
    if (customer) {
      await startSignedInSession(services, session, customer, "auto-login", false, { previousCustomerId });
      // The store's entry (the home page, and the account home the e-mailed sign-in link opens) goes through the
      // entry guard; a link to any other page opens that page.
      const path = ENTRY_PATHS.has(url.pathname)
        ? entryGuardPath({
            hasPreviousPage: isSameOriginReferrer(request, url),
            signedInViaToken: true,
            lastOrderAt: await lastOrderDateTime(services, customer.id),
            now: DateTime.now(),
          })
        : url.pathname;
      target = `${path}${url.search}`;
    } else {
      session.flash("signInNotice", EXPIRED_LINK_MESSAGE);
      url.searchParams.set("signin", "sign-in");
      target = `${url.pathname}${url.search}`;
    }
    throw redirect(sameSitePath(target), { status: 303, headers: await redirectHeaders(services, session) });
  }

  let customer: VisitorCustomer | null = null;
  let signedInVia: string | null = null;
  // API clients send the session token as a bearer token instead of the cookie. Either way the lookup refuses a
  // session that never proved the e-mail once the e-mail's owner has (decision 19).
  const bearer = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(request.headers.get("Authorization") ?? "")?.[1];
  const authSessionId = bearer ?? session.get("authSessionId");
  let subscriber = false;
  let heldOrder = false;
  let lastOrder: Date | null = null;
  let customerFacts = { hasShippedOrder: false, hasInsuranceOrder: false };
  if (authSessionId) {
    // One query: the session's customer, whether they have subscriptions (the header and footer show them) and
    // whether a held order may need the recapture banner.
    const found = await visitorForSession(
      db,
      authSessionId,
      (customerId) => subscriptionsToSend(db, customerId),
      (customerId) => heldOrderExists(db, customerId),
      (customerId) => lastOrderAtQuery(db, customerId),
      customerFactSubqueries(db),
    );
    if (found) {
      const { id, email, firstName, lastName, passwordHash } = found.customer;
      customer = { id, email, firstName, lastName, hasPassword: passwordHash !== null };
      signedInVia = found.method;
      subscriber = found.hasSubscriptions;
      heldOrder = found.hasHeldOrder;
      lastOrder = found.lastOrderAt;
      customerFacts = found.facts;
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
  };
  if (signInFlash.notice !== null || signInFlash.result !== null) changed = true;
  // The toast waits in its own cookie; reading it spends it (the cookie is cleared below unless a new one is left).
  const toast = await sessions.readToast(cookieHeader);

  const personal = hasPersonalCookies(cookieHeader, sessions.cookieName);
  const knownVisitorId = sessions.visitorId(cookieHeader);
  const visitorId = knownVisitorId ?? newVisitorId();
  let keepVisitorId = false;
  let personalPage = false;
  const isBot = isbot(request.headers.get("User-Agent") ?? "");

  const profile = await profileVisitor(services, {
    request,
    url,
    session,
    cookieHeader,
    visitorId,
    isBot,
    viaBearer: bearer !== undefined,
    customer,
    lastOrderAt: lastOrder,
    customerFacts,
  });
  if (profile.sessionChanged) changed = true;
  // An assignment hangs on the visitor id: the browser keeps it, so it sees the same variation next time.
  if (profile.campaigns.assigned && !isBot) keepVisitorId = true;

  context.set(visitorContext, {
    session,
    customer,
    signedInVia,
    priceBook: profile.priceBook,
    signedIn: customer !== null,
    // The header and footer show 'My subscriptions' only to customers who have one (spec 1 §2.6).
    hasSubscriptions: subscriber,
    hasHeldOrder: heldOrder,
    lastOrderAt: lastOrder,
    promoRibbonDismissed: sessions.isPromoRibbonDismissed(cookieHeader),
    hasPersonalCookies: personal,
    visitorId,
    keepVisitorId: () => {
      keepVisitorId = !isBot;
    },
    markPersonal: () => {
      personalPage = true;
    },
    traffic: profile.traffic,
    customerGroups: profile.customerGroups,
    visitorGroups: profile.visitorGroups,
    referralBrandingCode: profile.referralBrandingCode,
    history: profile.history,
    campaignVariations: profile.campaigns.variations,
    campaignActions: profile.campaigns.actions,
    campaignKey: profile.campaigns.key,
    signInFlash,
    toast,
  });

  // The loaders of a GET share their reads (the cart, for the header and the page); an action's changes would make
  // them stale, so other methods get none.
  context.set(requestMemoContext, request.method === "GET" || request.method === "HEAD" ? new RequestMemo() : null);

  // What the session holds once this middleware has read it: a route that changes it (a cart id, a toast) needs
  // no Set-Cookie of its own — the change is noticed and committed below.
  const sessionBefore = JSON.stringify(session.data);

  // The small cookies this answer carries: the visit's attribution, the browser's memory, a visitor id it keeps.
  const visitorCookies = () => [
    ...profile.cookies,
    ...(keepVisitorId && knownVisitorId === null ? [sessions.visitorIdCookie(visitorId)] : []),
  ];
  // A campaign's redirect (the home split test: spec 1 §2.2), for a page read, with the cookies that keep it so.
  if (profile.campaigns.redirectTo) {
    const headers = new Headers({ "Cache-Control": PRIVATE_CACHE_CONTROL });
    if (changed || JSON.stringify(session.data) !== sessionBefore) {
      headers.append("Set-Cookie", await sessions.commitSession(session));
    }
    for (const cookie of visitorCookies()) headers.append("Set-Cookie", cookie);
    throw redirect(sameSitePath(profile.campaigns.redirectTo), { status: 302, headers });
  }

  if (request.method === "GET" && url.searchParams.has(COUPON_LINK_PARAM)) {
    const target = await applyCouponLink(services, context.get(visitorContext), url, request.headers.get("User-Agent"));
    throw redirect(sameSitePath(target), { status: 303, headers: await redirectHeaders(services, session) });
  }

  const response = await next();
  // A page that sends the shopper on to the sign-in dialog elsewhere (a protected page) passes its messages on.
  const location = response.headers.get("Location") ?? "";
  if (response.status >= 300 && response.status < 400 && location.includes(`${SIGN_IN_PARAM}=`)) {
    if (signInFlash.notice !== null) session.flash("signInNotice", signInFlash.notice);
    if (signInFlash.result !== null) session.flash("signInResult", signInFlash.result);
  }
  const pendingToast = takePendingToast(session);
  if (pendingToast) response.headers.append("Set-Cookie", await sessions.toastCookie(pendingToast));
  else if (toast) response.headers.append("Set-Cookie", await sessions.toastCookie(null));
  for (const cookie of visitorCookies()) response.headers.append("Set-Cookie", cookie);
  if (malformed) response.headers.append("Set-Cookie", await sessions.clearCookie());
  else if (changed || JSON.stringify(session.data) !== sessionBefore) {
    const committed = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${sessions.cookieName}=`));
    if (!committed || changed) response.headers.append("Set-Cookie", await sessions.commitSession(session));
  }

  const isRead = request.method === "GET" || request.method === "HEAD";
  const optedIn = /\bpublic\b/.test(response.headers.get("Cache-Control") ?? "");
  const shareable =
    isRead && optedIn && response.status === 200 && !personal && !personalPage && !response.headers.has("Set-Cookie");
  if (!shareable) response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  // A shared page that follows the visitor's campaign variations (a price book, a delivery date) may be kept only by
  // a cache that tells visitors apart: a shared cache by their cookies; ours keys on the variations themselves
  // (server/page-cache.ts), so returning browsers of one variation still share it there.
  else if (profile.campaigns.key !== "") response.headers.append("Vary", "Cookie");
  return response;
};

async function lastOrderDateTime(services: AppServices, customerId: number): Promise<DateTime | null> {
  const at = await lastOrderAt(services.db, customerId);
  return at ? DateTime.fromJSDate(at) : null;
}

/** A redirect the middleware answers itself: the session committed, and a toast it left in its own cookie. */
async function redirectHeaders(services: AppServices, session: StoreSession): Promise<Headers> {
  const headers = new Headers({ "Cache-Control": PRIVATE_CACHE_CONTROL });
  headers.append("Set-Cookie", await services.sessions.commitSession(session));
  const toast = takePendingToast(session);
  if (toast) headers.append("Set-Cookie", await services.sessions.toastCookie(toast));
  return headers;
}

export function isSameOriginReferrer(request: Request, url: URL): boolean {
  const referrer = request.headers.get("Referer");
  if (!referrer) return false;
  try {
    return new URL(referrer).host === url.host;
  } catch {
    return false;
  }
}

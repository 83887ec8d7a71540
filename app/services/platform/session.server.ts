import { randomFillSync } from "node:crypto";
import { parse as parseCookieHeader } from "cookie";
import { createCookie, createCookieSessionStorage, type Session } from "react-router";
import { AD_CHOICES_COOKIE, AD_CHOICES_MAX_AGE_SECONDS, adChoiceSchema, type AdChoice } from "~/models/ad-choices";
import { PROACTIVE_CHAT_COOKIE } from "~/models/proactive-chat";
import { PROMO_RIBBON_DISMISS_COOKIE, PROMO_RIBBON_HIDDEN_SECONDS } from "~/models/promo-ribbon";
import { isVisitorId, VISITOR_ID_COOKIE, VISITOR_ID_MAX_AGE_SECONDS } from "~/models/visitor-id";
import { SIGNED_IN_COOKIE_LIFETIME_SECONDS, signedInCookieSeconds } from "~/models/auth-limits";
import type { AppConfig } from "./config.server";

const ANONYMOUS_SESSION_SECONDS = 90 * 24 * 60 * 60;

/** What the signed session cookie holds. Later issues add the auth session id, cart id and journey context. */
export interface SessionFlashData {
  /** A message for the sign-in dialog (an expired link, a sent code). */
  signInNotice: string;
  /** The last sign-in dialog submission's messages (`dialogMessages`: no value the visitor typed). */
  signInResult: unknown;
}

export interface Toast {
  id: string;
  kind: "success" | "info" | "error";
  message: string;
}

export interface SessionData {
  /** The signed-in session's token; its hash is a row in auth_sessions. */
  authSessionId?: string;
  rememberMe?: boolean;
  /** When the signed-in cookie was last re-sent (epoch ms): it slides forward once a day while used. */
  cookieRenewedAt?: number;
  cartId?: string;
  /** The shopper's price book group (spec: high or low; none otherwise). */
  priceBook?: string;
  journey?: Record<string, unknown>;
  /** A guest's live chat key (decision 37): its hash owns the guest's conversation. */
  chatKey?: string;
  /** The chat provider the shopper's conversation started on, "old" or "new" (decision 63): it stays there. */
  chatProvider?: string;
  /** The visit's own customer groups (spec 3: visitor groups are stored with the cart): affiliate, rebate tests. */
  visitorGroups?: string[];
  /** The referral branding code of the link the visit came by (spec 1 §2.3: rb). */
  referralBranding?: string;
}

/** The store's cookie session (with its one-read flash values). */
export type StoreSession = Session<SessionData, SessionFlashData>;

export interface AppSession {
  cookieName: string;
  /** The signing secrets, newest first (auto-login tokens are signed with them too). */
  secrets: readonly string[];
  getSession(cookieHeader: string | null): Promise<{ session: StoreSession; malformed: boolean }>;
  commitSession(session: StoreSession): Promise<string>;
  destroySession(session: StoreSession): Promise<string>;
  /** Clears a cookie we could not read, so the browser stops sending it. */
  clearCookie(): Promise<string>;
  promoRibbonDismissCookie(): string;
  isPromoRibbonDismissed(cookieHeader: string | null): boolean;
  adChoicesCookie(choice: AdChoice): string;
  /** The visitor's recorded ad choice; null when none (or an unreadable value) was recorded. */
  adChoice(cookieHeader: string | null): AdChoice | null;
  /** The toast waiting in its own cookie (`flashToast`), or null. */
  readToast(cookieHeader: string | null): Promise<Toast | null>;
  /** Sets the toast cookie for the next page, or (null) clears the one that was read. */
  toastCookie(toast: Toast | null): Promise<string>;
  /** The visitor id the browser keeps (null: none, or not one of ours). */
  visitorId(cookieHeader: string | null): string | null;
  visitorIdCookie(visitorId: string): string;
  /** A small HttpOnly cookie of ours (Secure in production). */
  smallCookie(name: string, value: string, maxAgeSeconds: number): string;
}

/** Random bytes drawn 4 KiB at a time: a new visitor's request would otherwise ask the system for 16 bytes each. */
const idPool = Buffer.alloc(4096);
let idPoolOffset = idPool.length;

/** A new visitor id: 128 random bits, base64url (22 characters). */
export function newVisitorId(): string {
  if (idPoolOffset + 16 > idPool.length) {
    randomFillSync(idPool);
    idPoolOffset = 0;
  }
  const id = idPool.toString("base64url", idPoolOffset, idPoolOffset + 16);
  idPoolOffset += 16;
  return id;
}

/**
 * One signed, HttpOnly, SameSite=Lax cookie session; Secure and `__Host-` prefixed in production. Secrets rotate
 * through the comma-separated SESSION_SECRET: the first signs, all verify.
 */
export function createAppSession(config: AppConfig): AppSession {
  const secure = config.isProduction;
  const cookieName = secure ? "__Host-session" : "session";
  const cookie = createCookie(cookieName, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets: config.sessionSecrets,
    // Long enough for a signed-in "remember me"; the auth row decides whether a sign-in is still valid.
    maxAge: SIGNED_IN_COOKIE_LIFETIME_SECONDS.remembered,
  });
  const storage = createCookieSessionStorage<SessionData, SessionFlashData>({ cookie });
  // The toast has its own small cookie (design guide §5): it lives for one page view, the session for years.
  const toastCookie = createCookie(secure ? TOAST_COOKIE_PRODUCTION : TOAST_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets: config.sessionSecrets,
    maxAge: TOAST_SECONDS,
  });

  const smallCookie = (name: string, value: string, maxAge: number) =>
    [`${name}=${value}`, `Max-Age=${maxAge}`, "Path=/", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])].join(
      "; ",
    );

  return {
    cookieName,
    secrets: config.sessionSecrets,
    async getSession(cookieHeader) {
      const present = cookieHeader ? cookieName in safeParse(cookieHeader) : false;
      try {
        const parsed = present ? await cookie.parse(cookieHeader) : null;
        const malformed = present && (parsed === null || typeof parsed !== "object");
        return { session: await storage.getSession(malformed ? null : cookieHeader), malformed };
      } catch {
        return { session: await storage.getSession(null), malformed: true };
      }
    },
    // Signed in: 10 years with "remember me", otherwise 2 (spec 4.1). Anonymous (a cart): 90 days.
    commitSession: (session) =>
      storage.commitSession(session, {
        maxAge: session.get("authSessionId")
          ? signedInCookieSeconds(session.get("rememberMe") === true)
          : ANONYMOUS_SESSION_SECONDS,
      }),
    destroySession: (session) => storage.destroySession(session),
    clearCookie: () => cookie.serialize("", { maxAge: 0, expires: new Date(0) }),
    promoRibbonDismissCookie: () => smallCookie(PROMO_RIBBON_DISMISS_COOKIE, "true", PROMO_RIBBON_HIDDEN_SECONDS),
    adChoicesCookie: (choice) => smallCookie(AD_CHOICES_COOKIE, choice, AD_CHOICES_MAX_AGE_SECONDS),
    adChoice(cookieHeader) {
      const parsed = adChoiceSchema.safeParse(cookieHeader ? safeParse(cookieHeader)[AD_CHOICES_COOKIE] : undefined);
      return parsed.success ? parsed.data : null;
    },
    isPromoRibbonDismissed(cookieHeader) {
      return cookieHeader ? safeParse(cookieHeader)[PROMO_RIBBON_DISMISS_COOKIE] === "true" : false;
    },
    async readToast(cookieHeader) {
      if (!cookieHeader || !(toastCookie.name in safeParse(cookieHeader))) return null;
      try {
        const value: unknown = await toastCookie.parse(cookieHeader);
        return isToast(value) ? value : null;
      } catch {
        return null;
      }
    },
    visitorId(cookieHeader) {
      const value = cookieHeader ? safeParse(cookieHeader)[VISITOR_ID_COOKIE] : undefined;
      return isVisitorId(value) ? value : null;
    },
    visitorIdCookie: (visitorId) => smallCookie(VISITOR_ID_COOKIE, visitorId, VISITOR_ID_MAX_AGE_SECONDS),
    smallCookie,
    toastCookie: (toast) =>
      toast ? toastCookie.serialize(toast) : toastCookie.serialize("", { maxAge: 0, expires: new Date(0) }),
  };
}

const TOAST_COOKIE = "toast";
const TOAST_COOKIE_PRODUCTION = "__Host-toast";
/** Long enough for the redirect that follows a form post to be followed; a toast nobody saw is not worth keeping. */
const TOAST_SECONDS = 5 * 60;

/**
 * Our small cookies besides the session: a request carrying any of them may get a personal page. The visitor id is
 * not one: pages vary by the variations it gives (the page cache keys on them), and a page that reads records kept
 * against it (a notification seen or dismissed) says so itself (`markPersonal`).
 */
export const PERSONAL_COOKIES = [
  PROMO_RIBBON_DISMISS_COOKIE,
  AD_CHOICES_COOKIE,
  TOAST_COOKIE,
  TOAST_COOKIE_PRODUCTION,
  // A phone that saw the chat invitation gets pages without it; one that has not gets it (a page marked personal).
  PROACTIVE_CHAT_COOKIE,
];

/** Our cookie names: a request carrying any of them may get a personal page. */
export function hasPersonalCookies(cookieHeader: string | null, sessionCookieName: string): boolean {
  if (!cookieHeader) return false;
  const cookies = safeParse(cookieHeader);
  return PERSONAL_COOKIES.some((name) => name in cookies) || sessionCookieName in cookies;
}

function safeParse(cookieHeader: string): Record<string, string | undefined> {
  try {
    return parseCookieHeader(cookieHeader);
  } catch {
    return {};
  }
}

function isToast(value: unknown): value is Toast {
  if (!value || typeof value !== "object") return false;
  const { id, kind, message } = value as Record<string, unknown>;
  return (
    typeof id === "string" && typeof message === "string" && (kind === "success" || kind === "info" || kind === "error")
  );
}

/** Toasts left during a request, by the request's session: the root middleware writes them to the toast cookie. */
const pendingToasts = new WeakMap<StoreSession, Toast>();

/**
 * Leaves a toast for the next page the shopper sees (after the redirect that follows a form post). It travels in
 * its own cookie, set by the root middleware on this request's answer (`takePendingToast`).
 */
export function flashToast(session: StoreSession, kind: Toast["kind"], message: string): void {
  pendingToasts.set(session, { id: crypto.randomUUID(), kind, message });
}

/** The toast this request left, if any (once). */
export function takePendingToast(session: StoreSession): Toast | null {
  const toast = pendingToasts.get(session) ?? null;
  pendingToasts.delete(session);
  return toast;
}

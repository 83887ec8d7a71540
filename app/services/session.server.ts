import { parse as parseCookieHeader } from "cookie";
import { createCookie, createCookieSessionStorage, type Session } from "react-router";
import { AD_CHOICES_COOKIE, AD_CHOICES_MAX_AGE_SECONDS, adChoiceSchema, type AdChoice } from "~/models/ad-choices";
import { PROMO_RIBBON_DISMISS_COOKIE, PROMO_RIBBON_HIDDEN_SECONDS } from "~/models/promo-ribbon";
import type { AppConfig } from "./config.server";

/** What the signed session cookie holds. Later issues add the auth session id, cart id and journey context. */
export interface SessionData {
  authSessionId?: string;
  cartId?: string;
  /** The shopper's price book group (spec: high or low; none otherwise). */
  priceBook?: string;
  journey?: Record<string, unknown>;
}

export interface AppSession {
  cookieName: string;
  getSession(cookieHeader: string | null): Promise<{ session: Session<SessionData>; malformed: boolean }>;
  commitSession(session: Session<SessionData>): Promise<string>;
  destroySession(session: Session<SessionData>): Promise<string>;
  /** Clears a cookie we could not read, so the browser stops sending it. */
  clearCookie(): Promise<string>;
  promoRibbonDismissCookie(): string;
  isPromoRibbonDismissed(cookieHeader: string | null): boolean;
  adChoicesCookie(choice: AdChoice): string;
  /** The visitor's recorded ad choice; null when none (or an unreadable value) was recorded. */
  adChoice(cookieHeader: string | null): AdChoice | null;
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
    maxAge: 60 * 60 * 24 * 365 * 10,
  });
  const storage = createCookieSessionStorage<SessionData>({ cookie });

  const smallCookie = (name: string, value: string, maxAge: number) =>
    [`${name}=${value}`, `Max-Age=${maxAge}`, "Path=/", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])].join(
      "; ",
    );

  return {
    cookieName,
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
    commitSession: (session) => storage.commitSession(session),
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
  };
}

/** Our small cookies besides the session: a request carrying any of them may get a personal page. */
export const PERSONAL_COOKIES = [PROMO_RIBBON_DISMISS_COOKIE, AD_CHOICES_COOKIE];

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

/**
 * Sign-in's lifetimes and limits, in one place (spec 1 §4.1 Authentication; spec 3 §9 "Signed-in cookie lifetime";
 * issue 4; decision 18 for the rate limits). The services that issue PINs, links and cookies, and the ones that count attempts,
 * import them from here; the messages that state them are written from them.
 */

const DAY_SECONDS = 24 * 60 * 60;

/** Spec: "Signed-in cookie lifetime: 10 years if remembered, otherwise 2 years." */
export const SIGNED_IN_COOKIE_LIFETIME_SECONDS = {
  remembered: 10 * 365 * DAY_SECONDS,
  otherwise: 2 * 365 * DAY_SECONDS,
} as const;

/** How long the signed-in cookie (and its database session) lasts: the cookie session and both sign-in APIs use it. */
export function signedInCookieSeconds(rememberMe: boolean): number {
  return SIGNED_IN_COOKIE_LIFETIME_SECONDS[rememberMe ? "remembered" : "otherwise"];
}

/** The PIN e-mailed for PIN login (spec 1 §4.1): its digits, how long it works, and how many wrong tries end it. */
export const PIN_DIGITS = 6;
export const PIN_VALID_MINUTES = 15;
export const PIN_MAX_WRONG_TRIES = 5;

/** The password-reset link sent with a PIN. */
export const RESET_LINK_VALID_MINUTES = 60;

/** The auto-login link in the store's e-mails (spec 1 §4.1: auto-login). */
export const AUTO_LOGIN_VALID_DAYS = 30;

export type AuthRateLimitAction = "sign-in" | "pin" | "reset" | "create-account";

/**
 * Attempts of each auth action in a 15-minute window: tight per e-mail (what stops guessing one account's password
 * or PIN), looser per client address (many shoppers can share one address behind a carrier or office NAT).
 */
export const AUTH_RATE_LIMITS = {
  windowSeconds: 15 * 60,
  perEmail: { "sign-in": 10, pin: 10, reset: 5, "create-account": 5 },
  perIp: { "sign-in": 200, pin: 200, reset: 100, "create-account": 100 },
} as const satisfies {
  windowSeconds: number;
  perEmail: Record<AuthRateLimitAction, number>;
  perIp: Record<AuthRateLimitAction, number>;
};

/** Password changes (right or wrong) a customer may try in 15 minutes: guessing the current one stays slow. */
export const PASSWORD_CHANGE_RATE_LIMIT = { limit: 10, windowSeconds: 15 * 60 } as const;

/**
 * The account lookups (spec 1 §7: GET api/authentication/email, email/password, phone) tell whether an account
 * exists, so they could enumerate accounts: 30 per 15 minutes per client address.
 */
export const ACCOUNT_LOOKUP_RATE_LIMIT = { limit: 30, windowSeconds: 15 * 60 } as const;

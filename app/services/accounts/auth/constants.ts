/** Lifetimes and limits of sign-in (spec 4.1, 4.4; issue 4). */
export const REMEMBER_ME_COOKIE_SECONDS = 10 * 365 * 24 * 60 * 60;
export const DEFAULT_SIGNED_IN_COOKIE_SECONDS = 2 * 365 * 24 * 60 * 60;
export const PIN_VALID_MINUTES = 15;
export const PIN_MAX_WRONG_TRIES = 5;
export const RESET_LINK_VALID_MINUTES = 60;
export const AUTO_LOGIN_VALID_DAYS = 30;

import { describe, expect, it } from "vitest";
import {
  AUTH_RATE_LIMITS,
  AUTO_LOGIN_VALID_DAYS,
  PASSWORD_CHANGE_RATE_LIMIT,
  PIN_DIGITS,
  PIN_MAX_WRONG_TRIES,
  PIN_VALID_MINUTES,
  RESET_LINK_VALID_MINUTES,
  SIGNED_IN_COOKIE_LIFETIME_SECONDS,
} from "./auth-limits";
import { pinSchema } from "./account";
import { SIGN_IN_MESSAGES } from "./sign-in";

describe("sign-in lifetimes (spec 1 §4.1, spec 3 §9; issue 4)", () => {
  it("keeps the signed-in cookie 10 years when remembered, otherwise 2 years", () => {
    expect(SIGNED_IN_COOKIE_LIFETIME_SECONDS.remembered).toBe(10 * 365 * 24 * 60 * 60);
    expect(SIGNED_IN_COOKIE_LIFETIME_SECONDS.otherwise).toBe(2 * 365 * 24 * 60 * 60);
  });

  it("gives PINs 6 digits, 15 minutes and 5 wrong tries, reset links an hour, auto-login links 30 days", () => {
    expect(PIN_DIGITS).toBe(6);
    expect(PIN_VALID_MINUTES).toBe(15);
    expect(PIN_MAX_WRONG_TRIES).toBe(5);
    expect(RESET_LINK_VALID_MINUTES).toBe(60);
    expect(AUTO_LOGIN_VALID_DAYS).toBe(30);
  });

  it("takes a PIN of exactly PIN_DIGITS digits and says so", () => {
    expect(pinSchema.safeParse("012345").success).toBe(true);
    expect(pinSchema.safeParse("12345").success).toBe(false);
    expect(pinSchema.safeParse("1234567").success).toBe(false);
    expect(SIGN_IN_MESSAGES.codeSent).toBe("We e-mailed you a 6-digit code. It works for 15 minutes.");
  });
});

describe("auth rate limits (decision 18)", () => {
  it("counts each action in 15 minutes: tight per e-mail, loose per address", () => {
    expect(AUTH_RATE_LIMITS).toEqual({
      windowSeconds: 900,
      perEmail: { "sign-in": 10, pin: 10, reset: 5, "create-account": 5 },
      perIp: { "sign-in": 200, pin: 200, reset: 100, "create-account": 100 },
    });
    expect(PASSWORD_CHANGE_RATE_LIMIT).toEqual({ limit: 10, windowSeconds: 900 });
  });
});

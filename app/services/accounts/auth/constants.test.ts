import { describe, expect, it } from "vitest";
import { signedInCookieSeconds } from "./accounts.server";
import { AUTO_LOGIN_VALID_DAYS, PIN_MAX_WRONG_TRIES, PIN_VALID_MINUTES, RESET_LINK_VALID_MINUTES } from "./constants";

describe("sign-in lifetimes (spec 4.1, 4.4; issue 4)", () => {
  it("keeps the signed-in cookie 10 years with remember me, otherwise 2 years", () => {
    expect(signedInCookieSeconds(true)).toBe(10 * 365 * 24 * 60 * 60);
    expect(signedInCookieSeconds(false)).toBe(2 * 365 * 24 * 60 * 60);
  });
  it("gives PINs 15 minutes and 5 wrong tries, reset links an hour, auto-login links 30 days", () => {
    expect(PIN_VALID_MINUTES).toBe(15);
    expect(PIN_MAX_WRONG_TRIES).toBe(5);
    expect(RESET_LINK_VALID_MINUTES).toBe(60);
    expect(AUTO_LOGIN_VALID_DAYS).toBe(30);
  });
});

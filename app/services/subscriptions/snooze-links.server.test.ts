import { describe, expect, it } from "vitest";
import { MAX_SNOOZE_DAYS, SNOOZE_LINK_DAYS } from "~/models/subscription";
import { sign } from "../accounts/auth/tokens.server";
import { readSnoozeToken, SNOOZE_LINK_PARAM, SNOOZE_PATH, snoozeLinkUrl, snoozeToken } from "./snooze-links.server";

const SECRETS = ["current-secret-0123456789abcdef0123456789"];
const OLD_SECRET = "retired-secret-0123456789abcdef012345678";
const NOW = new Date("2026-11-11T15:30:45.678Z");
const LINK = { subscriptionId: 42, days: 30, reorderDate: "2026-11-21" };
const DAY_MS = 86_400_000;

const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(token.slice(0, token.indexOf(".")), "base64url").toString("utf8")) as Record<string, unknown>;
const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString("base64url");

describe("snooze tokens: sign and read", () => {
  it("reads back the subscription, the days and the reorder date the e-mail was written for", () => {
    const token = snoozeToken(SECRETS, LINK, NOW);
    const read = readSnoozeToken(SECRETS, token, NOW);
    expect(read).toEqual({
      ok: true,
      link: { ...LINK, expiresAt: new Date(Math.floor(NOW.getTime() / 1000) * 1000 + SNOOZE_LINK_DAYS * DAY_MS) },
    });
    // URL-safe: it goes in a query string as it is.
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it.each([
    { subscriptionId: 1, days: 1, reorderDate: "2028-02-29" },
    { subscriptionId: 999_999_999, days: MAX_SNOOZE_DAYS, reorderDate: "2026-12-31" },
    { subscriptionId: 7, days: 14, reorderDate: "2027-01-01" },
  ])("round-trips %j", (link) => {
    const read = readSnoozeToken(SECRETS, snoozeToken(SECRETS, link, NOW), NOW);
    expect(read.ok && { ...read.link, expiresAt: undefined }).toEqual({ ...link, expiresAt: undefined });
  });

  it("reads with the current time when none is given", () => {
    const read = readSnoozeToken(SECRETS, snoozeToken(SECRETS, LINK));
    expect(read.ok).toBe(true);
  });

  it("gives different tokens for different links (the days and the date are signed)", () => {
    const tokens = new Set([
      snoozeToken(SECRETS, LINK, NOW),
      snoozeToken(SECRETS, { ...LINK, days: 14 }, NOW),
      snoozeToken(SECRETS, { ...LINK, reorderDate: "2026-11-22" }, NOW),
      snoozeToken(SECRETS, { ...LINK, subscriptionId: 43 }, NOW),
    ]);
    expect(tokens.size).toBe(4);
  });
});

describe("expiry", () => {
  const token = snoozeToken(SECRETS, LINK, NOW);
  const expiresAt = Math.floor(NOW.getTime() / 1000) * 1000 + SNOOZE_LINK_DAYS * DAY_MS;

  it(`stays usable for ${SNOOZE_LINK_DAYS} days after the e-mail was written`, () => {
    expect(readSnoozeToken(SECRETS, token, new Date(NOW.getTime() + 44 * DAY_MS)).ok).toBe(true);
    expect(readSnoozeToken(SECRETS, token, new Date(expiresAt - 1)).ok).toBe(true);
  });

  it("is expired from the moment it expires on", () => {
    expect(readSnoozeToken(SECRETS, token, new Date(expiresAt))).toEqual({ ok: false, reason: "expired" });
    expect(readSnoozeToken(SECRETS, token, new Date(NOW.getTime() + 46 * DAY_MS))).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("checks the signature before the expiry: a tampered expired token is tampered", () => {
    const tampered = `${encode({ ...payloadOf(token), d: 60 })}${token.slice(token.indexOf("."))}`;
    expect(readSnoozeToken(SECRETS, tampered, new Date(expiresAt + DAY_MS))).toEqual({
      ok: false,
      reason: "tampered",
    });
  });
});

describe("tampering", () => {
  const token = snoozeToken(SECRETS, LINK, NOW);
  const [payload, signature] = token.split(".") as [string, string];

  it("refuses a changed signature", () => {
    const flipped = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
    expect(readSnoozeToken(SECRETS, `${payload}.${flipped}`, NOW)).toEqual({ ok: false, reason: "tampered" });
    const shorter = signature.slice(0, -2);
    expect(readSnoozeToken(SECRETS, `${payload}.${shorter}`, NOW)).toEqual({ ok: false, reason: "tampered" });
  });

  it.each([
    ["more days", { d: 180 }],
    ["another subscription", { s: 43 }],
    ["another reorder date", { r: "2026-12-21" }],
    ["a later expiry", { e: 4_102_444_800 }],
  ])("refuses a payload changed to %s under the old signature", (_name, change) => {
    const changed = encode({ ...payloadOf(token), ...change });
    expect(readSnoozeToken(SECRETS, `${changed}.${signature}`, NOW)).toEqual({ ok: false, reason: "tampered" });
  });

  it("refuses a token signed with a secret we do not hold", () => {
    const foreign = snoozeToken(["someone-else's-secret-0123456789abcdef"], LINK, NOW);
    expect(readSnoozeToken(SECRETS, foreign, NOW)).toEqual({ ok: false, reason: "tampered" });
  });
});

describe("malformed tokens", () => {
  it.each([
    ["missing", null],
    ["undefined", undefined],
    ["empty", ""],
    ["without a signature", "abc"],
    ["with an empty signature", "abc."],
    ["with an empty payload", ".abc"],
    ["with two dots", "a.b.c"],
    ["with a space", "ab c.def"],
    ["with base64 padding", "abc=.def"],
    ["with '+' and '/'", "a+b/c.def"],
    ["far too long", `${"a".repeat(400)}.b`],
  ])("refuses a token %s", (_name, token) => {
    expect(readSnoozeToken(SECRETS, token, NOW)).toEqual({ ok: false, reason: "malformed" });
  });

  it.each([
    ["not JSON", Buffer.from("hello").toString("base64url")],
    ["another kind of signed value", encode({ customerId: 42 })],
    ["a list", encode([42, 30, "2026-11-21"])],
    ["zero days", encode({ s: 42, d: 0, r: "2026-11-21", e: 4_102_444_800 })],
    ["too many days", encode({ s: 42, d: MAX_SNOOZE_DAYS + 1, r: "2026-11-21", e: 4_102_444_800 })],
    ["fractional days", encode({ s: 42, d: 1.5, r: "2026-11-21", e: 4_102_444_800 })],
    ["days as text", encode({ s: 42, d: "30", r: "2026-11-21", e: 4_102_444_800 })],
    ["no subscription", encode({ s: 0, d: 30, r: "2026-11-21", e: 4_102_444_800 })],
    ["an impossible date", encode({ s: 42, d: 30, r: "2026-02-30", e: 4_102_444_800 })],
    ["a date with a time", encode({ s: 42, d: 30, r: "2026-11-21T00:00:00Z", e: 4_102_444_800 })],
    ["no expiry", encode({ s: 42, d: 30, r: "2026-11-21" })],
  ])("refuses a correctly signed payload that is %s", (_name, payload) => {
    expect(readSnoozeToken(SECRETS, sign(SECRETS, payload), NOW)).toEqual({ ok: false, reason: "malformed" });
  });
});

describe("secret rotation", () => {
  it("reads a token signed with a retired secret while it is still listed", () => {
    const old = snoozeToken([OLD_SECRET], LINK, NOW);
    expect(readSnoozeToken([SECRETS[0]!, OLD_SECRET], old, NOW)).toMatchObject({ ok: true, link: LINK });
  });

  it("refuses it once the retired secret is dropped", () => {
    const old = snoozeToken([OLD_SECRET], LINK, NOW);
    expect(readSnoozeToken(SECRETS, old, NOW)).toEqual({ ok: false, reason: "tampered" });
  });

  it("signs new tokens with the first secret, so they survive the old one's removal", () => {
    const rotated = [SECRETS[0]!, OLD_SECRET];
    const token = snoozeToken(rotated, LINK, NOW);
    expect(readSnoozeToken(SECRETS, token, NOW)).toMatchObject({ ok: true, link: LINK });
    expect(readSnoozeToken([OLD_SECRET], token, NOW)).toEqual({ ok: false, reason: "tampered" });
  });
});

describe("snoozeLinkUrl", () => {
  it("puts the token on the snooze page's query", () => {
    const token = snoozeToken(SECRETS, LINK, NOW);
    expect(SNOOZE_PATH).toBe("/auto-reorder/snooze");
    expect(snoozeLinkUrl("https://store.example", token)).toBe(
      `https://store.example/auto-reorder/snooze?code=${token}`,
    );
    const url = new URL(snoozeLinkUrl("https://store.example", token));
    expect(readSnoozeToken(SECRETS, url.searchParams.get(SNOOZE_LINK_PARAM), NOW).ok).toBe(true);
    // Never `token`: that parameter signs in (auto-login) before any page sees it.
    expect(url.searchParams.has("token")).toBe(false);
  });
});

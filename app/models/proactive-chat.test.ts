import { describe, expect, it } from "vitest";
import { proactiveChatFormSchema } from "./proactive-chat-form";
import { MOBILE_PROACTIVE_CHAT_DELAY_MS, PROACTIVE_CHAT_COOKIE_SECONDS, proactiveChatOffered } from "./proactive-chat";

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const ANDROID_PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";
const TABLET = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1";

describe("the proactive chat window (spec 3 §4, §9; spec 1 §4.3)", () => {
  it("waits 40000 ms after a page loads or a route changes", () => {
    expect(MOBILE_PROACTIVE_CHAT_DELAY_MS).toBe(40000);
  });

  it("is offered on phones only", () => {
    expect(proactiveChatOffered({ userAgent: PHONE, liveChatOn: true, remembered: undefined })).toBe(true);
    expect(proactiveChatOffered({ userAgent: ANDROID_PHONE, liveChatOn: true, remembered: undefined })).toBe(true);
    expect(proactiveChatOffered({ userAgent: DESKTOP, liveChatOn: true, remembered: undefined })).toBe(false);
    expect(proactiveChatOffered({ userAgent: TABLET, liveChatOn: true, remembered: undefined })).toBe(false);
    expect(proactiveChatOffered({ userAgent: null, liveChatOn: true, remembered: undefined })).toBe(false);
  });

  it("is offered only while the chat feature is on", () => {
    expect(proactiveChatOffered({ userAgent: PHONE, liveChatOn: false, remembered: undefined })).toBe(false);
  });

  it("is offered once: shown, dismissed or used, it never comes back", () => {
    for (const remembered of ["shown", "dismissed", "chat"]) {
      expect(proactiveChatOffered({ userAgent: PHONE, liveChatOn: true, remembered })).toBe(false);
    }
    // A value the store never writes is no memory of it.
    expect(proactiveChatOffered({ userAgent: PHONE, liveChatOn: true, remembered: "maybe" })).toBe(true);
  });

  it("is remembered as long as a browser keeps a cookie", () => {
    expect(PROACTIVE_CHAT_COOKIE_SECONDS).toBe(400 * 86400);
  });

  it("takes the form's intents and a return path on this site only", () => {
    expect(proactiveChatFormSchema.safeParse({ intent: "dismiss", returnTo: "/lenses?x=1" }).success).toBe(true);
    expect(proactiveChatFormSchema.safeParse({ intent: "chat" }).success).toBe(true);
    expect(proactiveChatFormSchema.safeParse({ intent: "open" }).success).toBe(false);
    expect(proactiveChatFormSchema.safeParse({ intent: "dismiss", returnTo: "//evil.example" }).success).toBe(false);
    expect(proactiveChatFormSchema.safeParse({ intent: "dismiss", returnTo: "https://evil.example/" }).success).toBe(
      false,
    );
  });
});

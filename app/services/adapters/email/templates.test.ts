import { describe, expect, it } from "vitest";
import { emailTemplates } from "./templates";

const hostile = `<script>alert("x")</script> & 'Bo'`;
// React's escaping of the five HTML-significant characters (the apostrophe as &#x27;).
const escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;Bo&#x27;";
const escapeAttribute = (value: string) => value.replaceAll("&", "&amp;");

describe("escaping", () => {
  it("escapes the five HTML-significant characters of a value in the HTML body", async () => {
    const message = await emailTemplates.pin({ to: "a@example.com", firstName: hostile, pin: "1", minutesValid: 1 });
    expect(message.html).toContain(escaped);
    expect(message.html).not.toContain(hostile);
  });
});

describe("emailTemplates", () => {
  it("pin: subject, prominent code, validity, both bodies, escaped name", async () => {
    const message = await emailTemplates.pin({
      to: "ann@example.com",
      firstName: hostile,
      pin: "042917",
      minutesValid: 10,
    });
    expect(message).toMatchObject({ kind: "pin", to: "ann@example.com", subject: "Your Lenslane sign-in code" });
    expect(message.text).toContain("042917");
    expect(message.text).toContain("10 minutes");
    expect(message.text).toContain("If you didn't ask for this, ignore this e-mail");
    expect(message.text).toContain("1-800-266-8228");
    expect(message.html).toContain(">042917</p>");
    expect(message.html).toContain("10 minutes");
    expect(message.html).toContain(escaped);
    expect(message.html).not.toContain("<script>");
    // The text body is plain text: the name appears as typed.
    expect(message.text).toContain(hostile);
  });

  it("pin: greets without a name and says 1 minute", async () => {
    const message = await emailTemplates.pin({ to: "a@example.com", firstName: " ", pin: "123456", minutesValid: 1 });
    expect(message.text.startsWith("Hi there,")).toBe(true);
    expect(message.text).toContain("1 minute.");
  });

  it("password reset: link in both bodies, single use, validity, escaped name and link", async () => {
    const link = "https://store.test/reset-password?code=a1b2&x=<y>";
    const message = await emailTemplates.passwordReset({
      to: "b@example.com",
      firstName: hostile,
      link,
      minutesValid: 60,
    });
    expect(message).toMatchObject({ kind: "password-reset", subject: "Reset your Lenslane password" });
    const normalized = new URL(link).toString();
    expect(message.text).toContain(normalized);
    expect(message.text).toContain("works once");
    expect(message.text).toContain("60 minutes");
    expect(message.html).toContain(`href="${escapeAttribute(normalized)}"`);
    expect(message.html).toContain("Reset my password");
    expect(message.html).toContain(escaped);
    expect(message.html).not.toMatch(/<y>|<script>/);
  });

  it("guest reset: asks to set a password, with the link", async () => {
    const link = "https://store.test/reset-password?code=guest123";
    const message = await emailTemplates.guestReset({ to: "c@example.com", link, minutesValid: 30 });
    expect(message).toMatchObject({ kind: "guest-reset", subject: "Set a password for your Lenslane account" });
    expect(message.text).toContain(link);
    expect(message.text).toContain("30 minutes");
    expect(message.html).toContain(`href="${link}"`);
  });

  it("welcome: greets by escaped name and links the account (an auto-login link)", async () => {
    const accountLink = "https://store.test/dashboard?token=abc.def";
    const message = await emailTemplates.welcome({
      to: "d@example.com",
      firstName: hostile,
      accountLink,
      daysValid: 30,
    });
    expect(message).toMatchObject({ kind: "welcome", to: "d@example.com" });
    expect(message.subject).toContain("Lenslane");
    expect(message.text).toContain(accountLink);
    expect(message.text).toContain("30 days");
    expect(message.html).toContain(`href="${accountLink}"`);
    expect(message.html).toContain(escaped);
    expect(message.html).not.toContain("<script>");
  });

  it("every template has a text and an HTML body", async () => {
    const messages = await Promise.all([
      emailTemplates.pin({ to: "e@example.com", firstName: "Eve", pin: "111111", minutesValid: 10 }),
      emailTemplates.passwordReset({
        to: "e@example.com",
        firstName: "Eve",
        link: "https://s.test/r",
        minutesValid: 5,
      }),
      emailTemplates.guestReset({ to: "e@example.com", link: "https://s.test/g", minutesValid: 5 }),
      emailTemplates.welcome({
        to: "e@example.com",
        firstName: "Eve",
        accountLink: "https://s.test/dashboard",
        daysValid: 30,
      }),
    ]);
    for (const message of messages) {
      expect(message.text.length, message.kind).toBeGreaterThan(40);
      expect(message.text, message.kind).not.toMatch(/<[a-z]/i);
      expect(message.html, message.kind).toMatch(/^<!DOCTYPE html/);
      expect(message.html, message.kind).toContain("Lenslane");
    }
  });

  it("writes each link out in the text, after what it does, in reading order", async () => {
    const message = await emailTemplates.passwordReset({
      to: "g@example.com",
      firstName: "Gus",
      link: "https://s.test/reset-password?code=abc",
      minutesValid: 60,
    });
    expect(message.text).toBe(
      [
        "Hi Gus,",
        "We got a request to reset your Lenslane password. Choose a new one with the button below.",
        "Reset my password: https://s.test/reset-password?code=abc",
        "The link works once, for the next 60 minutes.",
        "If you didn't ask for this, ignore this e-mail and your password stays as it is.",
        "Questions? Real people answer 24/7 at 1-800-266-8228.\nLenslane\n",
      ].join("\n\n"),
    );
  });

  it("refuses relative and non-http links", async () => {
    await expect(
      emailTemplates.passwordReset({ to: "f@example.com", firstName: "F", link: "/reset?token=1", minutesValid: 5 }),
    ).rejects.toThrow(/absolute/);
    await expect(
      emailTemplates.guestReset({ to: "f@example.com", link: "javascript:alert(1)", minutesValid: 5 }),
    ).rejects.toThrow(/http/);
  });
});

import { SITE } from "~/models/site";
import type { EmailMessage, EmailTemplates } from "./email-sender";

/**
 * The store's e-mails: short, warm copy with a plain-text body and a simple inline-styled HTML body (mail
 * clients ignore style sheets). Every interpolated value is escaped; links must be absolute http(s) URLs.
 */

export const BRAND_COLOR = "#0b5cab";
export const TEXT_COLOR = "#1f2933";
const MUTED_COLOR = "#5f6b7a";

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** A link in an e-mail is read outside the site, so it must be absolute (and only http or https). */
export function absoluteLink(link: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    // The link is not in the message: it may carry a token, and error messages are logged.
    throw new Error("E-mail links must be absolute URLs");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error("E-mail links must be http or https URLs");
  }
  return url.toString();
}

export function greeting(firstName: string): string {
  const name = firstName.trim();
  return name ? `Hi ${name},` : "Hi there,";
}

function minutes(count: number): string {
  return count === 1 ? "1 minute" : `${count} minutes`;
}

export const p = (html: string, extra = "") =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${TEXT_COLOR};${extra}">${html}</p>`;

const small = (html: string) =>
  `<p style="margin:0 0 12px;font-size:14px;line-height:20px;color:${MUTED_COLOR};">${html}</p>`;

export function button(link: string, label: string): string {
  const href = escapeHtml(link);
  return (
    `<p style="margin:24px 0;">` +
    `<a href="${href}" style="display:inline-block;padding:12px 24px;border-radius:6px;background:${BRAND_COLOR};` +
    `color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;">${escapeHtml(label)}</a></p>` +
    small(`Or paste this link into your browser:<br><a href="${href}" style="color:${BRAND_COLOR};">${href}</a>`)
  );
}

/** The frame every HTML body shares: a heading, the message, and the store's help line. */
export function layout(heading: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f4f6f8;font-family:Helvetica,Arial,sans-serif;">` +
    `<div style="max-width:560px;margin:0 auto;padding:24px 16px;">` +
    `<div style="font-size:22px;font-weight:bold;color:${BRAND_COLOR};margin:0 0 16px;">${SITE.name}</div>` +
    `<div style="background:#ffffff;border-radius:8px;padding:24px;">` +
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;color:${TEXT_COLOR};">${escapeHtml(heading)}</h1>` +
    body +
    `</div>` +
    `<p style="margin:16px 0 0;font-size:13px;line-height:18px;color:${MUTED_COLOR};text-align:center;">` +
    `Questions? Real people answer 24/7 at ` +
    `<a href="${SITE.phoneHref}" style="color:${MUTED_COLOR};">${SITE.phoneDisplay}</a>.<br>${SITE.name}</p>` +
    `</div></body></html>`
  );
}

export const textFooter = `Questions? Real people answer 24/7 at ${SITE.phoneDisplay}.\n${SITE.name}`;

function message(kind: EmailMessage["kind"], to: string, subject: string, text: string[], html: string) {
  return { kind, to, subject, text: `${text.join("\n\n")}\n\n${textFooter}\n`, html };
}

export const emailTemplates: EmailTemplates = {
  pin({ to, firstName, pin, minutesValid }) {
    const subject = "Your Lenslane sign-in code";
    const valid = minutes(minutesValid);
    return message(
      "pin",
      to,
      subject,
      [
        greeting(firstName),
        "Here is your code to sign in to Lenslane:",
        pin,
        `It works for the next ${valid}.`,
        "If you didn't ask for this, ignore this e-mail. Nobody can sign in without the code.",
      ],
      layout(
        "Your sign-in code",
        p(escapeHtml(greeting(firstName))) +
          p("Here is your code to sign in to Lenslane:") +
          `<p style="margin:8px 0 24px;font-size:36px;line-height:44px;font-weight:bold;letter-spacing:8px;` +
          `font-family:'Courier New',Courier,monospace;color:${TEXT_COLOR};">${escapeHtml(pin)}</p>` +
          p(`It works for the next ${escapeHtml(valid)}.`) +
          small("If you didn't ask for this, ignore this e-mail. Nobody can sign in without the code."),
      ),
    );
  },

  passwordReset({ to, firstName, link, minutesValid }) {
    const subject = "Reset your Lenslane password";
    const url = absoluteLink(link);
    const valid = minutes(minutesValid);
    return message(
      "password-reset",
      to,
      subject,
      [
        greeting(firstName),
        "We got a request to reset your Lenslane password. Choose a new one here:",
        url,
        `The link works once, for the next ${valid}.`,
        "If you didn't ask for this, ignore this e-mail and your password stays as it is.",
      ],
      layout(
        "Reset your password",
        p(escapeHtml(greeting(firstName))) +
          p("We got a request to reset your Lenslane password. Choose a new one with the button below.") +
          button(url, "Reset my password") +
          p(`The link works once, for the next ${escapeHtml(valid)}.`) +
          small("If you didn't ask for this, ignore this e-mail and your password stays as it is."),
      ),
    );
  },

  guestReset({ to, link, minutesValid }) {
    const subject = "Set a password for your Lenslane account";
    const url = absoluteLink(link);
    const valid = minutes(minutesValid);
    return message(
      "guest-reset",
      to,
      subject,
      [
        "Hi there,",
        "You checked out with us as a guest, so your account doesn't have a password yet. Set one here to see your orders and reorder in a few clicks:",
        url,
        `The link works once, for the next ${valid}.`,
        "If you didn't ask for this, ignore this e-mail. Nothing changes until the link is used.",
      ],
      layout(
        "Set a password for your account",
        p("Hi there,") +
          p(
            "You checked out with us as a guest, so your account doesn't have a password yet. " +
              "Set one to see your orders and reorder in a few clicks.",
          ) +
          button(url, "Set my password") +
          p(`The link works once, for the next ${escapeHtml(valid)}.`) +
          small("If you didn't ask for this, ignore this e-mail. Nothing changes until the link is used."),
      ),
    );
  },

  welcome({ to, firstName, accountLink, daysValid }) {
    const subject = "Welcome to Lenslane";
    const url = absoluteLink(accountLink);
    return message(
      "welcome",
      to,
      subject,
      [
        greeting(firstName),
        "Welcome to Lenslane! Your account is ready.",
        "Keep your prescriptions in one place, track your orders and reorder your lenses in seconds. This link signs you straight in:",
        url,
        `It works for ${daysValid} days. Please don't forward this e-mail.`,
        "Glad to have you with us.",
      ],
      layout(
        "Welcome to Lenslane",
        p(escapeHtml(greeting(firstName))) +
          p("Welcome to Lenslane! Your account is ready.") +
          p("Keep your prescriptions in one place, track your orders and reorder your lenses in seconds.") +
          button(url, "Go to my account") +
          small(`The button signs you straight in and works for ${daysValid} days. Please don't forward this e-mail.`) +
          p("Glad to have you with us."),
      ),
    );
  },
};

import { resetPasswordPath } from "~/models/reset-link";
import { emailTemplates } from "../../adapters/email/templates";
import type { AppServices } from "../../platform/context.server";
import { createAutoLoginToken, createPin, createResetToken, type Customer } from "./accounts.server";
import { AUTO_LOGIN_VALID_DAYS, PIN_VALID_MINUTES, RESET_LINK_VALID_MINUTES } from "~/models/auth-limits";

/**
 * The e-mails of signing in, shared by the sign-in dialog and the authentication API. Each carries a secret, so
 * each says when it expires (the token's own lifetime, from the same `now`): the outbox removes it from the stored
 * body after delivery, or then.
 */

const minutesAfter = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);

/** A 6-digit sign-in PIN by e-mail (the dialog's "send me a code"). */
export async function sendSignInPin(services: AppServices, customer: Customer): Promise<void> {
  const now = new Date();
  const pin = await createPin(services.db, services.sessions.secrets[0]!, customer.id, now);
  await services.email.send({
    ...(await emailTemplates.pin({
      to: customer.email,
      firstName: customer.firstName,
      pin,
      minutesValid: PIN_VALID_MINUTES,
    })),
    secretExpiresAt: minutesAfter(now, PIN_VALID_MINUTES),
  });
}

/** A link to set a password, valid 1 hour: password reset for full accounts, guest reset for quasi accounts. */
export async function sendResetLink(
  services: AppServices,
  customer: Customer,
  purpose: "password-reset" | "guest-reset",
): Promise<void> {
  const now = new Date();
  const token = await createResetToken(services.db, customer.id, purpose, now);
  const link = `${services.config.siteUrl}${resetPasswordPath(token)}`;
  const message = await (purpose === "password-reset"
    ? emailTemplates.passwordReset({
        to: customer.email,
        firstName: customer.firstName,
        link,
        minutesValid: RESET_LINK_VALID_MINUTES,
      })
    : emailTemplates.guestReset({ to: customer.email, link, minutesValid: RESET_LINK_VALID_MINUTES }));
  await services.email.send({ ...message, secretExpiresAt: minutesAfter(now, RESET_LINK_VALID_MINUTES) });
}

/** The welcome e-mail, whose button is an auto-login link (spec 4.4) to the new customer's dashboard. */
export async function sendWelcomeEmail(services: AppServices, customer: Pick<Customer, "id" | "email" | "firstName">) {
  const now = new Date();
  const token = await createAutoLoginToken(services.db, services.sessions.secrets, customer.id, now);
  await services.email.send({
    ...(await emailTemplates.welcome({
      to: customer.email,
      firstName: customer.firstName,
      accountLink: `${services.config.siteUrl}/dashboard?token=${encodeURIComponent(token)}`,
      daysValid: AUTO_LOGIN_VALID_DAYS,
    })),
    secretExpiresAt: minutesAfter(now, AUTO_LOGIN_VALID_DAYS * 24 * 60),
  });
}

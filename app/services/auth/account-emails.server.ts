import { resetPasswordPath } from "~/models/reset-link";
import { emailTemplates } from "../adapters/email/templates";
import type { AppServices } from "../context.server";
import { createAutoLoginToken, createPin, createResetToken, type Customer } from "./accounts.server";
import { AUTO_LOGIN_VALID_DAYS, PIN_VALID_MINUTES, RESET_LINK_VALID_MINUTES } from "./constants";

/** The e-mails of signing in, shared by the sign-in dialog and the authentication API. */

/** A 6-digit sign-in PIN by e-mail (the dialog's "send me a code"). */
export async function sendSignInPin(services: AppServices, customer: Customer): Promise<void> {
  const pin = await createPin(services.db, services.sessions.secrets[0]!, customer.id);
  await services.email.send(
    emailTemplates.pin({ to: customer.email, firstName: customer.firstName, pin, minutesValid: PIN_VALID_MINUTES }),
  );
}

/** A link to set a password, valid 1 hour: password reset for full accounts, guest reset for quasi accounts. */
export async function sendResetLink(
  services: AppServices,
  customer: Customer,
  purpose: "password-reset" | "guest-reset",
): Promise<void> {
  const token = await createResetToken(services.db, customer.id, purpose);
  const link = `${services.config.siteUrl}${resetPasswordPath(token)}`;
  await services.email.send(
    purpose === "password-reset"
      ? emailTemplates.passwordReset({
          to: customer.email,
          firstName: customer.firstName,
          link,
          minutesValid: RESET_LINK_VALID_MINUTES,
        })
      : emailTemplates.guestReset({ to: customer.email, link, minutesValid: RESET_LINK_VALID_MINUTES }),
  );
}

/** The welcome e-mail, whose button is an auto-login link (spec 4.4) to the new customer's dashboard. */
export async function sendWelcomeEmail(services: AppServices, customer: Pick<Customer, "id" | "email" | "firstName">) {
  const token = await createAutoLoginToken(services.db, services.sessions.secrets, customer.id);
  await services.email.send(
    emailTemplates.welcome({
      to: customer.email,
      firstName: customer.firstName,
      accountLink: `${services.config.siteUrl}/dashboard?token=${encodeURIComponent(token)}`,
      daysValid: AUTO_LOGIN_VALID_DAYS,
    }),
  );
}

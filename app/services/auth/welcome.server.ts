import { emailTemplates } from "../adapters/email/templates";
import type { AppServices } from "../context.server";
import { createAutoLoginToken, type Customer } from "./accounts.server";
import { AUTO_LOGIN_VALID_DAYS } from "./constants";

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

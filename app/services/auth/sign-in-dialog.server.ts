import type { Submission } from "@conform-to/react";
import { redirect } from "react-router";
import { afterSignInPath } from "~/models/entry-guard";
import { SIGN_IN_MESSAGES, SLIDE_OF_INTENT, signInHref, type SignInDialogSubmission } from "~/models/sign-in";
import type { AppServices } from "../context.server";
import { authRateLimits, consumeRateLimit } from "../rate-limit.server";
import type { StoreSession } from "../session.server";
import {
  checkPassword,
  createCustomer,
  EmailTakenError,
  findCustomerByEmail,
  verifyPin,
  type Customer,
} from "./accounts.server";
import { startSignedInSession } from "./sign-in.server";
import { sendResetLink, sendSignInPin, sendWelcomeEmail } from "./account-emails.server";

type Success = Extract<Submission<SignInDialogSubmission>, { status: "success" }>;

/**
 * Carries out one sign-in dialog submission. Every outcome is a redirect: success goes on (spec 2.2: the reorder
 * page unless in the exam, or the page the shopper asked for); anything else returns to the dialog's slide with
 * the result in a one-read flash, so errors show the same way with or without JavaScript.
 */
export async function handleSignInDialog(
  services: AppServices,
  session: StoreSession,
  submission: Success,
  clientIp: string,
): Promise<Response> {
  const value = submission.value;
  const back = (
    slide = SLIDE_OF_INTENT[value.intent],
    options: { formError?: string; notice?: string; mode?: string } = {},
  ) => {
    if (options.formError) {
      session.flash(
        "signInResult",
        submission.reply({ formErrors: [options.formError], hideFields: ["password", "pin"] }),
      );
    }
    if (options.notice) session.flash("signInNotice", options.notice);
    session.flash("signInEmail", value.email);
    const extra: Record<string, string> = {};
    if (value.redirectTo) extra.redirectTo = value.redirectTo;
    if (options.mode) extra.mode = options.mode;
    return respond(signInHref(value.returnTo, slide, extra));
  };
  const respond = async (location: string) =>
    redirect(location, { status: 303, headers: { "Set-Cookie": await services.sessions.commitSession(session) } });
  const signedIn = async (
    customer: Pick<Customer, "id">,
    method: Parameters<typeof startSignedInSession>[3],
    remember: boolean,
  ) => {
    await startSignedInSession(services, session, customer, method, remember);
    return respond(afterSignInPath(value.returnTo.split("?")[0] ?? "/", value.redirectTo ?? null));
  };

  const limitKind = {
    "sign-in": "sign-in",
    "create-account": "create-account",
    guest: "pin",
    "send-pin": "pin",
    "pin-login": "pin",
    forgot: "reset",
  } as const;
  const email = value.email.trim().toLowerCase();
  if (!(await consumeRateLimit(services.db, authRateLimits(limitKind[value.intent], email, clientIp)))) {
    return back(undefined, { formError: SIGN_IN_MESSAGES.tooManyTries });
  }

  switch (value.intent) {
    case "sign-in": {
      const customer = await checkPassword(services.db, value.email, value.password);
      if (!customer) return back(undefined, { formError: SIGN_IN_MESSAGES.invalidCredentials });
      return signedIn(customer, "password", value.rememberMe);
    }
    case "create-account": {
      try {
        const customer = await createCustomer(services.db, value);
        await sendWelcomeEmail(services, customer);
        return signedIn(customer, "create-account", value.rememberMe);
      } catch (error) {
        // Spec 2.10: an existing account found during creation returns to sign-in with the e-mail filled in.
        if (error instanceof EmailTakenError) return back("sign-in", { notice: SIGN_IN_MESSAGES.emailTaken });
        throw error;
      }
    }
    case "guest": {
      const existing = await findCustomerByEmail(services.db, value.email);
      if (!existing) {
        const guest = await createCustomer(services.db, { email: value.email });
        return signedIn(guest, "guest", false);
      }
      await sendSignInPin(services, existing);
      return back("pin", { notice: SIGN_IN_MESSAGES.codeSent, mode: existing.passwordHash ? undefined : "guest" });
    }
    case "send-pin": {
      const customer = await findCustomerByEmail(services.db, value.email);
      if (customer) await sendSignInPin(services, customer);
      return back("pin", {
        notice: SIGN_IN_MESSAGES.codeSent,
        mode: customer && !customer.passwordHash ? "guest" : undefined,
      });
    }
    case "forgot": {
      // The same answer whether or not the e-mail has an account, so the form reveals nothing.
      const customer = await findCustomerByEmail(services.db, value.email);
      if (customer) {
        await sendSignInPin(services, customer);
        await sendResetLink(services, customer, customer.passwordHash ? "password-reset" : "guest-reset");
      }
      // Spec 2.10: PIN login when the e-mail has a password, guest mode when it has none.
      return back("pin", {
        notice: SIGN_IN_MESSAGES.forgotSent,
        mode: customer && !customer.passwordHash ? "guest" : undefined,
      });
    }
    case "pin-login": {
      const customer = await findCustomerByEmail(services.db, value.email);
      const result = customer
        ? await verifyPin(services.db, services.sessions.secrets[0]!, customer.id, value.pin)
        : "expired";
      if (result === "ok" && customer) return signedIn(customer, "pin", false);
      const message = {
        wrong: SIGN_IN_MESSAGES.pinWrong,
        expired: SIGN_IN_MESSAGES.pinExpired,
        locked: SIGN_IN_MESSAGES.pinLocked,
        ok: SIGN_IN_MESSAGES.pinExpired,
      }[result];
      return back("pin", { formError: message, mode: customer && !customer.passwordHash ? "guest" : undefined });
    }
  }
}

import type { Submission, SubmissionResult } from "@conform-to/react";
import { redirect } from "react-router";
import { emailSchema } from "~/models/account";
import { afterSignInPath } from "~/models/entry-guard";
import { safeReturnPathSchema } from "~/models/promo-ribbon";
import {
  SIGN_IN_EMAIL_PARAM,
  SIGN_IN_MESSAGES,
  SLIDE_OF_INTENT,
  signInHref,
  type SignInDialogSubmission,
  type SignInSlide,
} from "~/models/sign-in";
import type { AppServices } from "../platform/context.server";
import { authRateLimits, consumeRateLimit } from "../platform/rate-limit.server";
import type { StoreSession } from "../platform/session.server";
import {
  checkPassword,
  createCustomer,
  EmailTakenError,
  findCustomerByEmail,
  verifyPin,
  type Customer,
} from "../accounts/auth/accounts.server";
import { startSignedInSession } from "./sign-in.server";
import { sendResetLink, sendSignInPin, sendWelcomeEmail } from "../accounts/auth/account-emails.server";

type Success = Extract<Submission<SignInDialogSubmission>, { status: "success" }>;

/**
 * What of a dialog submission's result may wait in the session cookie for the next page: the messages, which the
 * server wrote. Never the values (`initialValue`): a visitor's 3,000-character name does not belong in a cookie,
 * and neither does a password (decision 16).
 */
export function dialogMessages(result: SubmissionResult<string[]>): SubmissionResult<string[]> {
  return { status: result.status, error: result.error };
}

/**
 * Where a submission goes back to: the slide over the page it came from, with every parameter the dialog had
 * (`redirectTo`, guest `mode`) and the e-mail, so no re-render of any slide loses the shopper's place.
 */
export function dialogLocation(input: {
  returnTo: string;
  slide: SignInSlide;
  redirectTo?: string | null;
  mode?: string | null;
  email?: string | null;
}): string {
  const extra: Record<string, string> = {};
  if (input.redirectTo) extra.redirectTo = input.redirectTo;
  if (input.mode) extra.mode = input.mode;
  if (input.email) extra[SIGN_IN_EMAIL_PARAM] = input.email;
  return signInHref(input.returnTo, input.slide, extra);
}

/**
 * A submission that failed its schema (a text browser does not enforce `required`, nor the e-mail's shape): back to
 * its slide with the messages and every dialog parameter that was valid.
 */
export async function refusedDialogSubmission(
  services: AppServices,
  session: StoreSession,
  form: FormData,
  result: SubmissionResult<string[]>,
): Promise<Response> {
  const field = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : undefined);
  const returnTo = safeReturnPathSchema.safeParse(field("returnTo"));
  const redirectTo = safeReturnPathSchema.safeParse(field("redirectTo"));
  const email = emailSchema.safeParse(field("email"));
  const intent = field("intent") ?? "sign-in";
  const slide = SLIDE_OF_INTENT[intent as keyof typeof SLIDE_OF_INTENT] ?? "sign-in";
  // The code slide of a guest account (no password yet) says so; the same rule as a failed code below.
  const customer = slide === "pin" && email.success ? await findCustomerByEmail(services.db, email.data) : null;
  session.flash("signInResult", dialogMessages(result));
  const location = dialogLocation({
    returnTo: returnTo.success ? returnTo.data : "/",
    slide,
    redirectTo: redirectTo.success ? redirectTo.data : null,
    mode: customer && !customer.passwordHash ? "guest" : null,
    email: email.success ? email.data : null,
  });
  return redirect(location, { status: 303, headers: { "Set-Cookie": await services.sessions.commitSession(session) } });
}

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
    if (options.formError)
      session.flash("signInResult", dialogMessages(submission.reply({ formErrors: [options.formError] })));
    if (options.notice) session.flash("signInNotice", options.notice);
    return respond(
      dialogLocation({
        returnTo: value.returnTo,
        slide,
        redirectTo: value.redirectTo,
        mode: options.mode,
        email: value.email,
      }),
    );
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

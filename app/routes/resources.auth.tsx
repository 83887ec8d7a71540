import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { signInDialogSchema, signInHref, SLIDE_OF_INTENT } from "~/models/sign-in";
import { handleSignInDialog } from "~/services/auth/sign-in-dialog.server";
import { requestInfoContext, servicesContext, visitorContext } from "~/services/context.server";
import { isSpam } from "~/services/honeypot.server";
import type { Route } from "./+types/resources.auth";

/**
 * Every form of the sign-in dialog posts here (intent=sign-in, create-account, guest, forgot, send-pin,
 * pin-login). It always answers with a redirect: on to the next page, or back to the dialog with its messages.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { session } = context.get(visitorContext);
  const { clientIp } = context.get(requestInfoContext);
  const formData = await request.formData();
  if (await isSpam(formData)) throw data({ error: "We couldn't accept that form. Please try again." }, { status: 400 });

  const submission = parseWithZod(formData, { schema: signInDialogSchema });
  if (submission.status !== "success") {
    const returnTo = String(formData.get("returnTo") ?? "/");
    const intent = String(formData.get("intent") ?? "sign-in") as keyof typeof SLIDE_OF_INTENT;
    const safeReturnTo = /^\/(?![/\\])\S*$/.test(returnTo) ? returnTo : "/";
    session.flash("signInResult", submission.reply({ hideFields: ["password", "pin"] }));
    const email = formData.get("email");
    if (typeof email === "string" && email.length <= 100) session.flash("signInEmail", email);
    throw redirect(signInHref(safeReturnTo, SLIDE_OF_INTENT[intent] ?? "sign-in"), {
      status: 303,
      headers: { "Set-Cookie": await services.sessions.commitSession(session) },
    });
  }
  return handleSignInDialog(services, session, submission, clientIp);
}

export function loader() {
  throw data({ error: "This address only accepts a form submission." }, { status: 405, headers: { Allow: "POST" } });
}

export default function AuthResourceRoute() {
  return null;
}

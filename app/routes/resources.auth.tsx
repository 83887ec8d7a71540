import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { signInDialogSchema } from "~/models/sign-in";
import { handleSignInDialog, refusedDialogSubmission } from "~/services/sign-in/sign-in-dialog.server";
import { requestInfoContext, servicesContext, visitorContext } from "~/services/platform/context.server";
import { isSpam } from "~/services/platform/honeypot.server";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/resources.auth";

/**
 * Every form of the sign-in dialog posts here (intent=sign-in, create-account, guest, forgot, send-pin,
 * pin-login). It always answers with a redirect: on to the next page, or back to the dialog with its messages.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { session } = context.get(visitorContext);
  const { clientIp } = context.get(requestInfoContext);
  const formData = await readForm(request);
  if (await isSpam(formData)) throw data({ error: "We couldn't accept that form. Please try again." }, { status: 400 });

  const submission = parseWithZod(formData, { schema: signInDialogSchema });
  if (submission.status !== "success") {
    throw await refusedDialogSubmission(services, session, formData, submission.reply());
  }
  return handleSignInDialog(services, session, submission, clientIp);
}

export function loader() {
  throw data({ error: "This address only accepts a form submission." }, { status: 405, headers: { Allow: "POST" } });
}

export default function AuthResourceRoute() {
  return null;
}

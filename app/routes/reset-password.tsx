import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { newPasswordSchema } from "~/models/account";
import { AFTER_SIGN_IN_PATH } from "~/models/entry-guard";
import type { PageHandle } from "~/models/page";
import { RESET_LINK_PARAM } from "~/models/reset-link";
import { findResetToken, resetPasswordWithToken } from "~/services/accounts/auth/accounts.server";
import { startSignedInSession } from "~/services/sign-in/sign-in.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/reset-password";
import { FieldError } from "~/components/forms/FieldError";

export const handle: PageHandle = { pageName: "ResetPassword", headerType: "simple", footerSimplified: true };

export const meta: Route.MetaFunction = () => [
  { title: "Set a new password | Lenslane" },
  { name: "robots", content: "noindex" },
  // The code is in this page's URL: never send it on to another site.
  { name: "referrer", content: "same-origin" },
];

const resetSchema = z.object({ [RESET_LINK_PARAM]: z.string().min(10).max(200), password: newPasswordSchema });

export const EXPIRED_RESET_MESSAGE =
  "This link has expired or was already used. Ask for a new one from the sign-in window (Forgot your password?).";

/** The e-mailed password-reset (or guest) link: single use, valid for an hour. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const token = new URL(request.url).searchParams.get(RESET_LINK_PARAM) ?? "";
  const valid = token.length > 0 && token.length <= 200 && (await findResetToken(db, token)) !== null;
  return { token: valid ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { session } = context.get(visitorContext);
  const submission = parseWithZod(await readForm(request), { schema: resetSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const customerId = await resetPasswordWithToken(
    services.db,
    submission.value[RESET_LINK_PARAM],
    submission.value.password,
  );
  if (!customerId) {
    return data(submission.reply({ formErrors: [EXPIRED_RESET_MESSAGE], hideFields: ["password"] }), { status: 400 });
  }
  await startSignedInSession(services, session, { id: customerId }, "reset", false);
  return redirect(AFTER_SIGN_IN_PATH, {
    status: 303,
    headers: { "Set-Cookie": await services.sessions.commitSession(session) },
  });
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "reset-password",
    defaultNoValidate: false,
    lastResult: actionData,
    constraint: getZodConstraint(resetSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetSchema }),
    shouldValidate: "onBlur",
  });
  if (!loaderData.token) {
    return (
      <section className="narrow-page">
        <h1>Set a new password</h1>
        <p className="notice" role="alert">
          {EXPIRED_RESET_MESSAGE}
        </p>
        <p>
          <Link to="/?signin=forgot">Send me a new link</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="narrow-page">
      <h1>Set a new password</h1>
      <Form method="post" {...getFormProps(form)}>
        <FieldError as="p" field={form} />
        <input type="hidden" name={RESET_LINK_PARAM} value={loaderData.token} />
        <p className="form-field">
          <label htmlFor={fields.password.id}>New password (at least 8 characters)</label>
          <input
            {...getInputProps(fields.password, { type: "password" })}
            key={fields.password.key}
            autoComplete="new-password"
          />
          <FieldError field={fields.password} />
        </p>
        <button type="submit" className="button button-primary">
          Save password and sign in
        </button>
      </Form>
    </section>
  );
}

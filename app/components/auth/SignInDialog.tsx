import {
  getFormProps,
  getInputProps,
  useForm,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import type { z } from "zod";
import { Form, Link } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import {
  createAccountFormSchema,
  EXAM_SIGN_IN_MESSAGE,
  forgotFormSchema,
  guestFormSchema,
  pinFormSchema,
  sendPinFormSchema,
  signInFormSchema,
  signInHref,
  type SignInSlide,
} from "~/models/sign-in";
import { PIN_DIGITS } from "~/models/auth-limits";
import { UrlDialog } from "../ui/UrlDialog";
import { FieldError } from "~/components/forms/FieldError";
import { TextField } from "~/components/account/FormFields";

export const AUTH_ACTION = "/resources/auth";

export interface SignInDialogProps {
  slide: SignInSlide;
  /** The page under the dialog (without its parameters). */
  returnTo: string;
  /** Where to go after signing in, when the shopper asked for a protected page. */
  redirectTo: string | null;
  /** PIN login for a guest account (spec 2.10 guest mode). */
  guestMode: boolean;
  notice: string | null;
  email: string | null;
  lastResult: SubmissionResult<string[]> | null;
}

const TITLES: Record<SignInSlide, string> = {
  "sign-in": "Sign in",
  guest: "Check out as a guest",
  "create-account": "Create your account",
  pin: "Enter your code",
  forgot: "Forgot your password?",
};

/** Spec 2.10: the sign-in dialog, one slide at a time, each a plain form. */
export function SignInDialog(props: SignInDialogProps) {
  // Closing stays on the page under the dialog. A protected page the shopper was sent away from is never that
  // page: the guard opens the dialog over home (spec 2.2), so closing goes home.
  const closeHref = props.returnTo;
  const slideHref = (slide: SignInSlide) =>
    signInHref(props.returnTo, slide, props.redirectTo ? { redirectTo: props.redirectTo } : {});
  return (
    <UrlDialog titleId="sign-in-title" title={TITLES[props.slide]} closeHref={closeHref}>
      {props.notice ? (
        <p className="notice" role="status">
          {props.notice}
        </p>
      ) : null}
      {props.slide === "sign-in" ? <SignInSlideForm {...props} slideHref={slideHref} /> : null}
      {props.slide === "create-account" ? <CreateAccountForm {...props} slideHref={slideHref} /> : null}
      {props.slide === "guest" || props.slide === "forgot" ? (
        <EmailOnlyForm {...props} slideHref={slideHref} intent={props.slide} {...EMAIL_ONLY_SLIDES[props.slide]} />
      ) : null}
      {props.slide === "pin" ? <PinForm {...props} slideHref={slideHref} /> : null}
    </UrlDialog>
  );
}

type SlideProps = SignInDialogProps & { slideHref: (slide: SignInSlide) => string };

function Hidden({ intent, returnTo, redirectTo }: { intent: string; returnTo: string; redirectTo: string | null }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <HoneypotInputs label="Please leave this field blank" />
    </>
  );
}

/** Signing in or creating an account may keep the session past the browser's closing. */
function RememberMe() {
  return (
    <p className="form-check">
      <label>
        <input type="checkbox" name="rememberMe" /> Remember me
      </label>
    </p>
  );
}

type SlideFields = Record<"email" | "password" | "firstName" | "lastName" | "pin", FieldMetadata<string>>;

/** A slide's form: the same zod schema checks it here (and natively) and in the action. */
function useSlideForm(
  id: string,
  schema: z.ZodType,
  props: SlideProps,
): [FormMetadata<Record<string, string>>, SlideFields] {
  const [form, fields] = useForm<Record<string, string>>({
    id,
    // Without JavaScript the browser checks required fields itself (Conform would turn that off).
    defaultNoValidate: false,
    lastResult: props.lastResult,
    constraint: getZodConstraint(schema),
    defaultValue: { email: props.email ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return [form, fields as unknown as SlideFields];
}

function SlideLinks({ children }: { children: ReactNode }) {
  return <p className="dialog-links">{children}</p>;
}

function SignInSlideForm(props: SlideProps) {
  const [form, fields] = useSlideForm("sign-in-form", signInFormSchema, props);
  return (
    <Form method="post" action={AUTH_ACTION} {...getFormProps(form)}>
      <Hidden intent="sign-in" returnTo={props.returnTo} redirectTo={props.redirectTo} />
      <FieldError as="p" field={form} />
      <TextField label="E-mail" field={fields.email} type="email" autoComplete="email" />
      <TextField label="Password" field={fields.password} type="password" autoComplete="current-password" />
      <RememberMe />
      <button type="submit" className="button button-primary">
        Sign in
      </button>
      <SlideLinks>
        <Link to={props.slideHref("forgot")} replace preventScrollReset>
          Forgot your password?
        </Link>{" "}
        ·{" "}
        <Link to={props.slideHref("create-account")} replace preventScrollReset>
          Create an account
        </Link>{" "}
        ·{" "}
        <Link to={props.slideHref("guest")} replace preventScrollReset>
          Check out as a guest
        </Link>
      </SlideLinks>
    </Form>
  );
}

function CreateAccountForm(props: SlideProps) {
  const [form, fields] = useSlideForm("create-account-form", createAccountFormSchema, props);
  const inExam = props.returnTo.split("?")[0]!.includes("exam");
  return (
    <Form method="post" action={AUTH_ACTION} {...getFormProps(form)}>
      {inExam ? <p className="notice">{EXAM_SIGN_IN_MESSAGE}</p> : null}
      <Hidden intent="create-account" returnTo={props.returnTo} redirectTo={props.redirectTo} />
      <FieldError as="p" field={form} />
      <TextField label="First name" field={fields.firstName} type="text" autoComplete="given-name" />
      <TextField label="Last name" field={fields.lastName} type="text" autoComplete="family-name" />
      <TextField label="E-mail" field={fields.email} type="email" autoComplete="email" />
      <TextField
        label="Password (at least 8 characters)"
        field={fields.password}
        type="password"
        autoComplete="new-password"
      />
      <RememberMe />
      <button type="submit" className="button button-primary">
        Create account
      </button>
      <SlideLinks>
        Already have an account?{" "}
        <Link to={props.slideHref("sign-in")} replace preventScrollReset>
          Sign in
        </Link>
      </SlideLinks>
    </Form>
  );
}

type EmailOnlySlide = "guest" | "forgot";

/** What the slides that only ask for an e-mail say, and the schema their action checks. */
const EMAIL_ONLY_SLIDES: Record<EmailOnlySlide, { schema: z.ZodType; intro: string; submitLabel: string }> = {
  guest: {
    schema: guestFormSchema,
    intro: "No password needed. If you've shopped with us before, we'll e-mail you a code to sign in.",
    submitLabel: "Continue",
  },
  forgot: {
    schema: forgotFormSchema,
    intro: "Enter your e-mail. We'll send a code to sign in right away and a link to set a new password.",
    submitLabel: "Send me a code",
  },
};

/** The slides that only ask for an e-mail: guest checkout and forgot password. */
function EmailOnlyForm({
  intent,
  schema,
  intro,
  submitLabel,
  ...props
}: SlideProps & { intent: EmailOnlySlide; schema: z.ZodType; intro: string; submitLabel: string }) {
  const [form, fields] = useSlideForm(`${intent}-form`, schema, props);
  return (
    <Form method="post" action={AUTH_ACTION} {...getFormProps(form)}>
      <p>{intro}</p>
      <Hidden intent={intent} returnTo={props.returnTo} redirectTo={props.redirectTo} />
      <FieldError as="p" field={form} />
      <TextField label="E-mail" field={fields.email} type="email" autoComplete="email" />
      <button type="submit" className="button button-primary">
        {submitLabel}
      </button>
      <SlideLinks>
        <Link to={props.slideHref("sign-in")} replace preventScrollReset>
          Back to sign in
        </Link>
      </SlideLinks>
    </Form>
  );
}

function PinForm(props: SlideProps) {
  const [form, fields] = useSlideForm("pin-form", pinFormSchema, props);
  const [resendForm] = useSlideForm("send-pin-form", sendPinFormSchema, { ...props, lastResult: null });
  return (
    <>
      {props.guestMode ? (
        <p>
          Your account has no password yet: sign in with the code we e-mailed you, and set a password later if you like.
        </p>
      ) : null}
      <Form method="post" action={AUTH_ACTION} {...getFormProps(form)}>
        <Hidden intent="pin-login" returnTo={props.returnTo} redirectTo={props.redirectTo} />
        <FieldError as="p" field={form} />
        <TextField label="E-mail" field={fields.email} type="email" autoComplete="email" />
        <p className="form-field">
          <label htmlFor={fields.pin.id}>6-digit code</label>
          <input
            {...getInputProps(fields.pin, { type: "text" })}
            key={fields.pin.key}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={PIN_DIGITS}
          />
          <FieldError field={fields.pin} />
        </p>
        <button type="submit" className="button button-primary">
          Sign in
        </button>
      </Form>
      <Form method="post" action={AUTH_ACTION} {...getFormProps(resendForm)} className="dialog-links">
        <Hidden intent="send-pin" returnTo={props.returnTo} redirectTo={props.redirectTo} />
        <input type="hidden" name="email" value={props.email ?? ""} />
        <button type="submit" className="link-button" disabled={!props.email}>
          Send a new code
        </button>{" "}
        ·{" "}
        <Link to={props.slideHref("sign-in")} replace preventScrollReset>
          Back to sign in
        </Link>
      </Form>
    </>
  );
}

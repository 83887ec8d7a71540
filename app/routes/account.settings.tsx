import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useLocation } from "react-router";
import { AccountNav, CheckboxField, SavedNotice, TextField } from "~/components/account/FormFields";
import {
  EMAIL_MAX,
  FIRST_NAME_MAX,
  formatPhone,
  LAST_NAME_MAX,
  PREFERENCE_TYPES,
  TEXT_INTERESTS,
} from "~/models/account";
import {
  type FLAG_NAMES,
  passwordSchema,
  PREFERENCE_LABELS,
  preferencesSchema,
  profileSchema,
  SAVED_MESSAGES,
  SETTINGS_MESSAGES,
  TEXT_INTEREST_LABELS,
  type SavedFlag,
} from "~/models/account-settings";
import type { PageHandle } from "~/models/page";
import { deleteAllAuthSessions, EmailTakenError } from "~/services/accounts/auth/accounts.server";
import { signedInCustomer } from "~/services/accounts/auth/signed-in.server";
import { startSignedInSession } from "~/services/sign-in/sign-in.server";
import { servicesContext, visitorContext } from "~/services/platform/context.server";
import {
  changePassword,
  getCustomerSettings,
  updatePreferences,
  updateProfile,
} from "~/services/accounts/customers.server";
import { readForm } from "~/services/platform/http.server";
import type { Route } from "./+types/account.settings";
import { FieldError } from "~/components/forms/FieldError";
import { useFieldForm } from "~/components/forms/use-field-form";

export const handle: PageHandle = { pageName: "Account" };

export const meta: Route.MetaFunction = () => [
  { title: "Account settings | Lenslane" },
  { name: "robots", content: "noindex" },
];

/** Signed-in only (spec 6). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const customer = signedInCustomer(context);
  const { db } = context.get(servicesContext);
  const settings = await getCustomerSettings(db, customer.id);
  if (!settings) throw data(null, { status: 404 });
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    settings: { ...settings, phone: settings.phone ? formatPhone(settings.phone) : "" },
    saved: saved && Object.hasOwn(SAVED_MESSAGES, saved) ? SAVED_MESSAGES[saved as SavedFlag] : null,
  };
}

const savedRedirect = (flag: SavedFlag, headers?: HeadersInit) =>
  redirect(`/account/settings?saved=${flag}`, { status: 303, headers });

export async function action({ request, context }: Route.ActionArgs) {
  const customer = signedInCustomer(context);
  const services = context.get(servicesContext);
  const { db } = services;
  const formData = await readForm(request);
  const intent = formData.get("intent");

  if (intent === "update-profile") {
    const submission = parseWithZod(formData, { schema: profileSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    try {
      await updateProfile(db, customer.id, { ...submission.value, phone: submission.value.phone ?? null });
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      const result = submission.reply({ fieldErrors: { email: [SETTINGS_MESSAGES.emailTaken] } });
      return data({ intent, result }, { status: 400 });
    }
    return savedRedirect("profile");
  }

  if (intent === "change-password") {
    const submission = parseWithZod(formData, { schema: passwordSchema(customer.hasPassword) });
    const hideFields = ["currentPassword", "newPassword"];
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
    }
    const outcome = await changePassword(db, customer.id, submission.value);
    if (outcome !== "changed") {
      const result =
        outcome === "too-many-attempts"
          ? submission.reply({ formErrors: [SETTINGS_MESSAGES.tooManyTries], hideFields })
          : submission.reply({ fieldErrors: { currentPassword: [SETTINGS_MESSAGES.wrongPassword] }, hideFields });
      return data({ intent, result }, { status: outcome === "too-many-attempts" ? 429 : 400 });
    }
    // A new password ends every other sign-in; this browser stays signed in with a fresh session.
    const { session } = context.get(visitorContext);
    await deleteAllAuthSessions(db, customer.id);
    const method = customer.hasPassword ? "password" : "promote";
    await startSignedInSession(services, session, customer, method, session.get("rememberMe") === true);
    return savedRedirect("password", { "Set-Cookie": await services.sessions.commitSession(session) });
  }

  if (intent === "update-preferences") {
    const settings = await getCustomerSettings(db, customer.id);
    const submission = parseWithZod(formData, { schema: preferencesSchema(!!settings?.phone) });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const value = submission.value;
    const pick = <K extends (typeof FLAG_NAMES)[number]>(names: readonly K[]) =>
      Object.fromEntries(names.map((name) => [name, value[name] === true])) as Record<K, boolean>;
    await updatePreferences(db, customer.id, {
      preferences: pick(PREFERENCE_TYPES),
      interests: pick(TEXT_INTERESTS),
      smsConsent: value.smsConsent === true,
    });
    return savedRedirect("preferences");
  }

  throw data({ error: "We couldn't tell what to save. Please try again." }, { status: 400 });
}

type Settings = Route.ComponentProps["loaderData"]["settings"];
type LastResult = SubmissionResult<string[]> | undefined;

export default function AccountSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const location = useLocation();
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <section className="account-page">
      <h1>Account settings</h1>
      <AccountNav />
      <SavedNotice message={loaderData.saved} />
      <ProfileForm
        key={[settings.firstName, settings.lastName, settings.email, settings.phone].join("|")}
        settings={settings}
        lastResult={resultFor("update-profile")}
      />
      <PasswordForm
        key={`${settings.hasPassword}-${location.key}`}
        hasPassword={settings.hasPassword}
        lastResult={resultFor("change-password")}
      />
      <PreferencesForm
        key={JSON.stringify([settings.preferences, settings.interests, settings.smsConsent])}
        settings={settings}
        lastResult={resultFor("update-preferences")}
      />
      <section className="account-section" aria-labelledby="payment-methods-title">
        <h2 id="payment-methods-title">Payment methods</h2>
        <p>
          <Link to="/account/settings/payment-methods">Manage your saved payment methods</Link>
        </p>
      </section>
    </section>
  );
}

function ProfileForm({ settings, lastResult }: { settings: Settings; lastResult: LastResult }) {
  const [form, fields] = useFieldForm(profileSchema, {
    id: "profile",
    lastResult,
    defaultValue: {
      firstName: settings.firstName,
      lastName: settings.lastName,
      email: settings.email,
      phone: settings.phone,
    },
  });
  return (
    <section className="account-section" aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="update-profile" />
        <FieldError as="p" field={form} />
        <div className="form-row">
          <TextField label="First name" field={fields.firstName} autoComplete="given-name" maxLength={FIRST_NAME_MAX} />
          <TextField label="Last name" field={fields.lastName} autoComplete="family-name" maxLength={LAST_NAME_MAX} />
        </div>
        <TextField label="E-mail" field={fields.email} type="email" autoComplete="email" maxLength={EMAIL_MAX} />
        <TextField
          label="Phone (optional)"
          field={fields.phone}
          type="tel"
          autoComplete="tel-national"
          maxLength={20}
          hint="10 digits, like (208) 555-0142. Needed for text messages."
        />
        <button type="submit" className="button button-primary">
          Save profile
        </button>
      </Form>
    </section>
  );
}

function PasswordForm({ hasPassword, lastResult }: { hasPassword: boolean; lastResult: LastResult }) {
  const schema = passwordSchema(hasPassword);
  const [form, fields] = useFieldForm(schema, { id: "password-form", lastResult });
  return (
    <section className="account-section" id="password" aria-labelledby="password-title">
      <h2 id="password-title">{hasPassword ? "Change your password" : "Set a password"}</h2>
      {hasPassword ? null : (
        <p>
          You checked out as a guest, so your account has no password yet. Set one to make it a full account you can
          sign in to any time.
        </p>
      )}
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="change-password" />
        <FieldError as="p" field={form} />
        {hasPassword ? (
          <TextField
            label="Current password"
            field={fields.currentPassword}
            type="password"
            autoComplete="current-password"
          />
        ) : null}
        <TextField
          label="New password (at least 8 characters)"
          field={fields.newPassword}
          type="password"
          autoComplete="new-password"
        />
        <button type="submit" className="button button-primary">
          {hasPassword ? "Change password" : "Set password"}
        </button>
      </Form>
    </section>
  );
}

function PreferencesForm({ settings, lastResult }: { settings: Settings; lastResult: LastResult }) {
  const hasPhone = settings.phone !== "";
  const schema = preferencesSchema(hasPhone);
  const [form, fields] = useForm({
    id: "preferences",
    // Without JavaScript the browser checks the native constraints; Conform takes over once hydrated.
    defaultNoValidate: false,
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue: { ...settings.preferences, ...settings.interests, smsConsent: settings.smsConsent },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
  });
  return (
    <section className="account-section" aria-labelledby="preferences-title">
      <h2 id="preferences-title">Communication preferences</h2>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="update-preferences" />
        <fieldset className="choice-list">
          <legend>E-mail</legend>
          {PREFERENCE_TYPES.map((type) => (
            <CheckboxField key={type} label={PREFERENCE_LABELS[type]} field={fields[type]} />
          ))}
        </fieldset>
        <fieldset className="choice-list">
          <legend>Text messages</legend>
          <p className="form-hint">
            {hasPhone
              ? `Texts go to ${settings.phone}, the phone number in your profile.`
              : "Texts need a phone number. Add one to your profile above to choose texts."}
          </p>
          <FieldError as="p" field={form} />
          {TEXT_INTERESTS.map((interest) => (
            <CheckboxField key={interest} label={TEXT_INTEREST_LABELS[interest]} field={fields[interest]} />
          ))}
          <CheckboxField
            field={fields.smsConsent}
            label={
              <>
                I agree to receive texts from Lenslane at the phone number in my profile. Message frequency varies;
                message and data rates may apply. Reply STOP to stop. (
                <Link to="/terms/sms-terms-and-conditions">SMS terms</Link>)
              </>
            }
          />
        </fieldset>
        <button type="submit" className="button button-primary">
          Save preferences
        </button>
      </Form>
    </section>
  );
}

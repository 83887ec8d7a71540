import { z } from "zod";
import {
  currentPasswordSchema,
  emailSchema,
  firstNameSchema,
  fullNameFits,
  lastNameSchema,
  newPasswordSchema,
  pinSchema,
  ACCOUNT_MESSAGES,
} from "./account";
import { PIN_DIGITS, PIN_VALID_MINUTES } from "./auth-limits";
import { safeReturnPathSchema } from "./return-path";
import { SIGN_IN_EMAIL_PARAM, type SignInSlide } from "./sign-in-url";

export {
  SIGN_IN_EMAIL_PARAM,
  SIGN_IN_PARAM,
  SIGN_IN_SLIDES,
  signInHref,
  signInSlide,
  withoutSignIn,
  type SignInSlide,
} from "./sign-in-url";

/** The e-mail in a dialog URL, when it is one. */
export function signInEmailOf(search: string): string | null {
  const parsed = emailSchema.safeParse(new URLSearchParams(search).get(SIGN_IN_EMAIL_PARAM) ?? undefined);
  return parsed.success ? parsed.data : null;
}

/** The exam message for signed-out visitors (spec 2.10). */
export const EXAM_SIGN_IN_MESSAGE = "We’ll save your new prescription to your account for easy ordering.";

export const SIGN_IN_MESSAGES = {
  invalidCredentials: "That e-mail and password don't match an account. Check them and try again.",
  emailTaken: "You already have an account with this e-mail. Sign in below.",
  codeSent: `We e-mailed you a ${PIN_DIGITS}-digit code. It works for ${PIN_VALID_MINUTES} minutes.`,
  forgotSent: `If there is an account for that e-mail, we've sent it a ${PIN_DIGITS}-digit code to sign in and a link to set a new password.`,
  pinWrong: "That code isn't right. Check the e-mail and try again.",
  pinExpired: "That code has expired or was already used. Send yourself a new one.",
  pinLocked: "Too many wrong tries for that code. Send yourself a new one.",
  tooManyTries: "Too many tries. Please wait a few minutes and try again.",
  fullNameTooLong: ACCOUNT_MESSAGES.fullNameTooLong,
} as const;

const common = {
  /** The page the dialog is over, without the dialog: where failures return. */
  returnTo: safeReturnPathSchema,
  /** Where to go after signing in (a protected page the shopper asked for). */
  redirectTo: safeReturnPathSchema.optional(),
};
const rememberMe = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

export const signInFormSchema = z.object({
  intent: z.literal("sign-in"),
  email: emailSchema,
  password: currentPasswordSchema,
  rememberMe,
  ...common,
});

export const createAccountFormSchema = z
  .object({
    intent: z.literal("create-account"),
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    rememberMe,
    ...common,
  })
  .refine((value) => fullNameFits(value.firstName, value.lastName), {
    path: ["lastName"],
    error: SIGN_IN_MESSAGES.fullNameTooLong,
  });

export const guestFormSchema = z.object({ intent: z.literal("guest"), email: emailSchema, ...common });
export const forgotFormSchema = z.object({ intent: z.literal("forgot"), email: emailSchema, ...common });
export const sendPinFormSchema = z.object({ intent: z.literal("send-pin"), email: emailSchema, ...common });
export const pinFormSchema = z.object({
  intent: z.literal("pin-login"),
  email: emailSchema,
  pin: pinSchema,
  ...common,
});

export const signInDialogSchema = z.discriminatedUnion("intent", [
  signInFormSchema,
  createAccountFormSchema,
  guestFormSchema,
  forgotFormSchema,
  sendPinFormSchema,
  pinFormSchema,
]);
export type SignInDialogSubmission = z.infer<typeof signInDialogSchema>;

/** The slide each form lives on (where its errors are shown). */
export const SLIDE_OF_INTENT: Record<SignInDialogSubmission["intent"], SignInSlide> = {
  "sign-in": "sign-in",
  "create-account": "create-account",
  guest: "guest",
  forgot: "forgot",
  "send-pin": "pin",
  "pin-login": "pin",
};

import { z } from "zod";
import {
  ACCOUNT_MESSAGES,
  emailSchema,
  firstNameSchema,
  fullNameFits,
  lastNameSchema,
  newPasswordSchema,
  PASSWORD_MAX,
  phoneSchema,
  pinSchema,
  PREFERENCE_TYPES,
  TEXT_INTERESTS,
} from "~/models/account";
import { PRICE_BOOKS } from "~/models/catalog";
import { AUTH_ERROR_CODES } from "~/models/auth-errors";
import { optionalBoolean } from "../auth.server";
import { isoDateTime, operation, type ApiOperation } from "./registry.server";

/** Authentication (spec 1 §7, spec 3 §7): request schemas the routes parse with, and the answers. */

const tag = "Authentication";

// --- Requests --------------------------------------------------------------------------------------------------

const fullName = {
  when: (value: { firstName?: string; lastName?: string }) =>
    value.firstName === undefined || value.lastName === undefined || fullNameFits(value.firstName, value.lastName),
  options: { path: ["lastName"], error: ACCOUNT_MESSAGES.fullNameTooLong },
};

export const createAccountSchema = z
  .object({
    emailAddress: emailSchema,
    password: newPasswordSchema,
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    phoneNumber: phoneSchema.nullish(),
    rememberMe: optionalBoolean,
  })
  .refine(fullName.when, fullName.options);

export const promoteAccountSchema = z
  .object({ password: newPasswordSchema, firstName: firstNameSchema.optional(), lastName: lastNameSchema.optional() })
  .refine(fullName.when, fullName.options);

export const autoLoginSchema = z.object({
  autoLoginToken: z
    .string({ error: "Send the autoLoginToken." })
    .trim()
    .min(1, { error: "Send the autoLoginToken." })
    .max(200, { error: "That autoLoginToken is not valid." }),
  rememberMe: optionalBoolean,
});

export const createPinSchema = z.object({ email: emailSchema, isSms: optionalBoolean });

export const guestResetSchema = z.object({ emailAddress: emailSchema });

/** Spec 5: login needs both username and password; any other check happens against the account. */
export const loginSchema = z.object({
  username: z
    .string({ error: "Enter your e-mail address." })
    .trim()
    .min(1, { error: "Enter your e-mail address." })
    .max(254, { error: "That e-mail address is too long." }),
  password: z
    .string({ error: "Enter your password." })
    .min(1, { error: "Enter your password." })
    .max(PASSWORD_MAX, { error: "That password is too long." }),
  rememberMe: optionalBoolean,
});

/**
 * The spec's logout payload carries the price book. It is checked but not applied: a client must not pick its
 * own prices (the price book comes from the server's campaign rules).
 */
export const logoutSchema = z.object({
  priceBook: z.enum(PRICE_BOOKS, { error: `priceBook is one of: ${PRICE_BOOKS.join(", ")}.` }).optional(),
});

/** couponName and source are accepted as the spec sends them; the reset link does not depend on them. */
export const passwordResetSchema = z.object({
  emailAddress: emailSchema,
  couponName: z.string({ error: "couponName is text." }).max(50, { error: "couponName is too long." }).optional(),
  source: z.string({ error: "source is text." }).max(50, { error: "source is too long." }).optional(),
});

export const pinLoginSchema = z.object({ emailAddress: emailSchema, pin: pinSchema });

export const updatePasswordSchema = z.object({ password: newPasswordSchema });

/** The lookups' query parameters (each route parses its one parameter with the schema named here). */
export const emailQuerySchema = z.object({ email: emailSchema });
export const phoneQuerySchema = z.object({ phone: phoneSchema });

// --- Answers ---------------------------------------------------------------------------------------------------

/** This family's errors carry the spec's code (spec 3 §8). */
export const authErrorSchema = z.object({
  code: z.enum(AUTH_ERROR_CODES),
  error: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

const authErrors = (byStatus: Record<number, string>) =>
  Object.fromEntries(
    Object.entries(byStatus).map(([status, description]) => [status, { description, schema: authErrorSchema }]),
  );

export const customerSchema = z.object({
  customerId: z.number().int(),
  emailAddress: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  customerToken: z.string().nullable(),
  subscriptionsCount: z.number().int(),
  preferences: z.array(z.object({ preferenceType: z.enum(PREFERENCE_TYPES), isOptedIn: z.boolean() })),
  interests: z.array(z.object({ interestType: z.enum(TEXT_INTERESTS), isOptedIn: z.boolean() })),
  attributes: z.array(z.object({ typeId: z.number().int(), value: z.string() })),
});

const signedInSchema = z.object({
  customer: customerSchema,
  token: z.string().describe("Send as `Authorization: Bearer <token>`."),
  expiresAt: isoDateTime,
});
const emptySchema = z.object({});

/** The auto-login link opens the entry guard's page (spec 2.2): order history after a recent order, else the dashboard. */
const autoSignedInSchema = signedInSchema.extend({
  entryPath: z.enum(["/account/order-history", "/dashboard"]).describe("Where an app opening the link goes first."),
});

const signIn = (path: string, summary: string, body: z.ZodType, answer: z.ZodType = signedInSchema): ApiOperation =>
  operation({
    method: "POST",
    path,
    summary,
    tag,
    auth: "none",
    body,
    responses: {
      200: { description: "Signed in: the customer and a bearer token.", schema: answer },
      ...authErrors({ 400: "Bad input or wrong credentials.", 429: "Too many attempts (Retry-After)." }),
    },
  });

const sendsEmail = (path: string, summary: string, body: z.ZodType, code = 400): ApiOperation =>
  operation({
    method: "POST",
    path,
    summary,
    tag,
    auth: "none",
    body,
    responses: {
      200: { description: "Done; the same answer whether the e-mail has an account or not.", schema: emptySchema },
      ...authErrors({ [code]: "Bad input.", 429: "Too many attempts (Retry-After)." }),
    },
  });

const lookup = (path: string, summary: string, query: z.ZodObject, answer: z.ZodObject): ApiOperation =>
  operation({
    method: "GET",
    path,
    summary,
    tag,
    auth: "none",
    query,
    responses: {
      200: { description: "The answer.", schema: answer },
      ...authErrors({ 400: "A missing or malformed parameter.", 429: "Too many lookups (Retry-After)." }),
    },
  });

export const operations: ApiOperation[] = [
  signIn("/api/authentication/login", "Sign in with e-mail and password", loginSchema),
  signIn(
    "/api/authentication/autoLogin",
    "Sign in with an e-mailed auto-login token",
    autoLoginSchema,
    autoSignedInSchema,
  ),
  signIn("/api/authentication/pinLogin", "Sign in with an e-mailed PIN", pinLoginSchema),
  operation({
    method: "POST",
    path: "/api/authentication/logout",
    summary: "Sign out (the bearer token or the cookie session ends)",
    tag,
    auth: "optional",
    body: logoutSchema,
    bodyRequired: false,
    responses: {
      200: { description: "Signed out (also when there was no session).", schema: emptySchema },
      ...authErrors({ 400: "Bad input.", 500: "The session could not be ended (code Logout)." }),
    },
  }),
  sendsEmail("/api/authentication/passwordReset", "E-mail a password reset link", passwordResetSchema),
  sendsEmail("/api/authentication/guestReset", "E-mail a guest account a link to set a password", guestResetSchema),
  sendsEmail("/api/authentication/createPin", "E-mail a sign-in PIN", createPinSchema),
  operation({
    method: "POST",
    path: "/api/authentication/updatePassword",
    summary: "Change the signed-in customer's password (other sessions end)",
    tag,
    auth: "customer",
    body: updatePasswordSchema,
    responses: {
      200: { description: "Changed.", schema: emptySchema },
      ...authErrors({ 400: "Bad input.", 401: "Signed out." }),
    },
  }),
  operation({
    method: "GET",
    path: "/api/authentication/password",
    summary: "Whether the signed-in customer has a password",
    tag,
    auth: "customer",
    responses: {
      200: { description: "The answer.", schema: z.object({ hasPassword: z.boolean() }) },
      ...authErrors({ 401: "Signed out." }),
    },
  }),
  lookup(
    "/api/authentication/email/password",
    "Whether an e-mail's account has a password",
    emailQuerySchema,
    z.object({ hasPassword: z.boolean() }),
  ),
  lookup(
    "/api/authentication/email",
    "Whether an e-mail has an account",
    emailQuerySchema,
    z.object({ exists: z.boolean() }),
  ),
  lookup(
    "/api/authentication/phone",
    "Whether a phone number has an account",
    phoneQuerySchema,
    z.object({ exists: z.boolean() }),
  ),
  operation({
    method: "POST",
    path: "/api/authentication/account",
    summary: "Create an account (signed in at once)",
    tag,
    auth: "none",
    body: createAccountSchema,
    responses: {
      201: { description: "Created and signed in.", schema: signedInSchema },
      ...authErrors({ 400: "Bad input, or the e-mail has an account (CreateAccountFailed).", 429: "Too many." }),
    },
  }),
  operation({
    method: "PUT",
    path: "/api/authentication/account",
    summary: "Give the signed-in guest account its first password",
    tag,
    auth: "customer",
    body: promoteAccountSchema,
    responses: {
      200: { description: "The customer.", schema: z.object({ customer: customerSchema }) },
      ...authErrors({ 400: "Bad input, or the account has a password (CreateAccountFailed).", 401: "Signed out." }),
    },
  }),
];

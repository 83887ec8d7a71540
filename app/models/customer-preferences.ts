import { z } from "zod";
import { emailSchema, phoneSchema, PREFERENCE_TYPES, TEXT_INTERESTS } from "./account";

/**
 * The customer-preference calls (spec 3 §7 'Customer preferences', §8 customer errors): each route's request and
 * response schemas, exported for the routes and for the OpenAPI document. Errors answer `{ code, error }`.
 */

export const CUSTOMER_ERROR_CODES = [
  "NoCustomerAvailable",
  "InvalidEmailPreferences",
  "InvalidPhoneInterests",
  "InvalidRxCapturePreference",
  "InvalidArguments",
] as const;
export type CustomerErrorCode = (typeof CUSTOMER_ERROR_CODES)[number];

/** Spec 3 §8: NoCustomerAvailable's message; the Invalid... defaults when no more precise message applies. */
export const CUSTOMER_ERROR_MESSAGES: Record<CustomerErrorCode, string> = {
  NoCustomerAvailable: "No Customer Available to perform this action",
  InvalidEmailPreferences: "The e-mail preferences are not valid.",
  InvalidPhoneInterests: "The phone interests are not valid.",
  InvalidRxCapturePreference: "The Rx capture preference is not valid.",
  InvalidArguments: "The request is not valid.",
};

export const customerErrorResponseSchema = z.object({
  code: z.enum(CUSTOMER_ERROR_CODES),
  error: z.string(),
});

const SOURCE_MAX = 50;
const MC_ID_MAX = 100;
/** Printable text without angle brackets: a label the store stores and may show on an internal page. */
const LABEL_PATTERN = /^[^\p{Cc}<>]+$/u;

export const preferenceSchema = z.object({
  preferenceType: z.enum(PREFERENCE_TYPES, { error: `preferenceType must be one of: ${PREFERENCE_TYPES.join(", ")}.` }),
  isOptedIn: z.boolean({ error: "isOptedIn must be true or false." }),
});
export type Preference = z.infer<typeof preferenceSchema>;

export const interestSchema = z.object({
  interestType: z.enum(TEXT_INTERESTS, { error: `interestType must be one of: ${TEXT_INTERESTS.join(", ")}.` }),
  isOptedIn: z.boolean({ error: "isOptedIn must be true or false." }),
});
export type Interest = z.infer<typeof interestSchema>;

const uniqueBy =
  <T>(key: (item: T) => string, message: string) =>
  (items: T[], context: z.core.$RefinementCtx<T[]>) => {
    if (new Set(items.map(key)).size !== items.length) context.addIssue({ code: "custom", message });
  };

// --- POST api/customers/phoneInterests {phoneNumber, interests, source} -----------------------------------------

export const phoneInterestsRequestSchema = z.object({
  phoneNumber: z.string({ error: "Send the phoneNumber." }).pipe(phoneSchema),
  interests: z
    .array(interestSchema, { error: "Send the interests as a list." })
    .min(1, { error: "Send at least one interest." })
    .max(TEXT_INTERESTS.length)
    .superRefine(uniqueBy((item) => item.interestType, "Send each interestType once.")),
  source: z
    .string({ error: "Send the source." })
    .trim()
    .min(1, { error: "Send the source." })
    .max(SOURCE_MAX, { error: `The source can be at most ${SOURCE_MAX} characters.` })
    .regex(LABEL_PATTERN, { error: "The source has characters we can't accept." }),
});

export const phoneInterestsResponseSchema = z.object({
  phoneNumber: z.string().describe("10 digits"),
  isAccountPhone: z.boolean(),
  interests: z.array(interestSchema),
  source: z.string().nullable(),
});
export type PhoneInterestsResponse = z.infer<typeof phoneInterestsResponseSchema>;

// --- POST api/customers/email {emailAddress, preferences, cordialMcId} ------------------------------------------

export const emailPreferencesRequestSchema = z.object({
  emailAddress: z.string({ error: "Send the emailAddress." }).pipe(emailSchema),
  preferences: z
    .array(preferenceSchema, { error: "Send the preferences as a list." })
    .min(1, { error: "Send at least one preference." })
    .max(PREFERENCE_TYPES.length)
    .superRefine(uniqueBy((item) => item.preferenceType, "Send each preferenceType once.")),
  cordialMcId: z
    .string({ error: "cordialMcId must be text." })
    .trim()
    .max(MC_ID_MAX, { error: `cordialMcId can be at most ${MC_ID_MAX} characters.` })
    .regex(LABEL_PATTERN, { error: "cordialMcId has characters we can't accept." })
    .nullish(),
});

export const emailPreferencesResponseSchema = z.object({
  emailAddress: z.string(),
  isAccountEmail: z.boolean(),
  preferences: z.array(preferenceSchema),
  cordialMcId: z.string().nullable(),
});
export type EmailPreferencesResponse = z.infer<typeof emailPreferencesResponseSchema>;

// --- POST api/customers/rxCapturePreference [preference] --------------------------------------------------------

export const rxCapturePreferenceRequestSchema = z
  .array(
    z.object({
      preferenceType: z.literal("RxCapture", { error: "preferenceType must be RxCapture." }),
      isOptedIn: z.boolean({ error: "isOptedIn must be true or false." }),
    }),
    { error: "Send a list with one RxCapture preference." },
  )
  .length(1, { error: "Send a list with one RxCapture preference." });

export const rxCapturePreferenceResponseSchema = z.object({ preference: preferenceSchema });

// --- POST api/customers/attribute {attribute} -------------------------------------------------------------------

export const ATTRIBUTE_VALUE_MAX = 50;
export const attributeSchema = z.object({
  typeId: z.int({ error: "typeId must be a whole number." }).min(1).max(1000),
  value: z
    .string({ error: "Send the attribute's value." })
    .trim()
    .min(1, { error: "Send the attribute's value." })
    .max(ATTRIBUTE_VALUE_MAX, { error: `The value can be at most ${ATTRIBUTE_VALUE_MAX} characters.` })
    .regex(LABEL_PATTERN, { error: "The value has characters we can't accept." }),
});
export const attributeRequestSchema = z.object({ attribute: attributeSchema });
export const attributeResponseSchema = z.object({ attributes: z.array(attributeSchema) });

// --- GET api/customers/phones?emailAddress ----------------------------------------------------------------------

export const phonesQuerySchema = z.object({ emailAddress: z.string().pipe(emailSchema) });
export const phonesResponseSchema = z.object({
  emailAddress: z.string(),
  phones: z.array(phoneInterestsResponseSchema),
});
export type PhonesResponse = z.infer<typeof phonesResponseSchema>;

// --- GET api/session/client-ip ----------------------------------------------------------------------------------

export const clientIpResponseSchema = z.object({ clientIp: z.string() });

/** Flags as the API lists them: every known type, in the spec's order, false unless opted in. */
export function preferenceList(flags: Record<string, boolean>): Preference[] {
  return PREFERENCE_TYPES.map((preferenceType) => ({ preferenceType, isOptedIn: flags[preferenceType] === true }));
}
export function interestList(flags: Record<string, boolean>): Interest[] {
  return TEXT_INTERESTS.map((interestType) => ({ interestType, isOptedIn: flags[interestType] === true }));
}

/** The stored flags with the sent ones applied (types not sent keep their value). */
export function mergeFlags(
  stored: Record<string, boolean>,
  sent: ReadonlyArray<{ isOptedIn: boolean } & ({ preferenceType: string } | { interestType: string })>,
): Record<string, boolean> {
  const next = { ...stored };
  for (const item of sent) next["preferenceType" in item ? item.preferenceType : item.interestType] = item.isOptedIn;
  return next;
}

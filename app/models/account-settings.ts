import { z } from "zod";
import {
  ACCOUNT_MESSAGES,
  currentPasswordSchema,
  emailSchema,
  firstNameSchema,
  fullNameFits,
  lastNameSchema,
  newPasswordSchema,
  phoneSchema,
  PREFERENCE_TYPES,
  TEXT_INTERESTS,
} from "./account";

/** The account settings forms: one schema per form, used by the browser (Conform) and by the action. */

export const SETTINGS_MESSAGES = {
  emailTaken: "That e-mail belongs to another account.",
  wrongPassword: "That isn't your current password.",
  tooManyTries: "Too many tries. Please wait 15 minutes and try again.",
  textsNeedPhone: "Add a phone number to your profile above before choosing texts.",
  textsNeedConsent: "To get texts, agree to the SMS terms.",
} as const;

export const profileSchema = z
  .object({ firstName: firstNameSchema, lastName: lastNameSchema, email: emailSchema, phone: phoneSchema.optional() })
  .superRefine(
    (value, ctx) => {
      const failed = ctx.issues.some((issue) => issue.path?.[0] === "firstName" || issue.path?.[0] === "lastName");
      if (!failed && !fullNameFits(value.firstName, value.lastName)) {
        ctx.addIssue({ code: "custom", path: ["lastName"], message: ACCOUNT_MESSAGES.fullNameTooLong });
      }
    },
    { when: () => true },
  );

/** A guest (quasi) account has no password yet, so it sets one without a current password. */
export function passwordSchema(hasPassword: boolean) {
  return z.object({
    currentPassword: hasPassword ? currentPasswordSchema : z.string().optional(),
    newPassword: newPasswordSchema,
  });
}

const flag = z.boolean().optional();
type Flag = typeof flag;
export const FLAG_NAMES = [...PREFERENCE_TYPES, ...TEXT_INTERESTS, "smsConsent"] as const;

/** Text interests need a phone number (the one in the profile) and the SMS terms agreed to. */
export function preferencesSchema(hasPhone: boolean) {
  const shape = Object.fromEntries(FLAG_NAMES.map((name) => [name, flag])) as Record<(typeof FLAG_NAMES)[number], Flag>;
  return z.object(shape).superRefine((value, ctx) => {
    if (!TEXT_INTERESTS.some((interest) => value[interest])) return;
    if (!hasPhone) ctx.addIssue({ code: "custom", path: [], message: SETTINGS_MESSAGES.textsNeedPhone });
    if (!value.smsConsent) {
      ctx.addIssue({ code: "custom", path: ["smsConsent"], message: SETTINGS_MESSAGES.textsNeedConsent });
    }
  });
}

export const SAVED_MESSAGES = {
  profile: "Your profile is saved.",
  password: "Your password is saved.",
  preferences: "Your communication preferences are saved.",
} as const;
export type SavedFlag = keyof typeof SAVED_MESSAGES;

export const PREFERENCE_LABELS: Record<(typeof PREFERENCE_TYPES)[number], string> = {
  EmailPromotional: "E-mail me offers and promotions",
  EmailReorderReminder: "E-mail me when it's time to reorder",
  RxCapture: "Remind me to keep my prescription up to date",
};
export const TEXT_INTEREST_LABELS: Record<(typeof TEXT_INTERESTS)[number], string> = {
  TextOrderUpdates: "Order updates",
  TextReorderReminders: "Reorder reminders",
  TextPrescriptionUpdates: "Prescription updates",
  TextSpecialOffers: "Special offers",
};

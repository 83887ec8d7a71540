import { z } from "zod";
import { PIN_DIGITS } from "./auth-limits";

/**
 * Customer field rules (spec 3 §5): e-mail pattern, at most 50; names without digits or special symbols, first
 * at most 15, last at most 19, full name at most 35; phone 10 digits (optional leading 1), stored as digits and
 * shown (###) ###-####. Passwords: at least 8 (stricter than the spec's 6: decision 42), at most 1024.
 */
export const EMAIL_MAX = 50;
export const FIRST_NAME_MAX = 15;
export const LAST_NAME_MAX = 19;
export const FULL_NAME_MAX = 35;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 1024;

export const ACCOUNT_MESSAGES = {
  emailRequired: "Enter your e-mail address.",
  emailInvalid: "Enter a valid e-mail address.",
  emailTooLong: `E-mail addresses can be at most ${EMAIL_MAX} characters.`,
  passwordRequired: "Enter your password.",
  passwordTooShort: `Passwords must be at least ${PASSWORD_MIN} characters.`,
  passwordTooLong: `Passwords can be at most ${PASSWORD_MAX} characters.`,
  nameRequired: (field: string) => `Enter your ${field}.`,
  nameInvalid: (field: string) => `Your ${field} can't contain numbers or special symbols.`,
  nameTooLong: (field: string, max: number) => `Your ${field} can be at most ${max} characters.`,
  fullNameTooLong: `Your full name can be at most ${FULL_NAME_MAX} characters.`,
  phoneInvalid: "Enter a 10-digit phone number.",
  pinInvalid: `Enter the ${PIN_DIGITS}-digit code we e-mailed you.`,
} as const;

/** Letters (with accents), spaces, hyphens, apostrophes and periods: no digits or special symbols. */
const NAME_PATTERN = /^[\p{L}][\p{L}\p{M} .'’-]*$/u;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const emailSchema = z
  .string({ error: ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.emailRequired })
  .max(EMAIL_MAX, { error: ACCOUNT_MESSAGES.emailTooLong })
  .pipe(z.email({ error: ACCOUNT_MESSAGES.emailInvalid }));

/** A password being set: length rules apply. */
export const newPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, { error: ACCOUNT_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN, { error: ACCOUNT_MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX, { error: ACCOUNT_MESSAGES.passwordTooLong });

/** A password being checked: any non-empty value (old accounts may predate the length rule). */
export const currentPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, { error: ACCOUNT_MESSAGES.passwordRequired })
  .max(PASSWORD_MAX, { error: ACCOUNT_MESSAGES.passwordTooLong });

function nameSchema(field: string, max: number) {
  return z
    .string({ error: ACCOUNT_MESSAGES.nameRequired(field) })
    .trim()
    .min(1, { error: ACCOUNT_MESSAGES.nameRequired(field) })
    .max(max, { error: ACCOUNT_MESSAGES.nameTooLong(field, max) })
    .regex(NAME_PATTERN, { error: ACCOUNT_MESSAGES.nameInvalid(field) });
}
export const firstNameSchema = nameSchema("first name", FIRST_NAME_MAX);
export const lastNameSchema = nameSchema("last name", LAST_NAME_MAX);

/** Spec: 10 digits, or after stripping punctuation 10 digits with an optional leading 1. Returns the 10 digits. */
export function normalizePhone(raw: string): string | null {
  const digits = raw.replace(/\D/g, "");
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith("1")) return digits.slice(1);
  return null;
}

export function formatPhone(digits: string): string {
  const d = normalizePhone(digits);
  return d ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : digits;
}

export const phoneSchema = z
  .string()
  .trim()
  .refine((value) => normalizePhone(value) !== null, { error: ACCOUNT_MESSAGES.phoneInvalid })
  .transform((value) => normalizePhone(value) as string);

export const pinSchema = z
  .string({ error: ACCOUNT_MESSAGES.pinInvalid })
  .trim()
  .regex(new RegExp(`^[0-9]{${PIN_DIGITS}}$`), { error: ACCOUNT_MESSAGES.pinInvalid });

/** Full names (first + space + last) are at most 35 characters. */
export function fullNameFits(firstName: string, lastName: string): boolean {
  return `${firstName.trim()} ${lastName.trim()}`.length <= FULL_NAME_MAX;
}

/** Spec 3: communication preferences, text interests and the SMS consent attribute. */
export const PREFERENCE_TYPES = ["EmailPromotional", "EmailReorderReminder", "RxCapture"] as const;
export const TEXT_INTERESTS = [
  "TextOrderUpdates",
  "TextReorderReminders",
  "TextPrescriptionUpdates",
  "TextSpecialOffers",
] as const;
export const SMS_CONSENT_ATTRIBUTE = { typeId: 1, value: "LegalNov2023" } as const;

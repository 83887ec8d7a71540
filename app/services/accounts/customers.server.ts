import { and, eq, ne } from "drizzle-orm";
import { normalizeEmail, PREFERENCE_TYPES, SMS_CONSENT_ATTRIBUTE, TEXT_INTERESTS } from "~/models/account";
import { PASSWORD_CHANGE_RATE_LIMIT } from "~/models/auth-limits";
import { EmailTakenError, findCustomerById, forgetEmailProof, setPassword } from "./auth/accounts.server";
import { verifyPassword } from "./auth/passwords.server";
import type { Database } from "../db/client.server";
import { customers } from "../db/schema";
import { consumeRateLimit } from "../platform/rate-limit.server";

export type PreferenceType = (typeof PREFERENCE_TYPES)[number];
export type TextInterest = (typeof TEXT_INTERESTS)[number];

/** What the account settings page shows. */
export interface CustomerSettings {
  firstName: string;
  lastName: string;
  email: string;
  /** Digits only, or null. */
  phone: string | null;
  hasPassword: boolean;
  preferences: Record<PreferenceType, boolean>;
  interests: Record<TextInterest, boolean>;
  smsConsent: boolean;
}

function flags<K extends string>(keys: readonly K[], stored: Record<string, boolean>): Record<K, boolean> {
  return Object.fromEntries(keys.map((key) => [key, stored[key] === true])) as Record<K, boolean>;
}

const hasSmsConsent = (attributes: Array<{ typeId: number; value: string }>) =>
  attributes.some((a) => a.typeId === SMS_CONSENT_ATTRIBUTE.typeId && a.value === SMS_CONSENT_ATTRIBUTE.value);

export async function getCustomerSettings(db: Database, customerId: number): Promise<CustomerSettings | null> {
  const customer = await findCustomerById(db, customerId);
  if (!customer) return null;
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    hasPassword: customer.passwordHash !== null,
    preferences: flags(PREFERENCE_TYPES, customer.preferences),
    interests: flags(TEXT_INTERESTS, customer.interests),
    smsConsent: hasSmsConsent(customer.attributes),
  };
}

export interface ProfileInput {
  firstName: string;
  lastName: string;
  email: string;
  /** Digits only; null removes the phone (and with it every text interest, which needs one). */
  phone: string | null;
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Saves name, e-mail and phone. Throws EmailTakenError when another customer has the e-mail (whatever its case). A
 * new e-mail address is unproven: the account's sessions become unproven and what was e-mailed to the old address
 * stops signing in (decision 19), so changing an account's e-mail to someone else's cannot hijack that person.
 */
export async function updateProfile(db: Database, customerId: number, input: ProfileInput): Promise<void> {
  const emailNormalized = normalizeEmail(input.email);
  const [other] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.emailNormalized, emailNormalized), ne(customers.id, customerId)));
  if (other) throw new EmailTakenError("another customer has this e-mail");
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ emailNormalized: customers.emailNormalized })
        .from(customers)
        .where(eq(customers.id, customerId))
        .for("update");
      if (!current) return;
      await tx
        .update(customers)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email.trim(),
          emailNormalized,
          phone: input.phone,
          ...(input.phone === null ? { interests: flags(TEXT_INTERESTS, {}) } : {}),
          updatedAt: new Date(),
        })
        .where(eq(customers.id, customerId));
      if (current.emailNormalized !== emailNormalized) await forgetEmailProof(tx, customerId);
    });
  } catch (error) {
    // Two customers taking the same address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new EmailTakenError("another customer has this e-mail");
    throw error;
  }
}

export interface PreferencesInput {
  preferences: Record<PreferenceType, boolean>;
  interests: Record<TextInterest, boolean>;
  smsConsent: boolean;
}

/** Saves communication preferences, text interests and the SMS consent attribute; other attributes are kept. */
export async function updatePreferences(db: Database, customerId: number, input: PreferencesInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ attributes: customers.attributes })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for("update");
    if (!row) return;
    const others = row.attributes.filter((attribute) => attribute.typeId !== SMS_CONSENT_ATTRIBUTE.typeId);
    await tx
      .update(customers)
      .set({
        preferences: flags(PREFERENCE_TYPES, input.preferences),
        interests: flags(TEXT_INTERESTS, input.interests),
        attributes: input.smsConsent ? [...others, { ...SMS_CONSENT_ATTRIBUTE }] : others,
        updatedAt: new Date(),
      })
      .where(eq(customers.id, customerId));
  });
}

export type ChangePasswordResult = "changed" | "wrong-current-password" | "too-many-attempts";

/**
 * Changes the password after checking the current one; a quasi (guest) account has none and sets its first one
 * (promotion). The caller ends the customer's other sessions.
 */
export async function changePassword(
  db: Database,
  customerId: number,
  input: { currentPassword?: string; newPassword: string },
): Promise<ChangePasswordResult> {
  const customer = await findCustomerById(db, customerId);
  if (!customer) return "wrong-current-password";
  if (customer.passwordHash) {
    const allowed = await consumeRateLimit(db, [
      { bucket: `password-change:customer:${customerId}`, ...PASSWORD_CHANGE_RATE_LIMIT },
    ]);
    if (!allowed) return "too-many-attempts";
    if (!input.currentPassword || !(await verifyPassword(customer.passwordHash, input.currentPassword))) {
      return "wrong-current-password";
    }
  }
  await setPassword(db, customerId, input.newPassword);
  return "changed";
}

import { and, asc, eq } from "drizzle-orm";
import { normalizeEmail } from "~/models/account";
import {
  interestList,
  mergeFlags,
  preferenceList,
  type EmailPreferencesResponse,
  type Interest,
  type PhoneInterestsResponse,
  type PhonesResponse,
  type Preference,
} from "~/models/customer-preferences";
import type { Database } from "../db/client.server";
import { customerEmailPreferences, customerPhoneInterests, customers } from "../db/schema";

/**
 * The customer-preference calls (spec 3 §7), decision 38. The account's own e-mail and phone keep their flags on
 * the customer row (what account settings shows and edits); other addresses and numbers the app registers are rows
 * of their own. Every read and write is filtered by the signed-in customer's id, and each change is one transaction
 * that locks the customer row, so two calls cannot lose each other's flags.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function lockCustomer(tx: Tx, customerId: number) {
  const [row] = await tx.select().from(customers).where(eq(customers.id, customerId)).for("update");
  if (!row) throw new Error(`customer ${customerId} is gone`);
  return row;
}

/** Upserts a number's row with its merged interests; the call's answer for it. */
async function savePhoneRow(
  tx: Tx,
  customerId: number,
  input: { phoneNumber: string; source: string },
  interests: ReturnType<typeof mergeFlags>,
  isAccountPhone: boolean,
): Promise<PhoneInterestsResponse> {
  await tx
    .insert(customerPhoneInterests)
    .values({ customerId, phone: input.phoneNumber, interests, source: input.source })
    .onConflictDoUpdate({
      target: [customerPhoneInterests.customerId, customerPhoneInterests.phone],
      set: { interests, source: input.source, updatedAt: new Date() },
    });
  return { phoneNumber: input.phoneNumber, isAccountPhone, interests: interestList(interests), source: input.source };
}

/**
 * Text interests for a phone number. The account's phone (or the first number of an account that has none, which
 * becomes the account's phone) keeps them on the customer; any other number gets its own row.
 */
export async function savePhoneInterests(
  db: Database,
  customerId: number,
  input: { phoneNumber: string; interests: Interest[]; source: string },
): Promise<PhoneInterestsResponse> {
  return db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, customerId);
    if (!customer.phone || customer.phone === input.phoneNumber) {
      const interests = mergeFlags(customer.interests, input.interests);
      await tx
        .update(customers)
        .set({ phone: input.phoneNumber, interests, updatedAt: new Date() })
        .where(eq(customers.id, customerId));
      return savePhoneRow(tx, customerId, input, interests, true);
    }
    const [existing] = await tx
      .select()
      .from(customerPhoneInterests)
      .where(
        and(eq(customerPhoneInterests.customerId, customerId), eq(customerPhoneInterests.phone, input.phoneNumber)),
      );
    const interests = mergeFlags(existing?.interests ?? {}, input.interests);
    return savePhoneRow(tx, customerId, input, interests, false);
  });
}

/** E-mail preferences for an address: the account's own on the customer row, others on their own row. */
export async function saveEmailPreferences(
  db: Database,
  customerId: number,
  input: { emailAddress: string; preferences: Preference[]; cordialMcId?: string | null },
): Promise<EmailPreferencesResponse> {
  const emailNormalized = normalizeEmail(input.emailAddress);
  return db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, customerId);
    const isAccountEmail = customer.emailNormalized === emailNormalized;
    const [existing] = await tx
      .select()
      .from(customerEmailPreferences)
      .where(
        and(
          eq(customerEmailPreferences.customerId, customerId),
          eq(customerEmailPreferences.emailNormalized, emailNormalized),
        ),
      );
    const preferences = mergeFlags(
      isAccountEmail ? customer.preferences : (existing?.preferences ?? {}),
      input.preferences,
    );
    // Left out: keep the id we had; null clears it.
    const cordialMcId = input.cordialMcId === undefined ? (existing?.cordialMcId ?? null) : input.cordialMcId || null;
    if (isAccountEmail) {
      await tx.update(customers).set({ preferences, updatedAt: new Date() }).where(eq(customers.id, customerId));
    }
    await tx
      .insert(customerEmailPreferences)
      .values({ customerId, email: input.emailAddress, emailNormalized, preferences, cordialMcId })
      .onConflictDoUpdate({
        target: [customerEmailPreferences.customerId, customerEmailPreferences.emailNormalized],
        set: { email: input.emailAddress, preferences, cordialMcId, updatedAt: new Date() },
      });
    return {
      emailAddress: isAccountEmail ? customer.email : input.emailAddress,
      isAccountEmail,
      preferences: preferenceList(preferences),
      cordialMcId,
    };
  });
}

/** The RxCapture preference of the account (spec: POST api/customers/rxCapturePreference). */
export async function saveRxCapturePreference(
  db: Database,
  customerId: number,
  isOptedIn: boolean,
): Promise<Preference> {
  return db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, customerId);
    const preferences = { ...customer.preferences, RxCapture: isOptedIn };
    await tx.update(customers).set({ preferences, updatedAt: new Date() }).where(eq(customers.id, customerId));
    return { preferenceType: "RxCapture", isOptedIn };
  });
}

/** Saves an attribute (a consent, spec: type id 1 LegalNov2023): replaces the customer's attribute of that type. */
export async function saveAttribute(
  db: Database,
  customerId: number,
  attribute: { typeId: number; value: string },
): Promise<Array<{ typeId: number; value: string }>> {
  return db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, customerId);
    const attributes = [...customer.attributes.filter((item) => item.typeId !== attribute.typeId), attribute].sort(
      (a, b) => a.typeId - b.typeId,
    );
    await tx.update(customers).set({ attributes, updatedAt: new Date() }).where(eq(customers.id, customerId));
    return attributes.map(({ typeId, value }) => ({ typeId, value }));
  });
}

/**
 * The signed-in customer's phones, asked for by one of the customer's e-mail addresses (the account's or one
 * registered through the e-mail call). Any other address lists none: the call never says whose a number is.
 */
export async function phonesForEmail(db: Database, customerId: number, emailAddress: string): Promise<PhonesResponse> {
  const emailNormalized = normalizeEmail(emailAddress);
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) return { emailAddress, phones: [] };
  const [registered] =
    customer.emailNormalized === emailNormalized
      ? [true]
      : await db
          .select({ id: customerEmailPreferences.id })
          .from(customerEmailPreferences)
          .where(
            and(
              eq(customerEmailPreferences.customerId, customerId),
              eq(customerEmailPreferences.emailNormalized, emailNormalized),
            ),
          );
  if (!registered) return { emailAddress, phones: [] };
  const rows = await db
    .select()
    .from(customerPhoneInterests)
    .where(eq(customerPhoneInterests.customerId, customerId))
    .orderBy(asc(customerPhoneInterests.createdAt), asc(customerPhoneInterests.id));
  const phones: PhoneInterestsResponse[] = [];
  if (customer.phone) {
    const own = rows.find((row) => row.phone === customer.phone);
    phones.push({
      phoneNumber: customer.phone,
      isAccountPhone: true,
      interests: interestList(customer.interests),
      source: own?.source ?? null,
    });
  }
  for (const row of rows) {
    if (row.phone === customer.phone) continue;
    phones.push({
      phoneNumber: row.phone,
      isAccountPhone: false,
      interests: interestList(row.interests),
      source: row.source,
    });
  }
  return { emailAddress, phones };
}

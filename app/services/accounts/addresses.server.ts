import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { AddressInput, CountryCode } from "~/models/address";
import type { Database, Executor, Transaction } from "../db/client.server";
import { addresses, customers } from "../db/schema";

/**
 * The address book. Every query filters by the signed-in customer's id, so another customer's address is simply
 * not found. Changes that touch the primary flag lock the customer's row first, so one customer's changes apply
 * one after the other and exactly one address stays primary.
 */
export interface Address extends AddressInput {
  id: number;
  isPrimary: boolean;
  verificationStatus: string;
}

const columns = {
  id: addresses.id,
  firstName: addresses.firstName,
  lastName: addresses.lastName,
  address1: addresses.address1,
  address2: addresses.address2,
  city: addresses.city,
  state: addresses.state,
  postalCode: addresses.postalCode,
  country: addresses.country,
  phone: addresses.phone,
  isPrimary: addresses.isPrimary,
  verificationStatus: addresses.verificationStatus,
};

const toAddress = (row: Omit<Address, "country"> & { country: string }): Address => ({
  ...row,
  country: row.country as CountryCode,
});

/** The primary address first, then the newest. */
export async function listAddresses(db: Executor, customerId: number): Promise<Address[]> {
  const rows = await db
    .select(columns)
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(desc(addresses.isPrimary), desc(addresses.createdAt), desc(addresses.id));
  return rows.map(toAddress);
}

export async function getAddress(db: Database, customerId: number, addressId: number): Promise<Address | null> {
  const [row] = await db
    .select(columns)
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)));
  return row ? toAddress(row) : null;
}

async function lockCustomer(tx: Transaction, customerId: number): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for("update");
}

/** Adds an address; the customer's first address becomes the primary one. */
export async function createAddress(db: Executor, customerId: number, input: AddressInput): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    const [existing] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.customerId, customerId))
      .limit(1);
    const [row] = await tx
      .insert(addresses)
      .values({ ...input, customerId, isPrimary: !existing })
      .returning(columns);
    return toAddress(row!);
  });
}

/** Saves an edited address (it needs verifying again); false when the customer has no such address. */
export async function updateAddress(
  db: Database,
  customerId: number,
  addressId: number,
  input: AddressInput,
): Promise<boolean> {
  const rows = await db
    .update(addresses)
    .set({ ...input, verificationStatus: "NeedsVerification", updatedAt: new Date() })
    .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)))
    .returning({ id: addresses.id });
  return rows.length > 0;
}

/** Deletes an address; when it was the primary one, the most recent remaining address becomes primary. */
export async function deleteAddress(db: Database, customerId: number, addressId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    const [deleted] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)))
      .returning({ isPrimary: addresses.isPrimary });
    if (!deleted) return false;
    if (deleted.isPrimary) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.customerId, customerId))
        .orderBy(desc(addresses.createdAt), desc(addresses.id))
        .limit(1);
      if (next) {
        await tx.update(addresses).set({ isPrimary: true, updatedAt: new Date() }).where(eq(addresses.id, next.id));
      }
    }
    return true;
  });
}

/** Makes one address the primary one and clears the flag on the others, in one transaction. */
export async function setPrimaryAddress(db: Database, customerId: number, addressId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    const updated = await tx
      .update(addresses)
      .set({ isPrimary: true, updatedAt: new Date() })
      .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)))
      .returning({ id: addresses.id });
    if (updated.length === 0) return false;
    await tx
      .update(addresses)
      .set({ isPrimary: false, updatedAt: new Date() })
      .where(and(eq(addresses.customerId, customerId), ne(addresses.id, addressId), eq(addresses.isPrimary, true)));
    return true;
  });
}

/** The customer's primary address (checkout uses it to replace an invalid shipping address). */
export async function getPrimaryAddress(db: Database, customerId: number): Promise<Address | null> {
  const [row] = await db
    .select(columns)
    .from(addresses)
    .where(and(eq(addresses.customerId, customerId), eq(addresses.isPrimary, true)))
    .orderBy(asc(addresses.id))
    .limit(1);
  return row ? toAddress(row) : null;
}

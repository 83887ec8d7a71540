import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { COUNTRIES, type AddressInput, type CountryCode } from "~/models/address";
import { addressesEqualForShipping } from "~/models/address-standardize";
import { ensureShippingName } from "~/models/shipping-name";
import type { AddressSuggestion } from "./adapters/address-verification/address-verifier";
import { createAddress, listAddresses } from "./addresses.server";
import {
  verifyWithTimeout,
  withSuggestion,
  type AddressStepDeps,
  type VerificationStatus,
} from "./checkout-address.server";
import type { Database } from "./db/client.server";
import { addresses } from "./db/schema";
import type { StoreSession } from "./session.server";
import { setSubscriptionAddress, type ChangeResult } from "./subscriptions.server";

/**
 * A subscription's new shipping address, verified as the checkout's address step verifies it (spec 2 §4): the
 * shipping name ensured, the verifier asked within its timeout, and a suggestion that differs held for the
 * 'Verify your address' dialog. What is saved goes to the address book too (the same entry when the address is
 * already there), as checkout does, and then onto the subscription.
 */

export interface PendingSubscriptionAddress {
  subscriptionId: number;
  /** The entered address, its shipping name already ensured. */
  entry: AddressInput;
  suggestion: AddressSuggestion;
  /** The saved address it came from, if any. */
  addressId: number | null;
}

export type SubscriptionAddressOutcome =
  | { kind: "saved"; result: ChangeResult; verificationStatus: VerificationStatus }
  | { kind: "choose"; pending: PendingSubscriptionAddress };

export async function submitSubscriptionAddress(
  deps: AddressStepDeps,
  input: {
    customer: { id: number; firstName: string; lastName: string };
    subscriptionId: number;
    address: AddressInput;
    addressId: number | null;
  },
): Promise<SubscriptionAddressOutcome> {
  const book = await listAddresses(deps.db, input.customer.id);
  const entry = ensureShippingName(input.address, book, input.customer);
  const outcome = await verifyWithTimeout(deps.verifier, entry, deps.timeoutMs, deps.logger);
  if (outcome.kind === "suggestion" && !addressesEqualForShipping(entry, withSuggestion(entry, outcome.suggestion))) {
    const { subscriptionId, addressId } = input;
    return { kind: "choose", pending: { subscriptionId, entry, suggestion: outcome.suggestion, addressId } };
  }
  const verificationStatus = outcome.kind === "suggestion" ? "Verified" : "NeedsVerification";
  const result = await saveSubscriptionAddress(deps.db, {
    customerId: input.customer.id,
    subscriptionId: input.subscriptionId,
    address: entry,
    verificationStatus,
    addressId: input.addressId,
  });
  return { kind: "saved", result, verificationStatus };
}

/** The dialog's answer: the suggestion is Verified, the entry as typed is CustomerVerified. */
export async function confirmSubscriptionAddress(
  db: Database,
  input: { customerId: number; pending: PendingSubscriptionAddress; choice: "entered" | "suggested" },
): Promise<ChangeResult> {
  const { pending, choice } = input;
  return saveSubscriptionAddress(db, {
    customerId: input.customerId,
    subscriptionId: pending.subscriptionId,
    address: choice === "suggested" ? withSuggestion(pending.entry, pending.suggestion) : pending.entry,
    verificationStatus: choice === "suggested" ? "Verified" : "CustomerVerified",
    addressId: pending.addressId,
  });
}

async function saveSubscriptionAddress(
  db: Database,
  input: {
    customerId: number;
    subscriptionId: number;
    address: AddressInput;
    verificationStatus: VerificationStatus;
    addressId: number | null;
  },
): Promise<ChangeResult> {
  const addressId = await keepInAddressBook(db, input);
  return setSubscriptionAddress(db, input.customerId, input.subscriptionId, {
    ...input.address,
    verificationStatus: input.verificationStatus,
    addressId,
  });
}

/**
 * The chosen saved address, or the same address already in the book, takes what will be shipped to; otherwise the
 * address is added (the first becomes primary). Mirrors the address step's book update, without a cart.
 */
async function keepInAddressBook(
  db: Database,
  input: {
    customerId: number;
    address: AddressInput;
    verificationStatus: VerificationStatus;
    addressId: number | null;
  },
): Promise<number> {
  const { customerId, address, verificationStatus } = input;
  let addressId = input.addressId;
  if (addressId === null) {
    const same = (await listAddresses(db, customerId)).find((saved) => addressesEqualForShipping(saved, address));
    addressId = same?.id ?? null;
  }
  if (addressId !== null) {
    const updated = await db
      .update(addresses)
      .set({ ...address, verificationStatus, updatedAt: new Date() })
      .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)))
      .returning({ id: addresses.id });
    if (updated.length > 0) return addressId;
  }
  const created = await createAddress(db, customerId, address);
  await db.update(addresses).set({ verificationStatus }).where(eq(addresses.id, created.id));
  return created.id;
}

// ---------------------------------------------------------------------------------------------------------
// The pending choice waits in the session's journey context under its own key (the address step's key belongs to
// the cart), naming the subscription it is for, until the choice is posted or another address is submitted.

const PENDING_KEY = "subscriptionAddressVerification";

const pendingSchema = z.object({
  subscriptionId: z.number().int().positive(),
  entry: z.object({
    firstName: z.string(),
    lastName: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.enum(COUNTRIES.map((country) => country.code) as [CountryCode, ...CountryCode[]]),
    phone: z.string().nullable(),
  }),
  suggestion: z.object({
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
  }),
  addressId: z.number().int().positive().nullable(),
});

function journeyRecord(session: StoreSession): Record<string, unknown> {
  const journey = session.get("journey");
  return journey && typeof journey === "object" ? journey : {};
}

/** The pending choice for this subscription, or null (none, unreadable, or for another subscription). */
export function pendingSubscriptionAddressOf(
  session: StoreSession,
  subscriptionId: number,
): PendingSubscriptionAddress | null {
  const parsed = pendingSchema.safeParse(journeyRecord(session)[PENDING_KEY]);
  return parsed.success && parsed.data.subscriptionId === subscriptionId ? parsed.data : null;
}

export function holdPendingSubscriptionAddress(session: StoreSession, pending: PendingSubscriptionAddress): void {
  session.set("journey", { ...journeyRecord(session), [PENDING_KEY]: pending });
}

export function clearPendingSubscriptionAddress(session: StoreSession): void {
  const journey = journeyRecord(session);
  if (!(PENDING_KEY in journey)) return;
  const { [PENDING_KEY]: _dropped, ...rest } = journey;
  session.set("journey", rest);
}

import { z } from "zod";
import type { AddressInput } from "~/models/address";
import { afterVerification, chosenAddress } from "~/models/address-verification";
import { ensureShippingName } from "~/models/shipping-name";
import { listAddresses } from "../accounts/addresses.server";
import {
  keepInAddressBook,
  pendingVerificationSchema,
  verifyWithTimeout,
  type AddressStepDeps,
  type PendingVerification,
  type VerificationStatus,
} from "../funnel/checkout-address.server";
import type { Database } from "../db/client.server";
import { journeyOf, updateJourney } from "../funnel/funnel.server";
import type { StoreSession } from "../platform/session.server";
import { setSubscriptionAddress, type ChangeResult } from "./subscriptions.server";

/**
 * A subscription's new shipping address, verified as the checkout's address step verifies it (spec 2 §4): the
 * shipping name ensured, the verifier asked within its timeout, and a suggestion that differs held for the
 * 'Verify your address' dialog. What is saved goes to the address book too (the same entry when the address is
 * already there), as checkout does, and then onto the subscription.
 */

/** The address step's pending choice, for one subscription. */
export interface PendingSubscriptionAddress extends PendingVerification {
  subscriptionId: number;
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
  const step = afterVerification(entry, outcome.kind === "suggestion" ? outcome.suggestion : null);
  if (step.kind === "choose") {
    const { subscriptionId, addressId } = input;
    return { kind: "choose", pending: { subscriptionId, entry, suggestion: step.suggestion, addressId } };
  }
  const { verificationStatus } = step;
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
    ...chosenAddress(pending, choice),
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

// ---------------------------------------------------------------------------------------------------------
// The pending choice waits in the session's journey context under its own key (the address step's key belongs to
// the cart), naming the subscription it is for, until the choice is posted or another address is submitted.

const pendingSchema = pendingVerificationSchema.extend({ subscriptionId: z.number().int().positive() });

/** The pending choice for this subscription, or null (none, unreadable, or for another subscription). */
export function pendingSubscriptionAddressOf(
  session: StoreSession,
  subscriptionId: number,
): PendingSubscriptionAddress | null {
  const parsed = pendingSchema.safeParse(journeyOf(session).subscriptionAddressVerification);
  return parsed.success && parsed.data.subscriptionId === subscriptionId ? parsed.data : null;
}

export function holdPendingSubscriptionAddress(session: StoreSession, pending: PendingSubscriptionAddress): void {
  updateJourney(session, { subscriptionAddressVerification: pending });
}

export function clearPendingSubscriptionAddress(session: StoreSession): void {
  if (journeyOf(session).subscriptionAddressVerification !== undefined) {
    updateJourney(session, { subscriptionAddressVerification: undefined });
  }
}

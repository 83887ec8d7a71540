import { and, eq } from "drizzle-orm";
import { z } from "zod";
import {
  COUNTRIES,
  isInternational,
  postalAddressSchema,
  shippingAddressProblem,
  type AddressInput,
  type CountryCode,
  type ShippingAddressProblem,
} from "~/models/address";
import { addressesEqualForShipping } from "~/models/address-standardize";
import {
  ADDRESS_VERIFY_TIMEOUT_MS,
  afterVerification,
  chosenAddress,
  withSuggestion,
  type AddressSuggestion,
  type VerificationStatus,
} from "~/models/address-verification";
import { ensureShippingName } from "~/models/shipping-name";
import type { AddressVerifier } from "../adapters/address-verification/address-verifier";
import { createAddress, listAddresses, type Address } from "../accounts/addresses.server";
import { CartVersionConflictError } from "../cart/cart-changes.server";
import { withCartLock } from "../cart/cart.server";
import type { Database, Executor, Transaction } from "../db/client.server";
import { addresses, carts, customers, type AddressSnapshot } from "../db/schema";
import type { Logger } from "../platform/logger.server";
import type { StoreSession } from "../platform/session.server";

/**
 * The address step's use cases (spec 2 §4 address verification, shipping name; spec 1 §5): verify an address
 * within the spec's timeout without ever blocking the order, hold a suggestion while the shopper chooses, and save
 * the choice to the cart and to the signed-in customer's address book.
 */

export type { VerificationStatus };

export type VerificationOutcome =
  | { kind: "suggestion"; suggestion: AddressSuggestion }
  | { kind: "unverified"; reason: "international" | "no-match" | "several-matches" | "error" | "timeout" };

const suggestionSchema = z.object({
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
});

/**
 * Asks the verifier for its matches, giving up after `ms` (spec 2 §9: 5000 ms). Non-US addresses are not sent
 * (spec: NeedsVerification with no call). An error, a malformed answer or a timeout gives no matches — the caller
 * goes on regardless. POST api/addresses/verify answers with these matches.
 */
export async function verificationMatches(
  verifier: AddressVerifier,
  address: AddressInput,
  ms = ADDRESS_VERIFY_TIMEOUT_MS,
  logger?: Pick<Logger, "warn">,
): Promise<
  | { kind: "matches"; matches: AddressSuggestion[] }
  | { kind: "unverified"; reason: "international" | "error" | "timeout" }
> {
  if (isInternational(address.country)) return { kind: "unverified", reason: "international" };
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), ms);
  });
  const unverified = (reason: "error" | "timeout", error?: unknown) => {
    logger?.warn({ reason, err: error }, "address verification gave no suggestion");
    return { kind: "unverified", reason } as const;
  };
  try {
    const { address1, address2, city, state, postalCode, country } = address;
    const answer = await Promise.race([
      verifier.verify({ address1, address2, city, state, postalCode, country }, { signal: controller.signal }),
      timeout,
    ]);
    if (answer === "timeout") {
      controller.abort();
      return unverified("timeout");
    }
    const matches = z.array(suggestionSchema).safeParse(answer?.matches);
    if (!matches.success) return unverified("error", matches.error);
    return { kind: "matches", matches: matches.data };
  } catch (error) {
    return unverified("error", error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checkout's verification: exactly one match is a suggestion; none, several (the spec's modal closes at once unless
 * exactly one match exists), an error, a malformed answer or a timeout leave the address unverified — the order
 * goes on regardless.
 */
export async function verifyWithTimeout(
  verifier: AddressVerifier,
  address: AddressInput,
  ms = ADDRESS_VERIFY_TIMEOUT_MS,
  logger?: Pick<Logger, "warn">,
): Promise<VerificationOutcome> {
  const found = await verificationMatches(verifier, address, ms, logger);
  if (found.kind === "unverified") return found;
  if (found.matches.length === 0) {
    logger?.warn({ reason: "no-match" }, "address verification gave no suggestion");
    return { kind: "unverified", reason: "no-match" };
  }
  if (found.matches.length > 1) {
    logger?.warn({ reason: "several-matches" }, "address verification gave no suggestion");
    return { kind: "unverified", reason: "several-matches" };
  }
  return { kind: "suggestion", suggestion: found.matches[0]! };
}

export { withSuggestion };

/**
 * Writes the cart's shipping address (a copy, with its verification status) under the cart's lock; with
 * `expectedVersion` (an API client's), only while the cart is still at that version (else CartVersionConflictError).
 */
export async function setCartShippingAddress(
  db: Database,
  cartId: string,
  snapshot: AddressSnapshot,
  expectedVersion: number | null = null,
): Promise<void> {
  await withCartLock(db, cartId, async (tx) => {
    if (expectedVersion !== null) await expectCartVersion(tx, cartId, expectedVersion);
    await tx.update(carts).set({ shippingAddress: snapshot }).where(eq(carts.id, cartId));
  });
}

/** Throws CartVersionConflictError unless the (locked) cart is still at the client's version. */
async function expectCartVersion(tx: Transaction, cartId: string, expectedVersion: number): Promise<void> {
  const [cart] = await tx.select({ version: carts.version }).from(carts).where(eq(carts.id, cartId));
  if (cart?.version !== expectedVersion) throw new CartVersionConflictError(cart?.version ?? 0);
}

/** The cart's shipping address as saved (null when none yet). */
export async function cartShippingAddress(db: Database, cartId: string): Promise<AddressSnapshot | null> {
  const [row] = await db.select({ shippingAddress: carts.shippingAddress }).from(carts).where(eq(carts.id, cartId));
  return row?.shippingAddress ?? null;
}

/** The account phone (digits), which fills in a saved address that has none (spec 1 §5). */
export async function accountPhone(db: Database, customerId: number): Promise<string | null> {
  const [row] = await db.select({ phone: customers.phone }).from(customers).where(eq(customers.id, customerId));
  return row?.phone ?? null;
}

export interface ShippableAddress {
  /** The address book entry as stored. */
  saved: Address;
  /** As it would ship: the account phone filled in when missing (spec 1 §5), the shipping name ensured. */
  address: AddressInput;
  /** Why it still cannot be shipped to, or null. */
  problem: ShippingAddressProblem | null;
}

/** The customer's address book (primary first), each entry as it would ship. */
export async function shippableAddressBook(
  db: Database,
  customer: { id: number; firstName: string; lastName: string },
): Promise<ShippableAddress[]> {
  const [book, phone] = await Promise.all([listAddresses(db, customer.id), accountPhone(db, customer.id)]);
  return book.map((saved) => {
    const { id: _id, isPrimary: _primary, verificationStatus: _status, ...fields } = saved;
    const withPhone = fields.phone ? fields : { ...fields, phone };
    const address = ensureShippingName(withPhone, book, customer);
    return { saved, address, problem: shippingAddressProblem(address) };
  });
}

/**
 * Saves the shipping address to the customer's address book — the chosen saved address, or the same address
 * already in the book, or a new one (the first becomes primary) — and then to the cart. A book entry takes what
 * was shipped to (a suggestion taken, a name or phone filled in), so the book and the cart agree.
 */
export async function saveShippingAddress(
  db: Database,
  input: {
    cartId: string;
    customerId: number;
    address: AddressInput;
    verificationStatus: VerificationStatus;
    /** The saved address the shopper chose, if any. */
    addressId: number | null;
    /** An API client's cart version (the cart must still be at it); null or absent: not checked. */
    expectedVersion?: number | null;
  },
): Promise<AddressSnapshot> {
  const { address, verificationStatus } = input;
  const expectedVersion = input.expectedVersion ?? null;
  // One transaction under the cart's lock: a cart that moved past the client's version leaves the address book as
  // it was (nothing half-saved).
  return withCartLock(db, input.cartId, async (tx) => {
    if (expectedVersion !== null) await expectCartVersion(tx, input.cartId, expectedVersion);
    const addressId = await keepInAddressBook(tx, input);
    const snapshot: AddressSnapshot = { ...address, verificationStatus, addressId };
    await tx.update(carts).set({ shippingAddress: snapshot }).where(eq(carts.id, input.cartId));
    return snapshot;
  });
}

/**
 * The chosen saved address, or the same address already in the book, takes what will be shipped to; otherwise the
 * address is added (the first becomes primary). Returns the book entry's id.
 */
export async function keepInAddressBook(
  db: Executor,
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

/** What the session holds while the 'Verify your address' dialog is open (the address step's or a subscription's). */
export const pendingVerificationSchema = z.object({
  entry: postalAddressSchema.extend({
    country: z.enum(COUNTRIES.map((country) => country.code) as [CountryCode, ...CountryCode[]]),
  }),
  suggestion: suggestionSchema,
  addressId: z.number().int().positive().nullable(),
});
export interface PendingVerification {
  /** The entered address, its shipping name already ensured. */
  entry: AddressInput;
  suggestion: AddressSuggestion;
  /** The saved address it came from, if any. */
  addressId: number | null;
}

/**
 * The pending choice lives in the cookie session's journey context (key `addressVerification`), not a flash: the
 * dialog's page may be loaded more than once (reload, back) before the choice is posted. It is cleared when the
 * choice is saved or another address is submitted.
 */
const PENDING_KEY = "addressVerification";

function journeyRecord(session: StoreSession): Record<string, unknown> {
  const journey = session.get("journey");
  return journey && typeof journey === "object" ? journey : {};
}

export function pendingVerificationOf(session: StoreSession): PendingVerification | null {
  const parsed = pendingVerificationSchema.safeParse(journeyRecord(session)[PENDING_KEY]);
  return parsed.success ? parsed.data : null;
}

export function holdPendingVerification(session: StoreSession, pending: PendingVerification): void {
  session.set("journey", { ...journeyRecord(session), [PENDING_KEY]: pending });
}

export function clearPendingVerification(session: StoreSession): void {
  const journey = journeyRecord(session);
  if (!(PENDING_KEY in journey)) return;
  const { [PENDING_KEY]: _dropped, ...rest } = journey;
  session.set("journey", rest);
}

export interface AddressStepDeps {
  db: Database;
  verifier: AddressVerifier;
  logger?: Pick<Logger, "warn">;
  timeoutMs?: number;
}

export type SubmitOutcome =
  { kind: "saved"; snapshot: AddressSnapshot } | { kind: "choose"; pending: PendingVerification };

/**
 * A submitted shipping address (new, or a saved one): ensure the shipping name, verify, then either save it
 * (no suggestion: NeedsVerification; a suggestion equal for shipping: Verified) or hand back the choice for the
 * 'Verify your address' dialog when the suggestion differs from the entry.
 */
export async function submitShippingAddress(
  deps: AddressStepDeps,
  input: {
    cartId: string;
    customer: { id: number; firstName: string; lastName: string };
    address: AddressInput;
    addressId: number | null;
  },
): Promise<SubmitOutcome> {
  const book: Address[] = await listAddresses(deps.db, input.customer.id);
  const entry = ensureShippingName(input.address, book, input.customer);
  const outcome = await verifyWithTimeout(deps.verifier, entry, deps.timeoutMs, deps.logger);
  const step = afterVerification(entry, outcome.kind === "suggestion" ? outcome.suggestion : null);
  if (step.kind === "choose") {
    return { kind: "choose", pending: { entry, suggestion: step.suggestion, addressId: input.addressId } };
  }
  const snapshot = await saveShippingAddress(deps.db, {
    cartId: input.cartId,
    customerId: input.customer.id,
    address: entry,
    verificationStatus: step.verificationStatus,
    addressId: input.addressId,
  });
  return { kind: "saved", snapshot };
}

/** The dialog's answer: the suggestion is Verified, the entry as typed is CustomerVerified (spec 2 §4). */
export async function confirmVerifiedAddress(
  db: Database,
  input: { cartId: string; customerId: number; pending: PendingVerification; choice: "entered" | "suggested" },
): Promise<AddressSnapshot> {
  const { pending, choice } = input;
  return saveShippingAddress(db, {
    cartId: input.cartId,
    customerId: input.customerId,
    ...chosenAddress(pending, choice),
    addressId: pending.addressId,
  });
}

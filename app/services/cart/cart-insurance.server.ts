import { and, eq, gte, isNotNull, ne, sql } from "drizzle-orm";
import { DELETED_CODE } from "~/models/order-status";
import {
  allowanceLeft,
  appliableBenefit,
  appliedBenefitOf,
  INSURANCE_CART_MESSAGES,
  offerStands,
  type AppliedInsuranceBenefit,
} from "~/models/insurance";
import type { Database, Executor } from "../db/client.server";
import { carts, orders } from "../db/schema";
import { readBenefitSearch, verifyDateOfBirth } from "../insurance/benefit-search.server";
import type { AppServices } from "../platform/context.server";
import { withCartLock } from "./cart.server";

/**
 * Insurance benefits on a cart (spec 3 §4 "applying and removing", decision 54). A benefit is applied only from
 * what the provider said: a search's result read again by its token (the token is the shopper's capability), or the
 * passive search's offer once the member's date of birth is verified. The cart keeps the applied benefit (no name,
 * no date of birth); pricing turns it into insuranceBenefitsTotal and the Insurance_Customer group, and drops the
 * cart's rebates while it stands. Removing it clears both.
 */

type Services = Pick<AppServices, "db" | "insurance" | "logger">;

export type ApplyOutcome =
  | { ok: true; applied: AppliedInsuranceBenefit }
  | { ok: false; reason: "not-appliable" | "not-verified" | "too-many"; message: string };

const refused = (reason: "not-appliable" | "not-verified" | "too-many"): ApplyOutcome => ({
  ok: false,
  reason,
  message:
    reason === "not-verified"
      ? INSURANCE_CART_MESSAGES.notVerified
      : reason === "too-many"
        ? INSURANCE_CART_MESSAGES.tooMany
        : INSURANCE_CART_MESSAGES.notAppliable,
});

/** Applies a benefit found by a search (read again by its token, so only what the provider answered applies). */
export async function applyBenefitFromSearch(
  services: Services,
  cartId: string,
  input: { searchToken: string; benefitId: string },
  now: Date = new Date(),
): Promise<ApplyOutcome> {
  const benefit = appliableBenefit(await readBenefitSearch(services, input.searchToken), input.benefitId);
  if (!benefit) return refused("not-appliable");
  const applied = appliedBenefitOf(benefit, now);
  await putBenefit(services.db, cartId, applied);
  return { ok: true, applied };
}

/**
 * Applies the passive search's offer: it must still stand on this cart and name this benefit, and the member's date
 * of birth must verify with the provider (the passive search had none). The date is compared and dropped.
 */
export async function applyOfferedBenefit(
  services: Services,
  cartId: string,
  input: { benefitId: string; dateOfBirth: string | null; clientIp: string },
  now: Date = new Date(),
): Promise<ApplyOutcome> {
  const [row] = await services.db
    .select({ offer: carts.insuranceOffer })
    .from(carts)
    .where(eq(carts.id, cartId))
    .limit(1);
  const offer = row?.offer ?? null;
  if (!offerStands(offer, now) || offer.benefitId !== input.benefitId) return refused("not-appliable");
  const outcome = await verifyDateOfBirth(services, input);
  if (outcome === "too-many") return refused("too-many");
  if (outcome !== "verified") return refused(outcome === "no-benefit" ? "not-appliable" : "not-verified");
  const applied: AppliedInsuranceBenefit = {
    benefitId: offer.benefitId,
    insuranceBenefitAmount: offer.remainingAllowance,
    // The passive search keeps only a Success (a coinsurance benefit is ContactUs on the default path).
    isCoinsurance: false,
    planName: offer.planName,
    provider: offer.provider,
    isOneTimeUse: offer.isOneTimeUse ?? false,
    // The allowance the offer holds was read when the passive search ran.
    appliedAt: offer.foundAt,
  };
  await putBenefit(services.db, cartId, applied);
  return { ok: true, applied };
}

/**
 * The benefit applied to a customer's cart as another order of theirs takes it (the rapid reorder, decision 65): what
 * is left of it now, after this store's orders since it was applied, counted from now on; null when the cart (theirs)
 * has none, or nothing of it is left.
 */
export async function benefitForAnotherOrder(
  db: Database,
  customerId: number,
  cartId: string | null,
  now: Date = new Date(),
): Promise<AppliedInsuranceBenefit | null> {
  if (!cartId) return null;
  const [row] = await db
    .select({ applied: carts.insuranceBenefit })
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.customerId, customerId)))
    .limit(1);
  const applied = row?.applied ?? null;
  if (!applied) return null;
  const left = await db.transaction((tx) => benefitLeftForOrder(tx, applied));
  return left > 0 ? { ...applied, insuranceBenefitAmount: left, appliedAt: now.toISOString() } : null;
}

/** Puts a benefit the customer applied to their cart on the cart of another order of theirs (the rapid reorder's). */
export async function carryBenefit(db: Database, cartId: string, benefit: AppliedInsuranceBenefit) {
  await putBenefit(db, cartId, benefit);
}

/** Puts the benefit on the cart (one benefit: a new one replaces the old); the offer, if any, is used up. */
async function putBenefit(db: Database, cartId: string, applied: AppliedInsuranceBenefit) {
  await withCartLock(db, cartId, (tx) =>
    tx.update(carts).set({ insuranceBenefit: applied, insuranceOffer: null }).where(eq(carts.id, cartId)),
  );
}

/**
 * Removes the cart's benefit (all of them, or those named), which clears insuranceBenefitsTotal and the insurance
 * customer group. Whether one was removed.
 */
export async function removeBenefits(db: Database, cartId: string, benefitIds?: readonly string[]): Promise<boolean> {
  return withCartLock(db, cartId, async (tx) => {
    const [row] = await tx.select({ applied: carts.insuranceBenefit }).from(carts).where(eq(carts.id, cartId));
    const applied = row?.applied ?? null;
    if (!applied || (benefitIds && !benefitIds.includes(applied.benefitId))) return false;
    await tx.update(carts).set({ insuranceBenefit: null }).where(eq(carts.id, cartId));
    return true;
  });
}

/**
 * What is left of the cart's benefit for the order being placed (decision 54): the allowance the provider gave when it
 * was applied, less what this store's orders took from the same benefit since (they are not in the provider's answer
 * yet; a cancelled order took nothing). Takes the benefit's lock for the rest of the transaction, so two carts
 * placing orders with one member's benefit at the same moment are counted one after the other.
 */
export async function benefitLeftForOrder(tx: Executor, applied: AppliedInsuranceBenefit): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`insurance-benefit:${applied.benefitId}`}))`);
  const uses = await tx
    .select({ amountCents: sql<number>`(${orders.insuranceBenefit}->>'amountCents')::int` })
    .from(orders)
    .where(
      and(
        isNotNull(orders.insuranceBenefit),
        sql`${orders.insuranceBenefit}->>'benefitId' = ${applied.benefitId}`,
        gte(orders.createdAt, new Date(applied.appliedAt ?? 0)),
        ne(orders.statusCode, DELETED_CODE),
      ),
    );
  return allowanceLeft(
    applied,
    uses.map((use) => use.amountCents),
  );
}

/**
 * After an order was refused because the benefit had less left than the cart counted on: the cart keeps what is left
 * (read as of now), or drops the benefit when nothing is, so the shopper reviews the new total before placing again.
 */
export async function shrinkBenefit(db: Database, cartId: string, left: number, now: Date = new Date()) {
  await withCartLock(db, cartId, async (tx) => {
    const [row] = await tx.select({ applied: carts.insuranceBenefit }).from(carts).where(eq(carts.id, cartId));
    const applied = row?.applied ?? null;
    if (!applied) return;
    await tx
      .update(carts)
      .set({
        insuranceBenefit: left > 0 ? { ...applied, insuranceBenefitAmount: left, appliedAt: now.toISOString() } : null,
      })
      .where(eq(carts.id, cartId));
  });
}

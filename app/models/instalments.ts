import { formatCents } from "./catalog";
import { PAY_IN_4_NAME } from "./payment-methods";

/**
 * Paying in instalments (spec 3 §4 Pay-later and instalments, §9): a total splits into 4 payments, each rounded up to
 * the cent, in USD. Pure; whether instalments are offered (the switch, subscriptions, specialty lenses) is decided by
 * the payment options.
 */
export const INSTALMENT_COUNT = 4;
export const INSTALMENT_CURRENCY = "USD";

export interface InstalmentPlan {
  count: typeof INSTALMENT_COUNT;
  /** Each payment, in cents: the total divided by 4, rounded up to the cent. */
  amountCents: number;
  currency: typeof INSTALMENT_CURRENCY;
}

/** The plan for a total in cents, or null for a total that is not a positive whole number of cents. */
export function instalmentPlan(totalCents: number): InstalmentPlan | null {
  if (!Number.isSafeInteger(totalCents) || totalCents <= 0) return null;
  return {
    count: INSTALMENT_COUNT,
    amountCents: Math.ceil(totalCents / INSTALMENT_COUNT),
    currency: INSTALMENT_CURRENCY,
  };
}

/** "or 4 payments of $12.38 with Afterpay", or null when there is no plan for the total. */
export function instalmentNote(totalCents: number): string | null {
  const plan = instalmentPlan(totalCents);
  return plan ? `or ${plan.count} payments of ${formatCents(plan.amountCents)} with ${PAY_IN_4_NAME}` : null;
}

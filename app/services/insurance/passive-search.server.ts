import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import {
  INSURANCE_OFFER_LIFETIME_MS,
  insuranceZip,
  PASSIVE_SEARCH_INTERVAL_SECONDS,
  PASSIVE_SEARCH_MAX_PATIENTS,
  passiveSearchKeeps,
  type InsuranceOffer,
} from "~/models/insurance";
import type { Executor } from "../db/client.server";
import { addresses, carts, patients } from "../db/schema";
import type { AppServices } from "../platform/context.server";
import type { Logger } from "../platform/logger.server";
import { awaitBenefitSearch } from "./benefit-search.server";
import { eligibilityNamed } from "./eligibility-choice.server";

/**
 * The passive insurance search (spec 3 §4, decision 54): for a signed-in customer with patients and US ZIP codes
 * whose cart has no benefit, a background search per patient (most recent first, at most
 * PASSIVE_SEARCH_MAX_PATIENTS) by name and ZIPs. The store keeps no date of birth, so the search has none; the cart
 * asks for it (and verifies it) before applying what was found. A result is kept only when the search succeeded with
 * some benefit whose remaining allowance is above 0, as the cart's offer for INSURANCE_OFFER_LIFETIME_MS.
 *
 * It runs as a job (off the request path: polling takes up to 24 s). The cart page asks for it; the queue keeps one
 * per customer in PASSIVE_SEARCH_INTERVAL_SECONDS (the spec's 2 s debounce is a typing browser's; this is its
 * server-side bound). The same queue's hourly run sweeps expired offers and searches.
 */

type Services = Pick<AppServices, "db" | "insurance" | "logger">;

/** A customer's passive search; `eligibility` names the visitor's eligibility service (decision 65; none: the default). */
export interface PassiveSearchInput {
  customerId: number;
  cartId: string;
  eligibility?: string | null;
}

export type PassiveSearchSender = (input: PassiveSearchInput) => Promise<void>;

let sender: PassiveSearchSender | null = null;

/** The job queue registers its sender here (the composition root); the returned function unregisters it. */
export function registerPassiveSearchSender(send: PassiveSearchSender): () => void {
  sender = send;
  return () => {
    if (sender === send) sender = null;
  };
}

/** The queue's singleton options for a customer's passive search: one per customer in the interval. */
export const passiveSearchSingleton = (customerId: number) => ({
  singletonKey: `customer:${customerId}`,
  singletonSeconds: PASSIVE_SEARCH_INTERVAL_SECONDS,
});

/** Asks for a customer's passive search. Never throws: a lost request only means no offer this time. */
export async function queuePassiveSearch(logger: Logger, input: PassiveSearchInput) {
  if (!sender) return;
  try {
    await sender(input);
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.name : "unknown" }, "passive insurance search not queued");
  }
}

export type PassiveOutcome = "kept" | "none" | "skipped";

/** Runs one customer's passive search for their cart; "skipped" when the rule says it should not run. */
export async function runPassiveSearch(
  services: Services,
  input: { customerId: number; cartId: string },
  options: { wait?: (ms: number) => Promise<void>; now?: () => Date } = {},
): Promise<PassiveOutcome> {
  const now = options.now ?? (() => new Date());
  const { db } = services;
  const [cart] = await db
    .select({ benefit: carts.insuranceBenefit })
    .from(carts)
    .where(and(eq(carts.id, input.cartId), eq(carts.customerId, input.customerId)))
    .limit(1);
  if (!cart || cart.benefit) return "skipped";
  const [people, places] = await Promise.all([
    db
      .select({ firstName: patients.firstName, lastName: patients.lastName })
      .from(patients)
      .where(eq(patients.customerId, input.customerId))
      .orderBy(desc(patients.updatedAt), desc(patients.id))
      .limit(PASSIVE_SEARCH_MAX_PATIENTS),
    db
      .select({ postalCode: addresses.postalCode })
      .from(addresses)
      .where(and(eq(addresses.customerId, input.customerId), eq(addresses.country, "US"))),
  ]);
  const postalCodes = [
    ...new Set(places.map((place) => insuranceZip(place.postalCode)).filter((zip) => zip !== null)),
  ].slice(0, 5);
  if (people.length === 0 || postalCodes.length === 0) return "skipped";

  for (const person of people) {
    let searchToken: string;
    try {
      ({ searchToken } = await services.insurance.startSearch({
        firstName: person.firstName,
        lastName: person.lastName,
        postalCodes,
        dateOfBirth: null,
        providers: [],
      }));
    } catch {
      // A provider that fails to start a search: logged by status only, and the next patient is tried.
      services.logger.warn({ provider: services.insurance.name, call: "start" }, "passive insurance search failed");
      continue;
    }
    const kept = passiveSearchKeeps(await awaitBenefitSearch(services, searchToken, { wait: options.wait }));
    if (!kept) continue;
    const offer: InsuranceOffer = {
      benefitId: kept.benefitId,
      planName: kept.planName,
      provider: kept.provider,
      remainingAllowance: kept.remainingAllowance,
      isOneTimeUse: kept.isOneTimeUse,
      foundAt: now().toISOString(),
      patientName: `${person.firstName} ${person.lastName}`,
      expiresAt: new Date(now().getTime() + INSURANCE_OFFER_LIFETIME_MS).toISOString(),
    };
    // Only while the cart still has no benefit (the shopper may have applied one meanwhile).
    await db
      .update(carts)
      .set({ insuranceOffer: offer })
      .where(and(eq(carts.id, input.cartId), isNull(carts.insuranceBenefit)));
    return "kept";
  }
  return "none";
}

/**
 * Signing out resets the passive search (spec 3 §4): the offer on the cart the browser leaves goes, so the plan and
 * patient it names are not shown again unasked; the next signed-in cart view asks for a new search.
 */
export async function resetPassiveSearch(db: Executor, cartId: string): Promise<void> {
  await db
    .update(carts)
    .set({ insuranceOffer: null })
    .where(and(eq(carts.id, cartId), isNotNull(carts.insuranceOffer)));
}

/** Removes offers past their expiry and the provider's expired searches. */
export async function sweepInsurance(services: Services, now: Date = new Date()) {
  const offers = await services.db
    .update(carts)
    .set({ insuranceOffer: null })
    .where(
      and(
        isNotNull(carts.insuranceOffer),
        sql`(${carts.insuranceOffer}->>'expiresAt')::timestamptz <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: carts.id });
  const searches = await services.insurance.forgetExpired(now);
  return { offers: offers.length, searches };
}

/**
 * The queue's handler: a customer's search when the job names one (on the eligibility service it names: an unknown
 * name is logged and the default searches), else the sweep.
 */
export async function passiveSearchJob(services: Services & Pick<AppServices, "insuranceAlternates">, data: unknown) {
  const { customerId, cartId, eligibility } = (data ?? {}) as {
    customerId?: unknown;
    cartId?: unknown;
    eligibility?: unknown;
  };
  if (typeof customerId === "number" && Number.isSafeInteger(customerId) && typeof cartId === "string") {
    const insurance = eligibilityNamed(services, typeof eligibility === "string" ? eligibility : null);
    return { outcome: await runPassiveSearch({ ...services, insurance }, { customerId, cartId }) };
  }
  return sweepInsurance(services);
}

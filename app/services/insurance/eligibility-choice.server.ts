import type { RouterContextProvider } from "react-router";
import { firstAction } from "~/models/experiments/actions";
import type { EligibilityService } from "../adapters/insurance/eligibility-service";
import { servicesContext, visitorContext, type AppServices, type Visitor } from "../platform/context.server";

/**
 * Which eligibility service answers a visitor's insurance calls (decision 65): the one the visitor's
 * `insurance_provider` campaign action names (the storefront platform insurance campaign's path A: spec 3 §7, §9),
 * else the default. A name no service has falls back to the default and is logged: a content mistake never fails a
 * shopper's search. A visitor's variation hangs on the visitor id, so a search started on one service is read,
 * applied and verified on the same one.
 */

type ChoiceServices = Pick<AppServices, "insurance" | "insuranceAlternates" | "logger">;

/** The eligibility service of a name (null: the default); an unknown name gives the default, logged. */
export function eligibilityNamed(services: ChoiceServices, name: string | null | undefined): EligibilityService {
  if (!name || name === services.insurance.name) return services.insurance;
  const named = Object.hasOwn(services.insuranceAlternates, name) ? services.insuranceAlternates[name] : undefined;
  if (named) return named;
  services.logger.warn(
    { provider: name.slice(0, 60), fallback: services.insurance.name },
    "insurance_provider names no eligibility service; the default answers",
  );
  return services.insurance;
}

/** The name the visitor's campaigns give (null: none; the default answers). */
export function requestedEligibility(visitor: Pick<Visitor, "campaignActions">): string | null {
  return firstAction(visitor.campaignActions, "insurance_provider")?.provider ?? null;
}

/** The services a visitor's insurance calls run with: `insurance` is the visitor's eligibility service. */
export function insuranceServicesFor<S extends ChoiceServices>(
  services: S,
  visitor: Pick<Visitor, "campaignActions">,
): S {
  const insurance = eligibilityNamed(services, requestedEligibility(visitor));
  return insurance === services.insurance ? services : { ...services, insurance };
}

/** The request's services with its visitor's eligibility service (the insurance API's routes). */
export function visitorInsuranceServices(context: Readonly<RouterContextProvider>): AppServices {
  return insuranceServicesFor(context.get(servicesContext), context.get(visitorContext));
}

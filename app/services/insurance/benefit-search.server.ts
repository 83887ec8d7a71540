import {
  DEFAULT_CAMPAIGN_PATH,
  INSURANCE_POLL_DELAYS_MS,
  INSURANCE_VERIFY_LIMITS,
  isPollingDone,
  mapSearchResult,
  statusAfterLastPoll,
  statusOfFailure,
  type InsuranceCampaignPath,
  type SearchCriteria,
  type SearchResult,
  type SearchStatus,
} from "~/models/insurance";
import { EligibilityFailure } from "../adapters/insurance/eligibility-service";
import type { AppServices } from "../platform/context.server";
import { consumeRateLimit, type RateLimitRule } from "../platform/rate-limit.server";

/**
 * Insurance benefit search (spec 3 §4, issue 27): the store's side of the eligibility adapter. Provider failures are
 * logged (their HTTP status only) and become a status (a 404 NotFound, any other Error), never a 500. Nothing here
 * logs or keeps a date of birth or SSN digits: they go to the provider and are dropped (decision 52).
 */

type Services = Pick<AppServices, "insurance" | "logger">;

export type StartedSearch =
  { searchToken: string; searchStatus: "Pending" } | { searchToken: null; searchStatus: SearchStatus };

/** Starts a member benefit search; a provider that fails gives no token and the failure's status. */
export async function startBenefitSearch(services: Services, criteria: SearchCriteria): Promise<StartedSearch> {
  try {
    const { searchToken } = await services.insurance.startSearch({
      firstName: criteria.firstName,
      lastName: criteria.lastName,
      postalCodes: criteria.postalCodes,
      dateOfBirth: criteria.dateOfBirth,
      providers: criteria.providers,
    });
    return { searchToken, searchStatus: "Pending" };
  } catch (error) {
    return { searchToken: null, searchStatus: failureStatus(services, error, "start") };
  }
}

/** The search's result so far, mapped (statuses, CONTACT_LENS only, coinsurance on the campaign path). */
export async function readBenefitSearch(
  services: Services,
  searchToken: string,
  campaignPath: InsuranceCampaignPath = DEFAULT_CAMPAIGN_PATH,
): Promise<SearchResult> {
  try {
    return mapSearchResult(await services.insurance.readSearch(searchToken), campaignPath);
  } catch (error) {
    return { searchStatus: failureStatus(services, error, "read"), insuranceBenefits: [] };
  }
}

/**
 * Polls a search on the schedule (INSURANCE_POLL_DELAYS_MS) until it is no longer pending or a benefit succeeded;
 * still Pending after the last poll is NotFound. For work off the request path (the passive search's job).
 */
export async function awaitBenefitSearch(
  services: Services,
  searchToken: string,
  options: { wait?: (ms: number) => Promise<void>; campaignPath?: InsuranceCampaignPath } = {},
): Promise<SearchResult> {
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let result: SearchResult = { searchStatus: "Pending", insuranceBenefits: [] };
  for (const delay of INSURANCE_POLL_DELAYS_MS) {
    if (delay > 0) await wait(delay);
    result = await readBenefitSearch(services, searchToken, options.campaignPath);
    if (isPollingDone(result)) return result;
  }
  return { ...result, searchStatus: statusAfterLastPoll(result.searchStatus) };
}

/** Limits on guessing a member's date of birth or SSN digits: per benefit and per client address. */
export function verificationLimits(kind: "dob" | "ssn", benefitId: string, clientIp: string): RateLimitRule[] {
  const { perBenefit, perIp, windowSeconds } = INSURANCE_VERIFY_LIMITS;
  return [
    { bucket: `insurance-${kind}:benefit:${benefitId}`, limit: perBenefit, windowSeconds },
    { bucket: `insurance-${kind}:ip:${clientIp}`, limit: perIp, windowSeconds },
  ];
}

export type VerifyOutcome = "verified" | "not-verified" | "no-benefit" | "too-many";

/** Whether the date of birth is the benefit's member's; an unparsable date (null) verifies nothing. */
export async function verifyDateOfBirth(
  services: Services & Pick<AppServices, "db">,
  input: { benefitId: string; dateOfBirth: string | null; clientIp: string },
): Promise<VerifyOutcome> {
  if (!(await consumeRateLimit(services.db, verificationLimits("dob", input.benefitId, input.clientIp)))) {
    return "too-many";
  }
  try {
    if (input.dateOfBirth === null) {
      return (await services.insurance.benefitName(input.benefitId)) === null ? "no-benefit" : "not-verified";
    }
    const verified = await services.insurance.verifyDateOfBirth(input.benefitId, input.dateOfBirth);
    return verified === null ? "no-benefit" : verified ? "verified" : "not-verified";
  } catch (error) {
    failureStatus(services, error, "verify date of birth");
    return "not-verified";
  }
}

export type CoverageOutcome = "updated" | "refused" | "no-benefit" | "too-many";

/** Sends the subscriber's last four SSN digits for a coverage; a provider failure is a refusal. */
export async function updateCoverage(
  services: Services & Pick<AppServices, "db">,
  input: { benefitId: string; subscriberLastFourSsn: string; clientIp: string },
): Promise<CoverageOutcome> {
  if (!(await consumeRateLimit(services.db, verificationLimits("ssn", input.benefitId, input.clientIp)))) {
    return "too-many";
  }
  try {
    const accepted = await services.insurance.updateCoverage(input.benefitId, input.subscriberLastFourSsn);
    return accepted === null ? "no-benefit" : accepted ? "updated" : "refused";
  } catch (error) {
    failureStatus(services, error, "update coverage");
    return "refused";
  }
}

/** The benefit's name (its plan), or null when the provider knows no such benefit or fails. */
export async function insuranceBenefitName(services: Services, benefitId: string): Promise<string | null> {
  try {
    return await services.insurance.benefitName(benefitId);
  } catch (error) {
    failureStatus(services, error, "benefit name");
    return null;
  }
}

/** Logs a provider failure (its status and call, nothing the shopper typed) and gives its status. */
function failureStatus(services: Services, error: unknown, call: string): SearchStatus {
  const httpStatus = error instanceof EligibilityFailure ? error.httpStatus : null;
  const status = statusOfFailure(httpStatus);
  services.logger.warn({ provider: services.insurance.name, call, httpStatus, status }, "insurance provider failed");
  return status;
}
